import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { schemaErrors } from '../support/contract-schemas.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';

let server: RunningMockServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function stub(definition: unknown, session?: string) {
  return admin(server, '/stubs', {
    body: definition,
    ...(session === undefined ? {} : { session }),
  });
}

describe('registering stubs', () => {
  it('answers 201 with the stub, its id and the operations it can match', async () => {
    const answer = await stub({
      pattern: { method: 'POST', path: '/plants', body: { matches: { name: 'Bad' } } },
      response: { status: 400, body: { error: 400, message: 'No bad plants' } },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      id: expect.stringMatching(/^stub-\d+$/) as string,
      operationIds: ['createPlant'],
      uses: 0,
      violations: [],
    });
  });

  it.each([
    [
      'an undeclared status',
      { status: 418, body: { error: 418, message: 'teapot' } },
      /418 is not declared for createPlant \(declared: 200, 400\)/,
    ],
    [
      'a 200 body that is not a Plant',
      { status: 200, body: { name: 5 } },
      /response\/body\/name: must be string/,
    ],
    [
      'a 400 body that is not an Error',
      { status: 400, body: { message: 'no error number' } },
      /must have required property 'error'/,
    ],
    [
      'an example the contract lacks',
      { status: 200, example: 'cactus' },
      /declares no example "cactus" for 200/,
    ],
  ])('refuses %s with 400 and the violations', async (_, response, message) => {
    const answer = await stub({ pattern: { operationId: 'createPlant' }, response });
    expect(answer.status).toBe(400);
    expect(schemaErrors('Error', answer.body)).toEqual([]);
    expect((answer.body as { message: string }).message).toMatch(message);
    expect((answer.body as { violations: unknown[] }).violations.length).toBeGreaterThan(0);
  });

  it('refuses a pattern that matches no operation unless allowContractViolation', async () => {
    const refused = await stub({
      pattern: { path: '/trees' },
      response: { status: 200, body: {} },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toMatch(
      /pattern: matches no operation of the contract/,
    );
  });

  it.each([
    [{ response: { status: 200, body: {} } }, /pattern/],
    [
      { pattern: {}, response: { status: 200, body: {}, example: 'fern' } },
      /must match exactly one schema/,
    ],
    [{ pattern: { status: 200 }, response: { status: 200, body: {} } }, /must NOT be valid/],
    [{ pattern: {}, fault: 'explode' }, /must be equal to one of the allowed values/],
    [{ pattern: {}, response: { status: 200, body: {} }, delayMs: 999_999 }, /over --max-delay/],
  ])('refuses the malformed stub %j with 400', async (definition, message) => {
    const answer = await stub(definition);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(message);
  });
});

describe('serving stubs', () => {
  it('answers a matching request with the stub and others as before', async () => {
    await stub({
      pattern: { body: { matches: { name: 'Bad' } } },
      response: {
        status: 400,
        body: { error: 400, message: 'No bad plants' },
        headers: { 'x-stubbed': 'yes' },
      },
    });
    const stubbed = await createPlant(server, { id: 1, name: 'Bad' });
    expect(stubbed).toMatchObject({ status: 400, body: { error: 400, message: 'No bad plants' } });
    expect(stubbed.headers.get('x-stubbed')).toBe('yes');
    expect(await createPlant(server, { id: 2, name: 'Good' })).toMatchObject({
      status: 200,
      body: { name: 'Good' },
    });
  });

  it('answers every session with a stub registered for session *, in priority order with their own', async () => {
    const down = { status: 400, body: { error: 400, message: 'Down for all' } };
    expect(
      (await stub({ pattern: { operationId: 'createPlant' }, response: down }, '*')).status,
    ).toBe(201);
    for (const session of ['default', 'a', 'b']) {
      const answer = await createPlant(
        server,
        { id: 1, name: 'Fern' },
        { 'x-mock-session': session },
      );
      expect(answer, session).toMatchObject(down);
    }
    // A session's own stub of a lower priority number wins over the one for every session.
    const own = { status: 400, body: { error: 400, message: 'Only for a' } };
    await stub({ pattern: { operationId: 'createPlant' }, response: own, priority: 1 }, 'a');
    expect(
      await createPlant(server, { id: 2, name: 'Fern' }, { 'x-mock-session': 'a' }),
    ).toMatchObject(own);
    expect(
      await createPlant(server, { id: 2, name: 'Fern' }, { 'x-mock-session': 'b' }),
    ).toMatchObject(down);
  });

  it('keeps stubs for session * however many sessions come and go past --session-limit', async () => {
    const limited = await startTestServer({ sessionLimit: 2 });
    try {
      const down = { status: 400, body: { error: 400, message: 'Down for all' } };
      await admin(limited, '/stubs', {
        session: '*',
        body: { pattern: { operationId: 'createPlant' }, response: down },
      });
      await admin(limited, '/stubs', {
        session: 'kept',
        body: {
          pattern: { path: '/plants/1' },
          response: { status: 404, body: { error: 404, message: 'x' } },
        },
      });
      for (let i = 0; i < 4; i++) {
        const answer = await createPlant(
          limited,
          { id: i, name: 'Fern' },
          { 'x-mock-session': `s${i}` },
        );
        expect(answer).toMatchObject(down);
      }
      expect(
        ((await admin(limited, '/stubs', { session: '*' })).body as { stubs: unknown[] }).stubs,
      ).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('answers with a named example or a fake of the contract', async () => {
    await stub({
      pattern: { body: { matches: { id: 1 } } },
      response: { status: 200, example: 'fern' },
    });
    await stub({
      pattern: { body: { matches: { id: 2 } } },
      response: { status: 200, dynamic: true },
    });
    expect((await createPlant(server, { id: 1, name: 'x' })).body).toEqual({ name: 'Boston fern' });
    const faked = await createPlant(server, { id: 2, name: 'x' });
    expect(faked.status).toBe(200);
    expect(schemaErrors('Plant', faked.body)).toEqual([]);
  });

  it('is spent after `times` uses', async () => {
    await stub({
      pattern: { operationId: 'createPlant' },
      response: { status: 400, body: { error: 400, message: 'down' } },
      times: 2,
    });
    const statuses = [];
    for (let id = 1; id <= 3; id++)
      statuses.push((await createPlant(server, { id, name: 'x' })).status);
    expect(statuses).toEqual([400, 400, 200]);
    expect((await admin(server, '/stubs')).body).toEqual({ stubs: [] });
  });

  it('prefers the lowest priority number, then the newest stub', async () => {
    await stub({
      pattern: {},
      response: { status: 400, body: { error: 400, message: 'low' } },
      priority: 9,
    });
    await stub({
      pattern: {},
      response: { status: 400, body: { error: 400, message: 'high' } },
      priority: 1,
    });
    await stub({
      pattern: {},
      response: { status: 400, body: { error: 400, message: 'high, newer' } },
      priority: 1,
    });
    expect((await createPlant(server, { id: 1, name: 'x' })).body).toMatchObject({
      message: 'high, newer',
    });
  });

  it('still answers 401 to a request without credentials', async () => {
    await stub({ pattern: {}, response: { status: 200, body: { name: 'stubbed' } } });
    const answer = await send(`${server.url}/plants`, {
      method: 'POST',
      body: '{"id":1,"name":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(401);
  });

  it('records the stub as the source and counts its uses', async () => {
    const { id } = (
      await stub({ pattern: {}, response: { status: 200, body: { name: 'stubbed' } } })
    ).body as { id: string };
    await createPlant(server, { id: 1, name: 'x' });
    expect((await admin(server, '/requests')).body).toMatchObject({
      requests: [{ source: `stub:${id}`, contract: { response: { valid: true } } }],
    });
    expect((await admin(server, `/stubs/${id}`)).body).toMatchObject({ uses: 1 });
  });

  it('marks every interaction of a contract-violating stub as a violation, in the journal and coverage', async () => {
    const registered = await stub({
      pattern: {},
      response: { status: 200, body: { name: 42 } },
      allowContractViolation: true,
    });
    expect(registered.status).toBe(201);
    expect((registered.body as { violations: unknown[] }).violations).not.toEqual([]);
    await createPlant(server, { id: 1, name: 'x' });
    const entry = (
      (await admin(server, '/requests')).body as {
        requests: {
          contract: { response: { valid: boolean; violations: { location: string }[] } };
        }[];
      }
    ).requests[0];
    expect(entry?.contract.response.valid).toBe(false);
    expect(entry?.contract.response.violations).toContainEqual(
      expect.objectContaining({ location: 'body/name' }),
    );
    expect((await admin(server, '/coverage')).body).toMatchObject({
      operations: [{ responses: { '200': 1 }, violations: 1 }],
    });
  });

  it('can answer a path outside the contract when allowed, marked as a violation', async () => {
    await stub({
      pattern: { path: '/trees' },
      response: { status: 200, body: { trees: 3 } },
      allowContractViolation: true,
    });
    expect(await send(`${server.url}/trees`)).toMatchObject({ status: 200, body: { trees: 3 } });
    const [entry] = (
      (await admin(server, '/requests')).body as {
        requests: { operationId: null; contract: { response: { valid: boolean } } }[];
      }
    ).requests;
    expect(entry).toMatchObject({
      operationId: null,
      contract: { request: { valid: false }, response: { valid: false } },
    });
  });
});

describe('managing stubs', () => {
  it('lists, gets, removes and clears stubs per session, and reset clears them', async () => {
    const first = (
      await stub(
        { pattern: {}, response: { status: 400, body: { error: 400, message: 'a' } } },
        'a',
      )
    ).body as { id: string };
    await stub({ pattern: {}, response: { status: 400, body: { error: 400, message: 'b' } } }, 'b');
    expect(
      ((await admin(server, '/stubs', { session: 'a' })).body as { stubs: unknown[] }).stubs,
    ).toHaveLength(1);
    expect((await admin(server, `/stubs/${first.id}`, { session: 'b' })).status).toBe(404);
    expect(
      (await createPlant(server, { id: 1, name: 'x' }, { 'x-mock-session': 'a' })).body,
    ).toMatchObject({ message: 'a' });
    expect((await createPlant(server, { id: 1, name: 'x' })).status).toBe(200);
    expect(
      (await admin(server, `/stubs/${first.id}`, { method: 'DELETE', session: 'a' })).status,
    ).toBe(204);
    expect(
      (await admin(server, `/stubs/${first.id}`, { method: 'DELETE', session: 'a' })).status,
    ).toBe(404);
    await admin(server, '/reset', { method: 'POST', session: 'b' });
    expect((await admin(server, '/stubs', { session: 'b' })).body).toEqual({ stubs: [] });
    await stub({ pattern: {}, response: { status: 400, body: { error: 400, message: 'c' } } });
    expect((await admin(server, '/stubs', { method: 'DELETE' })).status).toBe(204);
    expect((await admin(server, '/stubs')).body).toEqual({ stubs: [] });
  });
});

describe('stubs through the client', () => {
  it('registers, lists and removes stubs, and reports a refused one with its violations', async () => {
    const { createMockClient, MockClientError } = await import('plant-store-mock/client');
    const mock = createMockClient({ url: server.url, session: 'client' });
    const registered = await mock.stub({
      pattern: { body: { matches: { name: 'Bad' } } },
      response: { status: 400, body: { error: 400, message: 'No' } },
    });
    expect((await mock.stubs()).map((s) => s.id)).toEqual([registered.id]);
    expect((await createPlant(server, { id: 1, name: 'Bad' }, mock.sessionHeaders)).status).toBe(
      400,
    );
    await mock.removeStub(registered.id);
    expect(await mock.stubs()).toEqual([]);
    const refused = await mock
      .stub({ pattern: {}, response: { status: 418, body: {} } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MockClientError);
    expect((refused as InstanceType<typeof MockClientError>).status).toBe(400);
    expect((refused as Error).message).toMatch(/418 is not declared for createPlant/);
  });
});
