import fc from 'fast-check';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchLoopHolds } from '../../bench/loop-holds.ts';
import type { Recording } from '../../src/interactions/recording-of.ts';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';
import { plantStore, startProvider, type RunningProvider } from '../support/plant-provider.ts';

// GET /__admin/recording under hostile query strings and over a journal of many big exchanges,
// with mock requests going on. The mock runs in this process, so that the test sees its loop.
describe('GET /__admin/recording, attacked', () => {
  const exchanges = 1_000;
  let provider: RunningProvider;
  let mock: RunningMockServer;
  beforeAll(async () => {
    provider = await startProvider(plantStore);
    mock = await startTestServer({ upstream: provider.url });
    let next = 0;
    const name = 'x'.repeat(15_000);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < exchanges) {
          const id = ++next;
          await createPlant(mock, { id, name: `${name}${id}` }, { 'x-mock-session': 'rec' });
        }
      }),
    );
    await admin(mock, '/health');
  }, 180_000);
  afterAll(async () => {
    await mock.close();
    await provider.close();
  });

  it('answers any query string with the recording or a 400 naming what is wrong, never a 5xx', async () => {
    const part = fc.oneof(
      fc.constantFrom('session', 'session[]', 'session[a]', '__proto__', 'constructor'),
      fc.string({ maxLength: 20 }),
    );
    const query = fc.array(fc.tuple(part, fc.oneof(part, fc.string({ maxLength: 300 }))), {
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const search = new URLSearchParams(pairs).toString();
        const answer = await send(`${mock.adminUrl}/recording?${search}`, {
          signal: AbortSignal.timeout(30_000),
        });
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) {
          expect(answer.body).toMatchObject({
            error: 400,
            message: expect.stringMatching(/session/) as unknown,
          });
        } else {
          expect(answer.body).toMatchObject({ stubs: expect.any(Array) as unknown });
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  // Before, a repeated ?session= named no session and the default one's recording came back.
  it('refuses a session given twice rather than answer for the default session', async () => {
    const answer = await admin(mock, '/recording?session=rec&session=other');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 400,
      message: expect.stringContaining('2 times') as unknown,
    });
  });

  it('writes 1,000 stubs of 15 KB bodies a piece at a time while mock requests go on', async () => {
    const holds = watchLoopHolds();
    const state = { done: false };
    let answered = 0;
    const traffic = (async () => {
      for (let i = 0; i < 1_000 && !state.done; i++) {
        await createPlant(mock, { id: 50_000 + i, name: 'Fern' }, { 'x-mock-session': 'other' });
        answered++;
      }
    })();
    const answer = await fetch(`${mock.adminUrl}/recording?session=rec`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    const answeredMeanwhile = answered;
    state.done = true;
    await traffic;
    holds.stop();
    expect(answer.status).toBe(200);
    const recording = JSON.parse(bytes.toString('utf8')) as Recording;
    expect(recording.stubs).toHaveLength(exchanges);
    expect(holds.workMs).toBeLessThan(150);
    expect(answeredMeanwhile).toBeGreaterThan(0);
  }, 120_000);
});
