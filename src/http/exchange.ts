import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import type { HttpError } from '../errors.ts';
import type { Arrival, Outcome } from '../pipeline/context.ts';
import type { AppliedFault } from '../responders/fault-names.ts';
import { sessionOf } from '../sessions/session-of.ts';

/**
 * Headers the mock lane gives every answer before it is chosen (nosniff, CORS for clients that
 * are not browsers): as the flat list `writeHead` takes, and as the members of the journal's JSON
 * object, both made once.
 */
export interface PresetHeaders {
  /** `[name, value, name, value, ...]`, names lower-case. */
  readonly flat: readonly string[];
  /** `"name":"value",...`, the same headers as JSON object members. */
  readonly members: string;
}

/** The headers an answer went out with, kept for the journal (see sentHeadersJson). */
export interface SentHeaders {
  preset: PresetHeaders;
  /** The answer's own headers, by lower-case name; undefined when it has none. */
  own: Map<string, string> | undefined;
  /** Set when a body went out. */
  contentLength: string | undefined;
  /** The body's label: the contract's media type for it, else JSON. */
  contentType: string;
}

/** What was sent: the journal's record of the answer. */
export interface SentResponse {
  status: number;
  body: unknown;
  /** The body's JSON text as it went out, when it was sent as JSON. */
  json?: string;
  headers: SentHeaders;
}

/**
 * One mock request on the transport: its connection, what arrived (the pipeline reads it as an
 * Arrival), and what was decided and sent for it. Observers get a FinishedExchange made from it
 * once the answer is out (see finishedView).
 */
export interface Exchange extends Arrival {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** The request target's path, without query or fragment. */
  path: string;
  query: ParsedUrlQuery;
  headers: IncomingHttpHeaders;
  session: string;
  /** The raw request body once read; undefined when none was sent. */
  body: Buffer | undefined;
  receivedAt: number;
  /** `performance.now()` when the request arrived. */
  started: number;
  /** Headers the answer gets besides its own (see sendAnswer). */
  preset: PresetHeaders;
  /** Whether headers were also set on the response itself (CORS for a browser's request). */
  headersOnResponse: boolean;
  /** The journal's number for it; unset for requests the journal does not keep (preflights). */
  journalId?: string;
  /** What the pipeline decided; unset for requests refused before an answer was chosen. */
  outcome?: Outcome;
  sent?: SentResponse;
  /** Why the request was refused outside the contract (404, 405, 413, ...). */
  error?: HttpError;
  fault?: AppliedFault;
}

/**
 * Opens the exchange of one request: its path, its query (repeated parameters as arrays) and its
 * session. `preset`: the headers every answer of the lane gets (see sendAnswer). `target` is
 * the request's own, unless the caller split it already.
 *
 * @example
 * const exchange = openExchange(req, res, performance.now(), presetHeaders([]));
 * exchange.path; // '/plants'
 */
export function openExchange(
  req: IncomingMessage,
  res: ServerResponse,
  started: number,
  preset: PresetHeaders,
  { path, search }: RequestTarget = splitTarget(req.url ?? '/'),
): Exchange {
  return {
    req,
    res,
    method: req.method ?? 'GET',
    path,
    query: parseQuery(search),
    headers: req.headers,
    session: sessionOf(req.headers),
    body: undefined,
    receivedAt: Date.now(),
    started,
    preset,
    headersOnResponse: false,
  };
}

/** A request target's path and query string (without the `?`). */
export interface RequestTarget {
  path: string;
  search: string;
}

/**
 * The path and the query string of a request target, in origin form (`/plants?x=1`) or absolute
 * form (`http://host/plants?x=1`).
 *
 * @example
 * splitTarget('/plants?__code=400'); // { path: '/plants', search: '__code=400' }
 */
export function splitTarget(target: string): RequestTarget {
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      return { path: url.pathname, search: url.search.slice(1) };
    } catch {
      return { path: target, search: '' };
    }
  }
  const hash = target.indexOf('#');
  const withoutHash = hash === -1 ? target : target.slice(0, hash);
  const mark = withoutHash.indexOf('?');
  return mark === -1
    ? { path: withoutHash, search: '' }
    : { path: withoutHash.slice(0, mark), search: withoutHash.slice(mark + 1) };
}
