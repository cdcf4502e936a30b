import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';

/**
 * The response headers a browser app may read: `WWW-Authenticate` and `Allow`, and Prism's
 * `sl-violations` when the mock sends it (--violations-header).
 *
 * @example
 * exposedHeaders(true); // ['WWW-Authenticate', 'Allow', 'sl-violations']
 */
export function exposedHeaders(violationsHeader: boolean): string[] {
  return violationsHeader
    ? ['WWW-Authenticate', 'Allow', 'sl-violations']
    : ['WWW-Authenticate', 'Allow'];
}

/**
 * The CORS policy of both ports, for browsers on any origin: the origin is echoed with
 * credentials allowed, preflights are answered (and cached for 10 minutes), and a browser app may
 * read `WWW-Authenticate` and `Allow`. A plain `(req, res, next)` function, for Express and the mock
 * lane alike; it ends a preflight itself and calls `next` for everything else.
 */
export function corsPolicy(exposed: readonly string[] = exposedHeaders(false)) {
  const options = {
    origin: true,
    credentials: true,
    maxAge: 600,
    exposedHeaders: [...exposed],
  };
  const applyCors = cors(options);
  // The cors package takes every OPTIONS for a preflight; one the contract answers goes on.
  const applyCorsAndContinue = cors({ ...options, preflightContinue: true });
  return function applyCorsPolicy(
    req: IncomingMessage,
    res: ServerResponse,
    next: (error?: unknown) => void,
    toContract = false,
  ): void {
    (toContract ? applyCorsAndContinue : applyCors)(req, res, next);
  };
}

/**
 * The headers corsPolicy gives a request that is no OPTIONS, as one flat name, value list for the
 * answer's one writeHead (see answerHeaderList), in the cors package's order and spelling, after
 * `x-content-type-options: nosniff`: the origin echoed when the request has one. The same headers
 * the package sets on the response, without building them again for every request.
 *
 * @example
 * corsAnswerHeaders(exposedHeaders(false))('https://app.example');
 * // ['x-content-type-options', 'nosniff', 'Access-Control-Allow-Origin', 'https://app.example', 'Vary', 'Origin', ...]
 */
export function corsAnswerHeaders(exposed: readonly string[]) {
  const nosniff = ['x-content-type-options', 'nosniff'];
  const rest = ['Vary', 'Origin', 'Access-Control-Allow-Credentials', 'true'];
  if (exposed.length > 0) rest.push('Access-Control-Expose-Headers', exposed.join(','));
  const withoutOrigin = [...nosniff, ...rest];
  return (origin: string | undefined): readonly string[] =>
    origin === undefined || origin === ''
      ? withoutOrigin
      : [...nosniff, 'Access-Control-Allow-Origin', origin, ...rest];
}

/**
 * Whether an OPTIONS request is the contract's to answer, not a CORS preflight: it carries no
 * `Access-Control-Request-Method` (so it is no preflight by the Fetch standard) and the contract
 * declares an OPTIONS operation for its path. Any other OPTIONS is answered as a preflight.
 */
export function isContractOptions(
  req: IncomingMessage,
  declaresOptions: (path: string) => boolean,
  path: string,
): boolean {
  return (
    req.method === 'OPTIONS' &&
    req.headers['access-control-request-method'] === undefined &&
    declaresOptions(path)
  );
}
