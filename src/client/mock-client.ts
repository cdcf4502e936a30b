import type { CoverageReport } from '../interactions/coverage-report.ts';
import type { Interaction } from '../interactions/interaction.ts';
import type { RequestPattern } from '../interactions/request-pattern.ts';
import type { Har as HarLog } from '../observe/to-har.ts';
import type { Times } from '../interactions/verify-requests.ts';
import type { Stub, StubDefinition } from '../responders/stubs/stub.ts';
import type { PactResult } from '../pact/build-pact.ts';
import type { PactSpec } from '../pact/pact-document.ts';
import type { Recording } from '../interactions/recording-of.ts';

/**
 * Where the mock answers and how to reach its admin API.
 *
 * @example
 * const options: MockClientOptions = { url: server.url, adminUrl: server.adminUrl, adminToken: 't' };
 */
export interface MockClientOptions {
  /** The mock's base URL, e.g. `http://127.0.0.1:4010` (RunningMockServer `url`). */
  url: string;
  /** The session to record in and ask about (`X-Mock-Session`). Default `default`. */
  session?: string;
  /** The server's `adminToken`, sent as `Authorization: Bearer <token>`. */
  adminToken?: string;
  /** The admin API's URL; default `${url}/__admin`. Give RunningMockServer `adminUrl` with `adminPort`. */
  adminUrl?: string;
  /**
   * What the admin calls go through; default the global `fetch`. An in-process mock
   * (`plant-store-mock/msw`) gives its own, which answers without a network.
   */
  fetch?: AdminFetch;
}

/**
 * The part of `fetch` the client uses.
 *
 * @example
 * const adminFetch: AdminFetch = (url, init) => fetch(url, init);
 */
export type AdminFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Filters of `requests()`.
 *
 * @example
 * await mock.requests({ operationId: 'createPlant', status: 400, limit: 5 });
 */
export interface RequestQuery {
  /** At most this many, newest first. */
  limit?: number;
  /** Only requests after this interaction id, or received at or after this date. */
  since?: string | Date;
  operationId?: string;
  /** Only requests answered with this status. */
  status?: number;
}

/** What to ask GET /__admin/pact for: its query parameters. */
export interface PactQuery {
  /** Default `consumer`. */
  consumer?: string;
  /** Default: the contract's title. */
  provider?: string;
  /** Pact specification version: 4 (default) or 3. */
  spec?: PactSpec;
  /** Include answers of stubs registered with allowContractViolation. */
  outsideContract?: boolean;
}

/**
 * The answer of `requests()`: newest first.
 *
 * @example
 * const { requests, meta } = await mock.requests();
 * if (meta.dropped > 0) console.warn('the journal is full; raise --journal-limit');
 */
export interface RequestList {
  requests: Interaction[];
  meta: {
    /** How many matched the query before `limit`. */
    total: number;
    /** How many of this session's requests a full journal has dropped. */
    dropped: number;
  };
}

/**
 * The session's journal as a HAR 1.2 log.
 *
 * @example
 * await writeFile('plants.har', JSON.stringify(await mock.har()));
 */
export type Har = HarLog;

/**
 * The answer of `recording()`: the session's exchanges with the `--upstream` provider as a stubs
 * file (`{ stubs }` is what `--stubs FILE` loads, each stub one that `stub()` accepts), the
 * exchanges that broke the contract left out with their violations, and the drift per operation.
 *
 * @example
 * const { stubs, leftOut, drift } = await mock.recording();
 * await writeFile('provider-stubs.json', JSON.stringify({ stubs }));
 */
export interface SessionRecording extends Recording {
  session: string;
}

/**
 * A typed client of the mock's `/__admin` API, bound to one session. Every call sends
 * `X-Mock-Session` and, when given, the admin token. Non-2xx answers throw MockClientError;
 * failed verifications throw VerificationError.
 *
 * @example
 * const mock = createMockClient({ url: server.url, session: 'checkout' });
 * await fetch(`${mock.baseUrl}/plants`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
 * await mock.verify({ method: 'POST', path: '/plants' }, { exactly: 1 });
 */
export interface MockClient {
  /** The mock's URL, whose requests are recorded in session `default` unless they send `sessionHeaders`. */
  readonly url: string;
  /**
   * The session's base URL, `${url}/__session/NAME`: give it to the code under test as its API's
   * base URL and its requests are recorded in this session, with no header to add (a browser
   * app, a story, a second service). `${baseUrl}/plants` answers as `/plants`.
   */
  readonly baseUrl: string;
  readonly adminUrl: string;
  /** The session this client is bound to. */
  readonly sessionName: string;
  /** `{ 'X-Mock-Session': sessionName }`: add to mock requests so they are recorded in this session. */
  readonly sessionHeaders: Readonly<Record<string, string>>;
  /** Recorded requests, newest first. */
  requests(query?: RequestQuery): Promise<RequestList>;
  /** One recorded request by its id. */
  request(id: string): Promise<Interaction>;
  /** Forgets the session's recorded requests (coverage stays, and its pact keeps them; see `reset`). */
  clearRequests(): Promise<void>;
  /** How many recorded requests match the pattern. */
  count(pattern?: RequestPattern): Promise<number>;
  /** The recorded requests that match the pattern, oldest first. */
  find(pattern?: RequestPattern): Promise<Interaction[]>;
  /**
   * Resolves to the number of matches when it is as expected (default: at least 1), else throws
   * VerificationError: with the near misses when too few matched, with the requests that matched
   * when too many did. It throws too when requests of the session that the full journal dropped
   * could change the verdict (`result.inconclusive`): a test must not pass because data was lost.
   */
  verify(pattern: RequestPattern, times?: Times): Promise<number>;
  /** Resolves when requests matching the patterns arrived in that order, else throws VerificationError. */
  verifySequence(patterns: readonly RequestPattern[]): Promise<number>;
  /** How often each operation answered each declared status. */
  coverage(): Promise<CoverageReport>;
  /**
   * Clears the session's requests, coverage and stubs and puts its stateful store back to the
   * fixtures. Its pact keeps what the session answered (see `pact`, `clearPact`).
   */
  reset(): Promise<void>;
  /** The session's recorded requests as a HAR 1.2 log. */
  har(): Promise<Har>;
  /**
   * The session's traffic as a Pact file (V4, or V3 with `spec: 3`), and what was left out of
   * it and why (rejected requests, faults, stubs outside the contract, cut bodies, dropped
   * entries). It holds everything the session answered since it began, or since `clearPact()`:
   * resets and `clearRequests()` between tests do not take anything out of it.
   */
  pact(query?: PactQuery): Promise<PactResult>;
  /** Starts the session's pact again: forgets what it answered so far (and clears its requests). */
  clearPact(): Promise<void>;
  /**
   * What the `--upstream` provider answered the session, as a stubs file to replay without it
   * (`--stubs FILE`, or `stub()` each), and the exchanges left out with their violations. A mock
   * with no provider (the in-process handlers among them) recorded none: its recording is empty.
   */
  recording(): Promise<SessionRecording>;
  /**
   * Registers a stub in the session; a stub that breaks the contract is refused (MockClientError
   * 400 with the violations) unless it sets `allowContractViolation`.
   */
  stub(definition: StubDefinition): Promise<Stub>;
  /** The session's stubs, in match order. */
  stubs(): Promise<Stub[]>;
  /** Removes one stub of the session. */
  removeStub(id: string): Promise<void>;
  /** Removes every stub of the session; its requests, coverage and store stay (see `reset`). */
  clearStubs(): Promise<void>;
  /** A client of the same mock bound to another session. */
  session(name: string): MockClient;
}
