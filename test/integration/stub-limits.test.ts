import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, startTestServer } from '../support/mock-fetch.ts';

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const stub = (
  name: string,
  pattern: object = { operationId: 'createPlant' },
  priority?: number,
) => ({
  pattern,
  response: { status: 200, body: { name } },
  ...(priority === undefined ? {} : { priority }),
});

describe('stub limits', () => {
  it('refuses a stub past --session-stub-limit with a 400 naming the flag', async () => {
    const mock = (server = await startTestServer({ sessionStubLimit: 2 }));
    expect((await admin(mock, '/stubs', { body: stub('a') })).status).toBe(201);
    expect((await admin(mock, '/stubs', { body: stub('b') })).status).toBe(201);
    const refused = await admin(mock, '/stubs', { body: stub('c') });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 400,
      message: expect.stringContaining('--session-stub-limit') as string,
    });
    // Another session has its own room; a removed stub makes room again.
    expect((await admin(mock, '/stubs', { body: stub('c'), session: 'other' })).status).toBe(201);
    await admin(mock, '/stubs', { method: 'DELETE' });
    expect((await admin(mock, '/stubs', { body: stub('c') })).status).toBe(201);
  });

  it('refuses a stub past --stub-limit over all sessions with a 400 naming the flag', async () => {
    const mock = (server = await startTestServer({ stubLimit: 3 }));
    for (const session of ['a', 'b', 'c']) {
      expect((await admin(mock, '/stubs', { body: stub(session), session })).status).toBe(201);
    }
    const refused = await admin(mock, '/stubs', { body: stub('d'), session: 'd' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: expect.stringContaining('--stub-limit') as string,
    });
    expect((await admin(mock, '/health')).body).toMatchObject({ stubs: 3 });
  });

  it('refuses a stub larger than --stub-size-limit with a 413 naming the flag', async () => {
    const mock = (server = await startTestServer({ stubSizeLimit: '1kb' }));
    const refused = await admin(mock, '/stubs', { body: stub('x'.repeat(2_000)) });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      error: 413,
      message: expect.stringContaining('--stub-size-limit') as string,
    });
    expect((await admin(mock, '/stubs')).body).toEqual({ stubs: [] });
    expect((await admin(mock, '/stubs', { body: stub('x'.repeat(500)) })).status).toBe(201);
  });

  it('answers with the best stub whether it was registered by path, operation, method or nothing', async () => {
    const mock = (server = await startTestServer());
    const body = { id: 1, name: 'Fern' };
    const answer = async () => ((await createPlant(mock, body)).body as { name: string }).name;
    await admin(mock, '/stubs', { body: stub('by path', { path: '/plants' }) });
    expect(await answer()).toBe('by path');
    await admin(mock, '/stubs', { body: stub('by operation') });
    expect(await answer()).toBe('by operation'); // newest among equal priorities
    await admin(mock, '/stubs', { body: stub('by method', { method: 'post' }, 7) });
    expect(await answer()).toBe('by operation'); // a higher number loses
    await admin(mock, '/stubs', { body: stub('anything', {}, 1) });
    expect(await answer()).toBe('anything');
    const elsewhere = {
      ...stub('other path', { path: '/plants/1' }, 1),
      allowContractViolation: true,
    };
    expect((await admin(mock, '/stubs', { body: elsewhere })).status).toBe(201);
    expect(await answer()).toBe('anything');
    const listed = (await admin(mock, '/stubs')).body as {
      stubs: { response: { body: { name: string } } }[];
    };
    expect(listed.stubs.map((s) => s.response.body.name)).toEqual([
      'other path',
      'anything',
      'by operation',
      'by path',
      'by method',
    ]);
  });
});
