import { startMockServer, type RunningMockServer } from 'plant-store-mock';
import {
  createMockClient,
  MockClientError,
  VerificationError,
  type MockClient,
  type RequestQuery,
} from 'plant-store-mock/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant } from '../support/mock-fetch.ts';
import { rejectionOf } from '../support/rejection-of.ts';

const quiet = { port: 0, host: '127.0.0.1', logLevel: 'silent' } as const;

/** POST /plants in the client's session, as the code under test would send it. */
const post = async (mock: MockClient, body: unknown): Promise<number> =>
  (await createPlant(mock, body, mock.sessionHeaders)).status;

describe('createMockClient against an in-process mock', () => {
  let server: RunningMockServer;
  let root: MockClient;
  let sessions = 0;
  // A fresh session per test keeps the tests apart on one server.
  const fresh = () => root.session(`client-test-${++sessions}`);

  beforeAll(async () => {
    server = await startMockServer(quiet);
    root = createMockClient({ url: `${server.url}/` });
  });
  afterAll(() => server.close());

  it('knows its URLs and session, and sends the session header', () => {
    const mock = root.session('reports');
    expect(mock.url).toBe(server.url);
    expect(mock.adminUrl).toBe(`${server.url}/__admin`);
    expect(root.sessionName).toBe('default');
    expect(mock.sessionName).toBe('reports');
    expect(mock.sessionHeaders).toEqual({ 'X-Mock-Session': 'reports' });
  });

  it('lists recorded requests newest first, with filters', async () => {
    const mock = fresh();
    expect(await post(mock, { id: 1, name: 'Monstera' })).toBe(200);
    expect(await post(mock, { id: 2 })).toBe(400);
    expect(await post(mock, { id: 3, name: 'Fern' })).toBe(200);

    const all = await mock.requests();
    expect(all.meta).toEqual({ total: 3, dropped: 0 });
    expect(all.requests.map((entry) => entry.request.body)).toEqual([
      { id: 3, name: 'Fern' },
      { id: 2 },
      { id: 1, name: 'Monstera' },
    ]);
    const [newest, , oldest] = all.requests;
    expect((await mock.requests({ limit: 1 })).requests).toEqual([newest]);
    const total = async (query: RequestQuery) => (await mock.requests(query)).meta.total;
    expect(await total({ status: 400 })).toBe(1);
    expect(await total({ since: oldest?.id ?? '' })).toBe(2);
    expect(await total({ since: new Date(0), operationId: 'createPlant' })).toBe(3);
  });

  it('gets one recorded request by id, and throws MockClientError 404 for an unknown id', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera' });
    const [entry] = (await mock.requests()).requests;
    expect(await mock.request(entry?.id ?? '')).toEqual(entry);

    const error = await rejectionOf(mock.request('999999'), MockClientError);
    expect(error).toMatchObject({ code: 'MOCK_CLIENT_FAILED', status: 404 });
    expect(error.serverMessage).toContain('No recorded request has id 999999');
    expect(error.message).toMatch(/^Failed to get recorded request 999999 \(GET http:\/\/.*\): /);
  });

  it('counts and finds requests that match a pattern', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera', tag: 'tropical' });
    await post(mock, { id: 2, name: 'Fern' });
    await post(mock, { id: 3, name: 'Monstera' });

    expect(await mock.count()).toBe(3);
    expect(await mock.count({ method: 'post', body: { matches: { name: 'Monstera' } } })).toBe(2);
    expect(await mock.count({ body: { equalTo: { id: 2, name: 'Fern' } } })).toBe(1);
    const found = await mock.find({ pathPattern: '/plants(/.*)?', status: 200 });
    expect(found.map((entry) => entry.request.body)).toEqual([
      { id: 1, name: 'Monstera', tag: 'tropical' },
      { id: 2, name: 'Fern' },
      { id: 3, name: 'Monstera' },
    ]);
    expect(await mock.find({ headers: { Authorization: 'Bearer' }, valid: false })).toEqual([]);
  });

  it('verifies counts, resolving to the number of matches', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera' });
    await post(mock, { id: 2, name: 'Monstera' });
    const pattern = { method: 'POST', path: '/plants', body: { matches: { name: 'Monstera' } } };
    expect(await mock.verify(pattern)).toBe(2);
    expect(await mock.verify(pattern, { exactly: 2 })).toBe(2);
    expect(await mock.verify(pattern, { atLeast: 1, atMost: 2 })).toBe(2);
    expect(await mock.verify({ ...pattern, status: 400 }, { exactly: 0 })).toBe(0);
  });

  it('throws a VerificationError naming the pattern, the counts and each near miss', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera' });
    await post(mock, { id: 2, name: 'Fern' });
    await post(mock, { id: 3 });
    const [missing, fern] = (await mock.requests()).requests;
    const pattern = { method: 'POST', path: '/plants', body: { matches: { name: 'Monstera' } } };

    const error = await rejectionOf(mock.verify(pattern, { exactly: 2 }), VerificationError);
    expect(error).toMatchObject({ code: 'VERIFICATION_FAILED', name: 'VerificationError' });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe(
      `Failed to verify requests in session "${mock.sessionName}": expected exactly 2 matching requests, got 1.`,
    );
    expect(lines).toContain(`Pattern: ${JSON.stringify(pattern)}`);
    expect(lines).toContain(
      `  #${fern?.id ?? ''} POST /plants -> 200: body.name: expected "Monstera", got "Fern"`,
    );
    expect(lines).toContain(
      `  #${missing?.id ?? ''} POST /plants -> 400: body.name: expected "Monstera", got nothing`,
    );
    expect(error.failure.result).toMatchObject({ ok: false, count: 1, expected: 'exactly 2' });
  });

  it('lists the requests that matched, not near misses, when a verification finds too many', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera' });
    await post(mock, { id: 2, name: 'Monstera' });
    await post(mock, { id: 3, name: 'Fern' });
    const [fern, second, first] = (await mock.requests()).requests;
    const pattern = { method: 'POST', body: { matches: { name: 'Monstera' } } };

    for (const times of [{ atMost: 1 }, { exactly: 1 }]) {
      const error = await rejectionOf(mock.verify(pattern, times), VerificationError);
      const lines = error.message.split('\n');
      expect(lines.slice(2, 5)).toEqual([
        'Matching requests:',
        `  #${first?.id ?? ''} POST /plants -> 200`,
        `  #${second?.id ?? ''} POST /plants -> 200`,
      ]);
      expect(error.message).not.toContain('Near misses');
      expect(error.message).not.toContain(`#${fern?.id ?? ''} `);
      expect(error.failure.matches?.map((entry) => entry.id)).toEqual([first?.id, second?.id]);
    }
  });

  it('lists ten matching requests and counts the rest', async () => {
    const mock = fresh();
    for (let id = 1; id <= 12; id++) await post(mock, { id, name: 'Monstera' });
    const error = await rejectionOf(
      mock.verify({ path: '/plants' }, { exactly: 0 }),
      VerificationError,
    );
    const lines = error.message.split('\n');
    expect(lines.filter((line) => / POST \/plants -> 200$/.test(line))).toHaveLength(10);
    expect(lines).toContain('  ... and 2 more');
  });

  it('says so when no recorded request comes close', async () => {
    const error = await rejectionOf(fresh().verify({ path: '/plants' }), VerificationError);
    expect(error.message).toContain('expected at least 1 matching request, got 0.');
    expect(error.message).toContain('came close.');
  });

  it('verifies a sequence, and throws a VerificationError listing the patterns when out of order', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera' });
    await post(mock, { id: 2, name: 'Fern' });
    const monstera = { body: { matches: { name: 'Monstera' } } };
    const fern = { body: { matches: { name: 'Fern' } } };
    expect(await mock.verifySequence([monstera, fern])).toBe(2);

    const error = await rejectionOf(mock.verifySequence([fern, monstera]), VerificationError);
    expect(error.message).toContain(
      `Failed to verify a sequence in session "${mock.sessionName}": expected 2 requests in order; pattern 1`,
    );
    expect(error.message).toContain('(matched 1 of 2)');
    expect(error.message).toContain(
      `  0: ${JSON.stringify(fern)}\n  1: ${JSON.stringify(monstera)}`,
    );
  });

  it('reports coverage per operation and status', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera' });
    await post(mock, { id: 2 });
    await post(mock, { id: 3, name: 'Fern' });
    const { operations, uncovered } = await mock.coverage();
    expect(operations).toMatchObject([
      {
        operationId: 'createPlant',
        method: 'POST',
        path: '/plants',
        responses: { '200': 2, '400': 1, '401': 0 },
      },
    ]);
    expect(uncovered).toEqual([
      { operationId: 'createPlant', method: 'POST', path: '/plants', status: '401' },
    ]);
  });

  it('clears recorded requests but keeps coverage', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera' });
    await mock.clearRequests();
    expect(await mock.count()).toBe(0);
    expect((await mock.coverage()).operations[0]?.responses['200']).toBe(1);
  });

  it('resets requests, coverage and the stateful store of its session', async () => {
    const mock = fresh();
    expect(await post(mock, { id: 1, name: 'Monstera' })).toBe(200);
    expect(await post(mock, { id: 1, name: 'Monstera' })).toBe(400);
    await mock.reset();
    expect(await mock.count()).toBe(0);
    expect((await mock.coverage()).operations[0]?.responses).toEqual({
      '200': 0,
      '400': 0,
      '401': 0,
    });
    expect(await post(mock, { id: 1, name: 'Monstera' })).toBe(200);
  });

  it("clears its session's stubs alone, keeping its requests and other sessions' stubs", async () => {
    const [mock, other] = [fresh(), fresh()];
    const stub = {
      pattern: { body: { matches: { name: 'Bad' } } },
      response: { status: 400, body: { error: 400, message: 'No' } },
    };
    await mock.stub(stub);
    await mock.stub({ ...stub, priority: 2 });
    const kept = await other.stub(stub);
    expect(await post(mock, { id: 1, name: 'Bad' })).toBe(400);

    await mock.clearStubs();
    expect(await mock.stubs()).toEqual([]);
    expect((await other.stubs()).map((s) => s.id)).toEqual([kept.id]);
    expect(await mock.count()).toBe(1);
    expect(await post(mock, { id: 2, name: 'Bad' })).toBe(200);
  });

  it('exports the session as a HAR log', async () => {
    const mock = fresh();
    await post(mock, { id: 1, name: 'Monstera' });
    const { log } = await mock.har();
    expect(log.version).toBe('1.2');
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]?.request).toMatchObject({ method: 'POST', url: `${server.url}/plants` });
    expect(log.entries[0]?.response.status).toBe(200);
  });

  it('throws MockClientError with the server message for a bad pattern', async () => {
    const error = await rejectionOf(fresh().count({ pathPattern: '(' }), MockClientError);
    expect(error).toMatchObject({ code: 'MOCK_CLIENT_FAILED', status: 400 });
    expect(error.serverMessage).toContain('/pathPattern must match format "regex"');
    expect(error.message).toMatch(
      /^Failed to count recorded requests \(POST http:\/\/.*\/__admin\/requests\/count\): the mock answered 400: /,
    );
  });

  it('throws MockClientError with status 0 when no mock answers', async () => {
    const gone = await startMockServer(quiet);
    await gone.close();
    const error = await rejectionOf(createMockClient({ url: gone.url }).count(), MockClientError);
    expect(error).toMatchObject({ code: 'MOCK_CLIENT_FAILED', status: 0 });
    expect(error.message).toContain('the mock did not answer');
    expect(error.message).toContain('Make sure the mock is running');
  });

  it('keeps sessions apart: parallel clients see only their own requests and coverage', async () => {
    const [left, right] = [fresh(), fresh()];
    await Promise.all([
      post(left, { id: 1, name: 'Monstera' }),
      post(right, { id: 1, name: 'Fern' }),
      post(right, { id: 2 }),
    ]);
    const [leftFound, rightFound, leftCoverage, rightCoverage] = await Promise.all([
      left.find(),
      right.find(),
      left.coverage(),
      right.coverage(),
    ]);
    expect(leftFound.map((entry) => entry.request.body)).toEqual([{ id: 1, name: 'Monstera' }]);
    expect(rightFound.map((entry) => entry.session)).toEqual([
      right.sessionName,
      right.sessionName,
    ]);
    expect(leftCoverage.operations[0]?.responses).toEqual({ '200': 1, '400': 0, '401': 0 });
    expect(rightCoverage.operations[0]?.responses).toEqual({ '200': 1, '400': 1, '401': 0 });

    await left.reset();
    expect(await left.count()).toBe(0);
    expect(await right.count()).toBe(2);
    expect((await right.coverage()).operations[0]?.responses['200']).toBe(1);
    // Each session's store too: left may create id 1 again, right still holds it.
    expect(await post(left, { id: 1, name: 'Monstera' })).toBe(200);
    expect(await post(right, { id: 1, name: 'Fern' })).toBe(400);
  });
});

