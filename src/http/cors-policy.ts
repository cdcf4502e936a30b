import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';

/**
 * What the policy below adds to an answer for a request that names no origin (curl, a test
 * client, another server) and is no preflight: nothing to echo, so the same three headers every
 * time. (A test holds them equal to what the cors package gives such a request.)
 */
export const withoutOriginHeaders: readonly (readonly [string, string])[] = [
  ['Vary', 'Origin'],
  ['Access-Control-Allow-Credentials', 'true'],
  ['Access-Control-Expose-Headers', 'WWW-Authenticate,Allow'],
];

/**
 * The CORS policy of both ports, for browsers on any origin: the origin is echoed with
 * credentials allowed, preflights are answered (and cached for 10 minutes), and a browser app may
 * read `WWW-Authenticate` and `Allow`. A plain `(req, res, next)` function, for Express and the mock
 * lane alike; it ends a preflight itself and calls `next` for everything else.
 *
 * @example
 * const applyCors = corsPolicy();
 * applyCors(req, res, () => serve(req, res));
 */
export function corsPolicy() {
  const applyCors = cors({
    origin: true,
    credentials: true,
    maxAge: 600,
    exposedHeaders: ['WWW-Authenticate', 'Allow'],
  });
  return function applyCorsPolicy(
    req: IncomingMessage,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): void {
    // Most mock traffic is not from a browser: skip the middleware's per-request option handling.
    if (!isBrowserRequest(req)) {
      for (const [name, value] of withoutOriginHeaders) res.setHeader(name, value);
      next();
      return;
    }
    applyCors(req, res, next);
  };
}

/**
 * Whether the CORS policy has anything to decide for a request: it names an origin, or it is a
 * preflight. For any other, it adds withoutOriginHeaders.
 *
 * @example
 * isBrowserRequest(req); // false for curl
 */
export function isBrowserRequest(req: IncomingMessage): boolean {
  return req.headers.origin !== undefined || req.method === 'OPTIONS';
}
