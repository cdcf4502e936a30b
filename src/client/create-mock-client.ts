import type { CoverageReport } from '../interactions/coverage-report.ts';
import type { Interaction } from '../interactions/interaction.ts';
import type { RequestPattern } from '../interactions/request-pattern.ts';
import type { Times, VerifyResult } from '../interactions/verify-requests.ts';
import type { Stub, StubDefinition } from '../responders/stubs/stub.ts';
import { pactSearch, type PactQuery, type PactResult } from '../pact/pact-query.ts';
import { isOverTimes, type VerificationFailure } from './format-verification.ts';
import type {
  Har,
  MockClient,
  MockClientOptions,
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
  const send = async <T>(request: AdminRequest): Promise<T> =>
    (await sendAdminRequest(target, request)).body as T;

  const find = async (pattern: RequestPattern = {}) =>
    (
      await send<{ requests: Interaction[] }>({
        what: 'find recorded requests',
        method: 'POST',
        path: '/requests/find',
        body: pattern,
      })
    ).requests;

  const verified = async (
    request: AdminRequest,
    failure: Omit<VerificationFailure, 'result' | 'session'>,
    times?: Times,
  ): Promise<number> => {
    const { status, body } = await sendAdminRequest(target, { ...request, accept: [422] });
    const result = body as VerifyResult;
    if (status !== 422) return result.count;
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
      send<RequestList>({
        what: 'list recorded requests',
        method: 'GET',
        path: `/requests${toSearch(query)}`,
      }),
    request: (id: string) =>
      send<Interaction>({
        what: `get recorded request ${id}`,
        method: 'GET',
        path: `/requests/${encodeURIComponent(id)}`,
      }),
    clearRequests: () =>
      send<undefined>({ what: 'clear recorded requests', method: 'DELETE', path: '/requests' }),
    count: async (pattern: RequestPattern = {}) =>
      (
        await send<{ count: number }>({
          what: 'count recorded requests',
          method: 'POST',
          path: '/requests/count',
          body: pattern,
        })
      ).count,
    find,
    verify: (pattern: RequestPattern, times?: Times) =>
      verified(
        {
          what: 'verify recorded requests',
          method: 'POST',
          path: '/verify',
          body: times === undefined ? { pattern } : { pattern, times },
        },
        { kind: 'count', patterns: [pattern] },
        times,
      ),
    verifySequence: (patterns: readonly RequestPattern[]) =>
      verified(
        {
          what: 'verify a sequence of recorded requests',
          method: 'POST',
          path: '/verify/sequence',
          body: { patterns },
        },
        { kind: 'sequence', patterns: [...patterns] },
      ),
    coverage: () =>
      send<CoverageReport>({ what: 'read coverage', method: 'GET', path: '/coverage' }),
    reset: async () => {
      await send({ what: `reset session "${sessionName}"`, method: 'POST', path: '/reset' });
    },
    har: () => send<Har>({ what: 'export the HAR log', method: 'GET', path: '/requests.har' }),
    pact: (query: PactQuery = {}) =>
      send<PactResult>({
        what: 'build the pact',
        method: 'GET',
        path: `/pact${pactSearch(query)}`,
      }),
    clearPact: async () => {
      await send({ what: 'clear the pact', method: 'DELETE', path: '/pact' });
    },
    recording: () =>
      send<SessionRecording>({
        what: 'read the recording of the provider',
        method: 'GET',
        path: '/recording',
      }),
    stub: (definition: StubDefinition) =>
      send<Stub>({ what: 'register a stub', method: 'POST', path: '/stubs', body: definition }),
    stubs: async () =>
      (await send<{ stubs: Stub[] }>({ what: 'list stubs', method: 'GET', path: '/stubs' })).stubs,
    clearStubs: async () => {
      await send({ what: 'clear stubs', method: 'DELETE', path: '/stubs' });
    },
    removeStub: async (id: string) => {
      await send({
        what: `remove stub ${id}`,
        method: 'DELETE',
        path: `/stubs/${encodeURIComponent(id)}`,
      });
    },
    session: (name: string) => createMockClient({ ...options, session: name }),
  };
}

function toSearch(query: RequestQuery): string {
  const search = new URLSearchParams();
  if (query.limit !== undefined) search.set('limit', String(query.limit));
  if (query.since !== undefined) {
    search.set('since', query.since instanceof Date ? query.since.toISOString() : query.since);
  }
  if (query.operationId !== undefined) search.set('operationId', query.operationId);
  if (query.status !== undefined) search.set('status', String(query.status));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
