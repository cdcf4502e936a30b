import type { IncomingHttpHeaders } from 'node:http';

// Hop-by-hop headers (RFC 9110 7.6.1) concern one connection, never the next: a proxy drops them.
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

// Also not forwarded: the target's own Host and the body's framing (the client sends them
// again), the encodings (the mock reads bodies inflated and sends them as read), and the mock's
// session header, which steers the mock, not the provider.
const requestOnly = new Set([
  'host',
  'content-length',
  'content-encoding',
  'accept-encoding',
  'x-mock-session',
  'expect',
]);
const answerOnly = new Set(['content-length', 'content-encoding']);

/**
 * The client's headers as they go to the provider: without hop-by-hop headers (and those that
 * `Connection` names), Host, the body's framing and encoding, and `X-Mock-Session`.
 * `Authorization` goes through as it came.
 *
 * @example
 * forwardedHeaders({ host: 'mock', authorization: 'Bearer t', connection: 'close' }); // { authorization: 'Bearer t' }
 */
export function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const dropped = connectionNamed(headers.connection);
  const forwarded: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || hopByHop.has(name) || requestOnly.has(name) || dropped.has(name))
      continue;
    forwarded[name] = value;
  }
  return forwarded;
}

/** The provider's headers as the client gets them: the answer's, for the transport to send. */
export interface AnswerHeaders {
  /** One value per name (repeated ones joined by `, `), as the checks and the journal read them. */
  readonly headers: Record<string, string>;
  /** Each `Set-Cookie` as the provider sent it: cookies cannot be joined into one header. */
  readonly cookies: readonly string[];
}

/**
 * The provider's answer headers without hop-by-hop ones, the body's length and encoding (the
 * transport writes them for the body as decoded).
 *
 * @example
 * answerHeaders({ 'content-type': 'application/json', 'keep-alive': 'timeout=5' }).headers; // { 'content-type': 'application/json' }
 */
export function answerHeaders(
  headers: Record<string, string | string[] | undefined>,
): AnswerHeaders {
  const dropped = connectionNamed(headers.connection);
  const kept: Record<string, string> = {};
  let cookies: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || hopByHop.has(key) || answerOnly.has(key) || dropped.has(key))
      continue;
    if (key === 'set-cookie') cookies = Array.isArray(value) ? value : [value];
    kept[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { headers: kept, cookies };
}

function connectionNamed(connection: string | string[] | undefined): Set<string> {
  const value = Array.isArray(connection) ? connection.join(',') : (connection ?? '');
  return new Set(
    value
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
}
