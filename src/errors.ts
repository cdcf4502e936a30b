/**
 * The error catalogue: every error the mock answers with, and every error its API throws.
 * The "Errors" table of docs/usage.md is kept in step with this file by a test. A code with no
 * status is thrown by the API (or is the `cause` of one it throws) and never answered over HTTP.
 */
export const errorCatalogue = {
  CONTRACT_VIOLATION: { status: 400, summary: 'The request does not match the contract' },
  DUPLICATE_ID: { status: 400, summary: 'A stored plant already has this id (stateful mode)' },
  INVALID_CONTROL: { status: 400, summary: 'A `Prefer` header or `__` query control is malformed' },
  INVALID_ADMIN_REQUEST: {
    status: 400,
    summary: 'An admin request with a malformed body or query',
  },
  MALFORMED_HTTP: { status: 400, summary: "Node's HTTP parser refused the request" },
  UNAUTHORIZED: { status: 401, summary: 'Missing, empty, non-Bearer or unknown bearer token' },
  ADMIN_UNAUTHORIZED: { status: 401, summary: 'An admin request without the `--admin-token`' },
  FORBIDDEN_HOST: {
    status: 403,
    summary: 'An admin request whose `Host` or `Origin` is not an allowed host',
  },
  NOT_FOUND: { status: 404, summary: 'No operation of the contract has this path' },
  METHOD_NOT_ALLOWED: { status: 405, summary: 'The path exists but not with this method' },
  NOT_ACCEPTABLE: {
    status: 406,
    summary: 'The response has no content in a media type the `Accept` header allows',
  },
  VERIFICATION_FAILED: {
    status: 422,
    summary: 'A verification found other requests than expected',
  },
  PAYLOAD_TOO_LARGE: { status: 413, summary: 'The body is larger than `--max-body`' },
  ITEM_TOO_LARGE: {
    status: 413,
    summary: 'A resource item larger than `--store-size-limit` alone (stateful mode)',
  },
  UNSUPPORTED_ENCODING: { status: 415, summary: 'Unsupported `Content-Encoding` or charset' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, summary: 'An admin write whose body is not JSON' },
  REQUEST_TIMEOUT: {
    status: 408,
    summary: 'The request was not received within `--request-timeout`',
  },
  HEADERS_TOO_LARGE: { status: 431, summary: 'The request headers are larger than Node accepts' },
  UNANSWERABLE_RESPONSE: {
    status: 500,
    summary: "The contract's response schema cannot be sampled (too complex)",
  },
  STORE_UNAVAILABLE: {
    status: 503,
    summary:
      'The shared store (`--store redis://...`) does not answer; the mock recovers by itself',
  },
  TOO_MANY_EVENT_CLIENTS: {
    status: 503,
    summary: 'As many `GET /__admin/events` streams are open as `--event-client-limit` allows',
  },
  BAD_GATEWAY: {
    status: 502,
    summary: 'The `--upstream` provider dropped, broke HTTP, passed `--max-body` or is unreachable',
  },
  UNFORWARDABLE_BODY: {
    status: 501,
    summary: 'A GET or HEAD with a body its operation does not declare, for the `--upstream`',
  },
  GATEWAY_TIMEOUT: {
    status: 504,
    summary: 'The `--upstream` provider did not answer within `--upstream-timeout`',
  },
  INTERNAL: { status: 500, summary: 'A bug in the mock; the message says what failed' },
  CONFIG_INVALID: {
    status: undefined,
    summary: 'A setting, contract, stubs file or store that cannot be used; the CLI exits with 2',
  },
  PATTERN_UNSUPPORTED: {
    status: undefined,
    summary: 'A pattern RE2 cannot run (lookahead...): the `cause` of a 400 or a `CONFIG_INVALID`',
  },
  CONTAINER_ENGINE_UNAVAILABLE: {
    status: undefined,
    summary: 'No container engine answers `PlantStoreMockContainer` (`/testcontainers`)',
  },
  MOCK_CLIENT_FAILED: {
    status: undefined,
    summary: 'A `MockClient` call refused by the admin API (its `status`) or unanswered (0)',
  },
  MATCHER_MISUSED: {
    status: undefined,
    summary: 'A vitest matcher used wrongly, or `useMockSession()` without the global setup',
  },
  PACT_MERGE: {
    status: undefined,
    summary: 'A pact file holds other parties or another Pact version (thrown by the pact writer)',
  },
} as const;

type Catalogue = typeof errorCatalogue;

/** Every code of the catalogue: those the mock answers with and those its API throws. */
export type ErrorCode = keyof Catalogue;

/** A code the mock answers with over HTTP: its entry has a status. */
export type AnsweredErrorCode = {
  [C in ErrorCode]: Catalogue[C]['status'] extends number ? C : never;
}[ErrorCode];

/**
 * An RFC 7807 problem (`application/problem+json`), as Prism writes its own errors: what a
 * contract without an `{error, message}` error shape gets for an error it declares no answer for.
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  [extension: string]: unknown;
}

/**
 * A request the mock refuses; rendered as an `Error`-shaped JSON body with `error` = status, or
 * as its `problem` where the contract's errors are RFC 7807 problems (`sendsProblem`).
 */
export class HttpError extends Error {
  readonly code: AnsweredErrorCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The same refusal as an RFC 7807 problem (its status may differ: see problem-details.ts). */
  readonly problem: ProblemDetails | undefined;
  /** Answer with `problem` rather than the `Error` shape. */
  readonly sendsProblem: boolean;
  /** The refusal as the contract declares it (its 404 for an unknown path), sent instead of both. */
  readonly answer: DeclaredAnswer | undefined;

  constructor(
    code: AnsweredErrorCode,
    message: string,
    options: {
      headers?: Record<string, string>;
      cause?: unknown;
      problem?: ProblemDetails;
      sendsProblem?: boolean;
      answer?: DeclaredAnswer;
    } = {},
  ) {
    // A refused request is an answer, not a bug: its stack would say nothing and costs more than
    // the rest of the answer (a 401 under load spent 15 % of the CPU capturing them).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message, { cause: options.cause });
    Error.stackTraceLimit = limit;
    this.name = 'HttpError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.headers = options.headers ?? {};
    this.problem = options.problem;
    this.sendsProblem = options.sendsProblem === true && options.problem !== undefined;
    this.answer = options.answer;
  }

  /** This refusal, answered as the contract declares it. */
  withAnswer(answer: DeclaredAnswer): HttpError {
    return this.#copy({ answer });
  }

  /** This refusal, answered as its RFC 7807 problem where it has one. */
  asProblem(): HttpError {
    if (this.problem === undefined || this.sendsProblem || this.answer !== undefined) return this;
    return this.#copy({ sendsProblem: true });
  }

  #copy(options: { answer?: DeclaredAnswer; sendsProblem?: boolean }): HttpError {
    return new HttpError(this.code, this.message, {
      headers: { ...this.headers },
      ...(this.problem === undefined ? {} : { problem: this.problem }),
      cause: this.cause,
      ...options,
    });
  }
}

/** An answer in the shape the contract declares, with the media type it is labelled with. */
export interface DeclaredAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: unknown;
  mediaType?: string;
}

/** A setting that cannot be used: the CLI prints the message on one line and exits with code 2. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID' satisfies ErrorCode;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ConfigError';
  }
}

/** Pacts that cannot be merged into one file: other parties, or other specification versions. */
export class PactMergeError extends Error {
  readonly code = 'PACT_MERGE' satisfies ErrorCode;

  constructor(message: string) {
    super(message);
    this.name = 'PactMergeError';
  }
}