describe('createMockClient with an admin token', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ ...quiet, adminToken: 'admin-secret' });
  });
  afterAll(() => server.close());

  it.each([
    ['no token', undefined],
    ['the wrong token', 'not-it'],
  ])('throws MockClientError 401 with %s', async (_, adminToken) => {
    const options = adminToken === undefined ? {} : { adminToken };
    const mock = createMockClient({ url: server.url, ...options });
    const error = await rejectionOf(mock.requests(), MockClientError);
    expect(error).toMatchObject({ status: 401 });
    expect(error.message).toContain('Make sure to give createMockClient() the adminToken');
  });

  it('works with the token, also for another session', async () => {
    const mock = createMockClient({ url: server.url, adminToken: 'admin-secret' });
    expect(await mock.count()).toBe(0);
    expect((await mock.session('other').coverage()).operations).toHaveLength(1);
  });
});

describe('createMockClient with the admin API on its own port', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ ...quiet, adminPort: 0 });
  });
  afterAll(() => server.close());

  it('reaches the admin API through adminUrl', async () => {
    expect(server.adminUrl).not.toBe(`${server.url}/__admin`);
    const mock = createMockClient({ url: server.url, adminUrl: server.adminUrl });
    expect(await post(mock, { id: 1, name: 'Monstera' })).toBe(200);
    expect(await mock.verify({ path: '/plants' }, { exactly: 1 })).toBe(1);
  });

  it('finds no admin API on the mock port: 404, and a client without adminUrl says why', async () => {
    const response = await fetch(`${server.url}/__admin/requests`);
    expect(response.status).toBe(404);
    await response.body?.cancel();

    const error = await rejectionOf(createMockClient({ url: server.url }).count(), MockClientError);
    expect(error).toMatchObject({ status: 404 });
    expect(error.message).toContain('Make sure adminUrl points at the admin API');
  });
});
