import type { RunningMockServer } from 'plant-store-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send, startTestServer } from '../support/mock-fetch.ts';

interface Listed {
  requests: Record<string, unknown>[];
  meta: { total: number; dropped: number };
}

let server: RunningMockServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function listed(query = '', session?: string): Promise<Listed> {
  const answer = await admin(server, `/requests${query}`, session === undefined ? {} : { session });
  expect(answer.status).toBe(200);
  return answer.body as Listed;
}

describe('the journal', () => {
  it('records a valid create with its operation, redacted credentials, body, answer and verdicts', async () => {
    await createPlant(server, { id: 1, name: 'Fern', tag: 'green' }, {}, '?x=1');
    const { requests } = await listed();
    expect(requests).toHaveLength(1);
    const entry = requests[0];
    expect(entry).toMatchObject({
      id: '1',
      session: 'default',
      operationId: 'createPlant',
      request: {
        method: 'POST',
        path: '/plants',
        query: { x: '1' },
        body: { id: 1, name: 'Fern', tag: 'green' },
      },
      response: { status: 200, body: { name: 'Fern', tag: 'green' } },
      source: 'stateful',
      contract: {
        request: { valid: true, violations: [] },
        response: { valid: true, violations: [] },
      },
    });
    expect((entry?.request as { headers: Record<string, string> }).headers.authorization).toBe(
      'Bearer',
    );
    expect(JSON.stringify(entry)).not.toContain('test-token');
    expect(entry?.contract).toHaveProperty(
      'hash',
      expect.stringMatching(/^[0-9a-f]{12}$/) as string,
    );
    expect(Date.parse(entry?.receivedAt as string)).not.toBeNaN();
    expect(entry?.durationMs).toBeGreaterThan(0);
  });

  it('records the violations of an invalid create, where they are', async () => {
    await createPlant(server, { id: 'x', name: 5 });
    const [entry] = (await listed()).requests;
    expect(entry).toMatchObject({
      response: { status: 400 },
      source: 'validation-error',
      contract: { request: { valid: false }, response: { valid: true } },
    });
    expect((entry?.contract as { request: { violations: unknown[] } }).request.violations).toEqual(
      expect.arrayContaining([
        { location: 'body/id', message: 'must be integer' },
        { location: 'body/name', message: 'must be string' },
      ]),
    );
  });

  it('records unauthorized, unknown-path, malformed and Prefer-driven requests with their source', async () => {
    await send(`${server.url}/plants`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await send(`${server.url}/trees`);
    await createPlant(server, '{"id":');
    await createPlant(server, { id: 2, name: 'Ivy' }, { prefer: 'code=400' });
    const { requests } = await listed();
    expect(
      requests.map((r) => [(r.response as { status: number }).status, r.source, r.operationId]),
    ).toEqual([
      [400, 'prefer', 'createPlant'],
      [400, 'validation-error', 'createPlant'],
      [404, 'error:NOT_FOUND', null],
      [401, 'error:UNAUTHORIZED', 'createPlant'],
    ]);
    expect(requests[1]?.request).toMatchObject({ body: '{"id":' });
    expect(requests[3]?.contract).toMatchObject({
      request: { valid: false, violations: [{ location: 'header/authorization' }] },
    });
  });

  it('filters by limit, since, operationId and status, newest first', async () => {
    for (let id = 1; id <= 4; id++) await createPlant(server, { id, name: `Plant ${id}` });
    await createPlant(server, { id: 1, name: 'Again' });
    await send(`${server.url}/trees`);
    expect((await listed('?limit=2')).requests.map((r) => r.id)).toEqual(['6', '5']);
    expect((await listed('?since=4')).requests.map((r) => r.id)).toEqual(['6', '5']);
    expect((await listed('?operationId=createPlant&status=400')).requests.map((r) => r.id)).toEqual(
      ['5'],
    );
    expect((await listed('?status=200')).meta.total).toBe(4);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await listed(`?since=${future}`)).requests).toEqual([]);
  });

  it('refuses a malformed query with 400', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?since=yesterday', '?status=x']) {
      const answer = await admin(server, `/requests${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 400,
        message: expect.stringMatching(/^Failed to read the query/) as string,
      });
    }
  });

  it('gives one entry by id, 404 for an unknown one, and clears', async () => {
    await createPlant(server, { id: 1, name: 'Fern' });
    expect((await admin(server, '/requests/1')).body).toMatchObject({
      id: '1',
      operationId: 'createPlant',
    });
    expect((await admin(server, '/requests/99')).status).toBe(404);
    expect((await admin(server, '/requests', { method: 'DELETE' })).status).toBe(204);
    expect((await listed()).meta.total).toBe(0);
  });
});

describe('request patterns', () => {
  beforeEach(async () => {
    await createPlant(server, { id: 1, name: 'Monstera', tag: 'tropical' });
    await createPlant(server, { id: 2, name: 'Fern' }, { 'x-trace': 'abc' });
    await createPlant(server, { id: 3 });
    await send(`${server.url}/plants`);
  });

  const count = async (pattern: unknown) =>
    (await admin(server, '/requests/count', { body: pattern })).body;

  it.each([
    [{}, 4],
    [{ method: 'post' }, 3],
    [{ path: '/plants' }, 4],
    [{ pathPattern: '/pla.*' }, 4],
    [{ pathPattern: 'plants' }, 0],
    [{ operationId: 'createPlant' }, 3],
    [{ status: 400 }, 1],
    [{ valid: false }, 2],
    [{ headers: { 'X-Trace': 'abc' } }, 1],
    [{ headers: { authorization: 'Bearer' } }, 3],
    [{ body: { equalTo: { id: 2, name: 'Fern' } } }, 1],
    [{ body: { equalTo: { id: 2 } } }, 0],
    [{ body: { matches: { name: 'Monstera' } } }, 1],
    [{ body: { matches: { id: 3 } } }, 1],
    [{ method: 'POST', status: 200, body: { matches: { tag: 'tropical' } } }, 1],
  ])('counts %j as %i', async (pattern, expected) => {
    expect(await count(pattern)).toEqual({ count: expected });
  });

  it('finds the matching requests, oldest first', async () => {
    const answer = await admin(server, '/requests/find', { body: { status: 200 } });
    expect((answer.body as Listed).requests.map((r) => r.id)).toEqual(['1', '2']);
  });

  it.each([
    [{ colour: 'red' }, /must NOT have additional properties/],
    [{ pathPattern: '([' }, /pathPattern must match format "regex"/],
    [{ body: { like: {} } }, /body/],
    [{ status: 'ok' }, /status must be integer/],
  ])('refuses the malformed pattern %j with 400', async (pattern, message) => {
    const answer = await admin(server, '/requests/count', { body: pattern });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(message);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const answer = await send(`${server.adminUrl}/requests/count`, {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(/not valid JSON/);
  });
});

describe('verification', () => {
  beforeEach(async () => {
    await createPlant(server, { id: 1, name: 'Monstera' });
    await createPlant(server, { id: 2, name: 'Fern' });
    await createPlant(server, { id: 3, name: 'Fern' });
  });

  it('answers 200 with the count when the times hold', async () => {
    const verify = async (times?: unknown) =>
      admin(server, '/verify', {
        body: {
          pattern: { body: { matches: { name: 'Fern' } } },
          ...(times === undefined ? {} : { times }),
        },
      });
    expect((await verify()).body).toEqual({ ok: true, count: 2, dropped: 0 });
    expect((await verify({ exactly: 2 })).status).toBe(200);
    expect((await verify({ atLeast: 2, atMost: 2 })).status).toBe(200);
    expect((await verify({ atMost: 1 })).status).toBe(422);
  });

  it('answers 422 with the closest requests and what differs', async () => {
    const answer = await admin(server, '/verify', {
      body: {
        pattern: { method: 'POST', body: { matches: { name: 'Monsterra' } } },
        times: { exactly: 1 },
      },
    });
    expect(answer.status).toBe(422);
    const body = answer.body as {
      ok: boolean;
      count: number;
      expected: string;
      nearMisses: { id: string; differences: string[] }[];
    };
    expect(body).toMatchObject({ ok: false, count: 0, expected: 'exactly 1' });
    expect(body.nearMisses).toHaveLength(3);
    expect(body.nearMisses[0]?.differences).toEqual([
      expect.stringMatching(/^body\.name: expected "Monsterra", got "(Monstera|Fern)"$/) as string,
    ]);
  });

  it('verifies a sequence in order, with others between', async () => {
    const sequence = (patterns: unknown[]) =>
      admin(server, '/verify/sequence', { body: { patterns } });
    expect(
      (await sequence([{ body: { matches: { id: 1 } } }, { body: { matches: { id: 3 } } }])).body,
    ).toEqual({ ok: true, count: 2, dropped: 0 });
    const wrongOrder = await sequence([
      { body: { matches: { id: 3 } } },
      { body: { matches: { id: 1 } } },
    ]);
    expect(wrongOrder.status).toBe(422);
    expect(wrongOrder.body).toMatchObject({ ok: false, count: 1 });
  });

  it('refuses a verify without a pattern with 400', async () => {
    expect((await admin(server, '/verify', { body: { times: { exactly: 1 } } })).status).toBe(400);
    expect((await admin(server, '/verify/sequence', { body: { patterns: [] } })).status).toBe(400);
  });
});

describe('coverage', () => {
  it('counts each declared status plus 401, and lists those never answered', async () => {
    const empty = await admin(server, '/coverage');
    expect(empty.body).toEqual({
      operations: [
        {
          operationId: 'createPlant',
          method: 'POST',
          path: '/plants',
          responses: { '200': 0, '400': 0, '401': 0 },
          violations: 0,
        },
      ],
      uncovered: ['200', '400', '401'].map((status) => ({
        operationId: 'createPlant',
        method: 'POST',
        path: '/plants',
        status,
      })),
    });
    await createPlant(server, { id: 1, name: 'Fern' });
    await createPlant(server, { id: 2, name: 'Fern' });
    await createPlant(server, { id: 2 });
    const covered = (await admin(server, '/coverage')).body as {
      operations: { responses: unknown }[];
      uncovered: { status: string }[];
    };
    expect(covered.operations[0]?.responses).toEqual({ '200': 2, '400': 1, '401': 0 });
    expect(covered.uncovered.map((u) => u.status)).toEqual(['401']);
  });
});

describe('sessions', () => {
  it('keeps requests, coverage, store and reset apart per X-Mock-Session', async () => {
    await Promise.all(
      ['a', 'b'].map(async (session) => {
        for (let id = 1; id <= 5; id++)
          await createPlant(server, { id, name: `${session}${id}` }, { 'x-mock-session': session });
      }),
    );
    expect((await listed('', 'a')).meta.total).toBe(5);
    expect((await listed('?session=b')).requests.every((r) => r.session === 'b')).toBe(true);
    expect((await listed()).meta.total).toBe(0);
    expect((await listed('', '*')).meta.total).toBe(10);
    expect((await admin(server, '/reset', { method: 'POST', session: 'a' })).status).toBe(200);
    expect((await listed('', 'a')).meta.total).toBe(0);
    expect((await listed('', 'b')).meta.total).toBe(5);
    expect(
      (await createPlant(server, { id: 1, name: 'again' }, { 'x-mock-session': 'a' })).status,
    ).toBe(200);
    expect(
      (await createPlant(server, { id: 1, name: 'again' }, { 'x-mock-session': 'b' })).status,
    ).toBe(400);
    const coverageOfA = (await admin(server, '/coverage', { session: 'a' })).body as {
      operations: { responses: unknown }[];
    };
    expect(coverageOfA.operations[0]?.responses).toEqual({ '200': 1, '400': 0, '401': 0 });
  });
});

describe('HAR export', () => {
  it('gives the journal as HAR 1.2, oldest first, with bodies', async () => {
    await createPlant(server, { id: 1, name: 'Fern' }, {}, '?a=1');
    await createPlant(server, { id: 1, name: 'Fern' });
    const har = (await admin(server, '/requests.har')).body as {
      log: { version: string; entries: Record<string, unknown>[] };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(2);
    expect(har.log.entries[0]).toMatchObject({
      request: {
        method: 'POST',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/plants\?a=1$/) as string,
        queryString: [{ name: 'a', value: '1' }],
        postData: { mimeType: 'application/json', text: '{"id":1,"name":"Fern"}' },
      },
      response: { status: 200, statusText: 'OK', content: { text: '{"name":"Fern"}' } },
    });
    expect((har.log.entries[1] as { response: { status: number } }).response.status).toBe(400);
    expect(JSON.stringify(har)).not.toContain('test-token');
  });
});

describe('the admin API', () => {
  it('describes itself in OpenAPI at /__admin/openapi.json, one path per route', async () => {
    const doc = (await admin(server, '/openapi.json')).body as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/__admin/coverage',
      '/__admin/events',
      '/__admin/health',
      '/__admin/inspector',
      '/__admin/inspector/{asset}',
      '/__admin/openapi.json',
      '/__admin/pact',
      '/__admin/recording',
      '/__admin/requests',
      '/__admin/requests.har',
      '/__admin/requests/count',
      '/__admin/requests/find',
      '/__admin/requests/{id}',
      '/__admin/reset',
      '/__admin/stubs',
      '/__admin/stubs/{id}',
      '/__admin/verify',
      '/__admin/verify/sequence',
    ]);
  });

  it('answers 404 for an unknown admin path and 405 with Allow for a wrong method', async () => {
    expect((await admin(server, '/nothing')).status).toBe(404);
    const wrong = await admin(server, '/coverage', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('does not record admin requests', async () => {
    await admin(server, '/coverage');
    expect((await listed()).meta.total).toBe(0);
  });
});
