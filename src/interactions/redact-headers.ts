import type { SecretNames } from '../contract/load-contract.ts';
import { flattenHeaders, type RawHeaders } from '../parsing/flatten-headers.ts';

export type { SecretNames };

/** What a secret value is recorded as. */
export const redacted = '[redacted]';

/**
 * Request headers as the journal keeps them, flattened, with their secrets taken out:
 * `authorization` and `proxy-authorization` are cut down to their scheme, cookies keep their
 * names only, and the contract's API-key headers are replaced whole. What is left still says
 * which credentials were sent, so verification can match on it.
 *
 * @example
 * redactHeaders({ authorization: ' Bearer abc ', cookie: 'sid=1', 'x-api-key': 'k' }, { headers: ['x-api-key'], query: [] });
 * // { authorization: 'Bearer', cookie: 'sid=[redacted]', 'x-api-key': '[redacted]' }
 */
export function redactHeaders(raw: RawHeaders, secrets: SecretNames): Record<string, string> {
  const headers = flattenHeaders(raw);
  const { authorization, cookie } = headers;
  if (authorization !== undefined) headers.authorization = schemeOf(authorization);
  const proxy = headers['proxy-authorization'];
  if (proxy !== undefined) headers['proxy-authorization'] = schemeOf(proxy);
  if (cookie !== undefined) headers.cookie = cookieNames(cookie);
  for (const name of secrets.headers) {
    if (headers[name] !== undefined) headers[name] = redacted;
  }
  return headers;
}

/**
 * Takes the cookie values out of response headers (`set-cookie`), in place, and returns them.
 *
 * @example
 * redactResponseInPlace({ 'set-cookie': 'sid=abc; Path=/' }); // { 'set-cookie': 'sid=[redacted]; Path=/' }
 */
export function redactResponseInPlace(headers: Record<string, string>): Record<string, string> {
  const setCookie = headers['set-cookie'];
  // Several cookies are joined with ", "; an Expires date's ", " is followed by no "name=".
  if (setCookie !== undefined) {
    headers['set-cookie'] = setCookie.replace(
      /(^|,\s*)([^=;,\s]+)=[^;,]*/g,
      (_match, lead: string, name: string) => `${lead}${name}=${redacted}`,
    );
  }
  return headers;
}

/**
 * A query with the contract's API-key parameters redacted: the same object when it has none of
 * them, else a copy.
 *
 * @example
 * redactQuery({ api_key: 'k', q: 'x' }, { headers: [], query: ['api_key'] }); // { api_key: '[redacted]', q: 'x' }
 */
export function redactQuery<T extends Record<string, unknown>>(query: T, secrets: SecretNames): T {
  let copy: Record<string, unknown> | undefined;
  for (const name of secrets.query) {
    if (query[name] === undefined) continue;
    copy ??= { ...query };
    copy[name] = Array.isArray(query[name]) ? query[name].map(() => redacted) : redacted;
  }
  return (copy ?? query) as T;
}

function schemeOf(value: string): string {
  return /\S*/.exec(value.trimStart())?.[0] ?? '';
}

function cookieNames(cookie: string): string {
  return cookie
    .split(';')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq === -1 ? part.trim() : `${part.slice(0, eq).trim()}=${redacted}`;
    })
    .join('; ');
}
