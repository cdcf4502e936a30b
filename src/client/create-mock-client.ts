import type { CoverageReport } from '../interactions/coverage-report.ts';
import type { Interaction } from '../interactions/interaction.ts';
import type { RequestPattern } from '../interactions/request-pattern.ts';
import type { Times, VerifyResult } from '../interactions/verify-requests.ts';
import type { Stub, StubDefinition } from '../responders/stubs/stub.ts';
import type { PactResult } from '../pact/build-pact.ts';
import { isOverTimes, type VerificationFailure } from './format-verification.ts';
import type {
  Har,
  MockClient,
  MockClientOptions,
  PactQuery,
  RequestList,
  RequestQuery,
  SessionRecording,
} from './mock-client.ts';
import { sendAdminRequest, type AdminRequest } from './send-admin-request.ts';
import { VerificationError } from './verification-error.ts';

const defaultSession = 'default';

/**
 * A client of a running mock's admin API, bound to one session. Depends on nothing but `fetch`,
 * so it works against an in-process server, a CLI or a container alike.
 *
 * @example
 * import { createMockClient } from 'plant-store-mock/client';
 * const mock = createMockClient({ url: 'http://127.0.0.1:4010', session: 'checkout' });
 * await fetch(`${mock.baseUrl}/plants`); // recorded in session "checkout"
 * await mock.verify({ method: 'POST', path: '/plants', body: { matches: { name: 'Fern' } } });
 * const { uncovered } = await mock.coverage();
 */
export function createMockClient(options: MockClientOptions): MockClient {
  const url = options.url.replace(/\/+$/, '');
  const adminUrl = (options.adminUrl ?? `${url}/__admin`).replace(/\/+$/, '');
  const sessionName = options.session ?? defaultSession;
  const target = {
    adminUrl,
    fetch: options.fetch,
    headers: {
      'x-mock-session': sessionName,
      ...(options.adminToken === undefined
        ? {}
        : { authorization: `Bearer ${options.adminToken}` }),
    },
  };
  // One admin call: `what` completes "Failed to ..." in its error, `body` goes as JSON.
  const send = async <T>(
    what: string,
    method: AdminRequest['method'],
    path: string,
    body?: unknown,
  ) => (await sendAdminRequest(target, { what, method, path, body })).body as T;
  // A call whose answer says only that it was done.
  const run = async (what: string, method: AdminRequest['method'], path: string): Promise<void> => {
    await send(what, method, path);
  };

  const find = async (pattern: RequestPattern = {}) =>
    (
      await send<{ requests: Interaction[] }>(
        'find recorded requests',
        'POST',
        '/requests/find',
        pattern,
      )
    ).requests;

  const verified = async (
    what: string,
    path: string,
    body: unknown,
    failure: Omit<VerificationFailure, 'result' | 'session'>,
    times?: Times,
  ): Promise<number> => {
    const request = { what, method: 'POST', path, body, accept: [422] } as const;
    const answer = await sendAdminRequest(target, request);
    const result = answer.body as VerifyResult;
    if (answer.status !== 422) return result.count;
    // Too many: what matched is the news, so list it (the answer carries only near misses).
    const pattern = failure.patterns[0];
    const matches =
      failure.kind === 'count' && pattern !== undefined && isOverTimes(result.count, times)
        ? { matches: await find(pattern) }
        : {};
    throw new VerificationError({ ...failure, ...matches, session: sessionName, result });
  };

  return {
    url,
    // As the mock reads it (see sessionInPath): `/__session/NAME`, the name percent-encoded.
    baseUrl: `${url}/__session/${encodeURIComponent(sessionName)}`,
    adminUrl,
    sessionName,
    sessionHeaders: { 'X-Mock-Session': sessionName },
    requests: (query: RequestQuery = {}) =>
      send<RequestList>('list recorded requests', 'GET', `/requests${toSearch(query)}`),
    request: (id: string) =>
      send<Interaction>(`get recorded request ${id}`, 'GET', `/requests/${encodeURIComponent(id)}`),
    clearRequests: () => run('clear recorded requests', 'DELETE', '/requests'),
    count: async (pattern: RequestPattern = {}) =>
      (await send<{ count: number }>('count recorded requests', 'POST', '/requests/count', pattern))
        .count,
    find,
    verify: (pattern: RequestPattern, times?: Times) =>
      verified(
        'verify recorded requests',
        '/verify',
        times === undefined ? { pattern } : { pattern, times },
        { kind: 'count', patterns: [pattern] },
        times,
      ),
    verifySequence: (patterns: readonly RequestPattern[]) =>
      verified(
        'verify a sequence of recorded requests',
        '/verify/sequence',
        { patterns },
        {
          kind: 'sequence',
          patterns: [...patterns],
        },
      ),
    coverage: () => send<CoverageReport>('read coverage', 'GET', '/coverage'),
    reset: () => run(`reset session "${sessionName}"`, 'POST', '/reset'),
    har: () => send<Har>('export the HAR log', 'GET', '/requests.har'),
    pact: (query: PactQuery = {}) =>
      send<PactResult>('build the pact', 'GET', `/pact${toSearch(query)}`),
    clearPact: () => run('clear the pact', 'DELETE', '/pact'),
    recording: () =>
      send<SessionRecording>('read the recording of the provider', 'GET', '/recording'),
    stub: (definition: StubDefinition) =>
      send<Stub>('register a stub', 'POST', '/stubs', definition),
    stubs: async () => (await send<{ stubs: Stub[] }>('list stubs', 'GET', '/stubs')).stubs,
    clearStubs: () => run('clear stubs', 'DELETE', '/stubs'),
    removeStub: (id: string) =>
      run(`remove stub ${id}`, 'DELETE', `/stubs/${encodeURIComponent(id)}`),
    session: (name: string) => createMockClient({ ...options, session: name }),
  };
}

// The query string of a RequestQuery or PactQuery, `''` when empty.
function toSearch(query: RequestQuery | PactQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) {
      search.set(name, value instanceof Date ? value.toISOString() : String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
