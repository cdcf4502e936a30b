import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Exchange } from '../pipeline/exchange.ts';
import { sessionInPath, sessionOf } from '../sessions/session-of.ts';

/**
 * Opens the exchange of one request: its path, its query (repeated parameters as arrays) and its
 * session, which a `/__session/NAME/` base URL names before `X-Mock-Session` does (the path is
 * then the contract's, without that prefix). `target` is the request's own, unless the caller
 * split it already.
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
  const inPath = sessionInPath(path);
  return {
    req,
    res,
    method: req.method ?? 'GET',
    path: inPath?.path ?? path,
    query: parseQuery(search),
    headers: req.headers,
    session: sessionOf(req.headers, inPath?.session),
    sessionInPath: inPath?.session,
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
