import type { FallbackTrigger, LogLevel, Mode } from './config-schema.ts';

/** Options of `startMockServer()`; each is also a CLI flag and a `PLANT_MOCK_*` env var. */
export interface MockServerOptions {
  /** Path of the OpenAPI 3.x, Swagger 2.0 or Postman collection document to serve (YAML or JSON). Default: the bundled Plant Store contract. */
  spec?: string;
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** How valid requests are answered. Default `stateful`. */
  mode?: Mode;
  /** Makes dynamic responses repeatable across restarts. */
  seed?: string | number;
  /** Optional properties in dynamic answers: `some` (each half the time) or `all` (as Prism fakes them). Default `some`. */
  fakeOptionals?: 'some' | 'all';
  /** JSON file of plants that seed the stateful store. */
  fixtures?: string;
  /** Accepted bearer tokens; by default any non-empty token passes. */
  tokens?: string[];
  /** Largest accepted body, in bytes or as `512kb`, `1mb`. Default `1mb`. */
  maxBody?: string | number;
  /** Answer CORS preflights and echo the origin. Default true. */
  cors?: boolean;
  /** Milliseconds a client has to send a whole request. Default 30000. */
  requestTimeout?: number;
  /** Delay before every answer: milliseconds, or a range `MIN-MAX` picked from at random. Default 0. */
  delay?: string | number;
  /** Upper bound of any delay, and how long a `timeout` fault holds a request. Default 30000. */
  maxDelay?: number;
  /** Reload the spec and the fixtures when their files change. Default false. */
  watch?: boolean;
  /** Answer 500 (the violations listed) instead of an answer that breaks the contract, as Prism's `--errors`. Default false. */
  errors?: boolean;
  /** Send the request's and the answer's contract violations in an `sl-violations` header, as Prism does. Default false. */
  violationsHeader?: boolean;
  /** Plants (records) the stateful store keeps over all sessions, the oldest forgotten first. Default 100000. */
  storeLimit?: number;
  /** JSON text of the resources' stored items over all sessions, in characters or as `64mb`; the oldest forgotten first. Default `16mb`. */
  storeSizeLimit?: string | number;
  /**
   * Where the state lives: `memory` (this process), `redis://HOST:PORT/DB` to share the store,
   * journal, coverage, stubs and sessions with every replica that names the same Redis and prefix,
   * or `redis-cluster://HOST:PORT,HOST:PORT` for a Redis Cluster (`rediss` for TLS). Default
   * `memory`.
   */
  store?: string;
  /** Prefix of every Redis key, so that several mocks can share one Redis. Default `plant-store-mock`. */
  storePrefix?: string;
  /** Interactions the journal keeps, oldest dropped first. Default 10000. */
  journalLimit?: number;
  /** Sessions whose store, stubs and coverage are kept; the least recently used is evicted past it. Default 10000. */
  sessionLimit?: number;
  /** Stubs registered over all sessions. Default 1000. */
  stubLimit?: number;
  /** Stubs registered in one session. Default 200. */
  sessionStubLimit?: number;
  /** Largest stub definition (its JSON), in bytes or as `64kb`. Default `64kb`. */
  stubSizeLimit?: string | number;
  /** Clients of GET /__admin/events open at once; one more is answered 503. Default 64. */
  eventClientLimit?: number;
  /** File that every interaction is appended to as one JSON line. */
  recordFile?: string;
  /** Bearer token that every `/__admin` endpoint but health then requires. */
  adminToken?: string;
  /** Serve the admin API on this port instead of the mock's. */
  adminPort?: number;
  /**
   * Host names the admin API accepts in `Host` and `Origin` besides the defaults (loopback, IP
   * literals, names without dots, `*.localhost`, `*.internal`, ..., this machine's hostname):
   * `mock.example.com`, `.example.com` for a domain and its subdomains, `*` for any. Default none.
   */
  allowedHosts?: string[];
  /**
   * The real provider (`http://` or `https://`, with a base path if it has one): every request
   * the contract routes is forwarded there, both sides checked against the contract. Fixed at
   * start: nothing a client or the admin API sends can point it elsewhere.
   */
  upstream?: string;
  /** Milliseconds the provider has to answer a forwarded request in full; past it, 504. Default 30000. */
  upstreamTimeout?: number;
  /** JSON file of stubs (such as GET /__admin/recording answers) registered for every session at start, and again on a change with `watch`. */
  stubs?: string;
  /** Operation ids the mock answers itself while the rest go to `upstream`. Default none. */
  mockOperations?: string[];
  /**
   * When the mock answers a forwarded request instead: the provider answered `501` or `404`, or
   * was `unreachable` (refused the connection, no route); `none` never. Default `501`, `unreachable`.
   */
  fallbackOn?: (FallbackTrigger | 'none')[];
  /** Default `info`. */
  logLevel?: LogLevel;
  /** Default `json`. */
  logFormat?: 'json' | 'pretty';
}
