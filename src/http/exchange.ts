import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import type { HttpError } from '../errors.ts';
import type { Arrival, Outcome } from '../pipeline/request-states.ts';
import type { AppliedFault } from '../responders/fault-names.ts';
import { sessionOf } from '../sessions/session-of.ts';

/** What was sent: the journal's record of the answer. */
export interface SentResponse {
  status: number;
  body: unknown;
  /** The body's JSON text as it went out, when it was sent as JSON. */
  json: string | undefined;
  /** The header list it was written with, when no header was set on the response before. */
  headers: readonly string[] | undefined;
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
  /**
   * Headers every answer to it carries (nosniff, and CORS for a client that names no origin), as
   * a flat name, value list written with the answer's own; unset when the lane set them on the
   * response instead (a browser's request, whose CORS headers the cors package sets).
   */
  laneHeaders?: readonly string[];
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
 * session. `target` is the request's own, unless the caller split it already.
 *
 * @example
 * const exchange = openExchange(req, res, performance.now());
 * exchange.path; // '/plants'
 */
export function openExchange(
  req: IncomingMessage,
  res: ServerResponse,
  started: number,
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
