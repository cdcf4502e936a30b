import { flattenHeaders, type RawHeaders } from '../server/flatten-headers.ts';

/**
 * Header values as the journal keeps them: `authorization` cut down to its scheme, so no token
 * is ever recorded.
 *
 * @example
 * redactHeaders({ authorization: 'Bearer abc' }); // { authorization: 'Bearer' }
 */
export function redactHeaders(headers: RawHeaders): Record<string, string> {
  return redactInPlace(flattenHeaders(headers));
}

/**
 * Cuts `authorization` down to its scheme in headers that are already flat, and returns them.
 *
 * @example
 * redactInPlace({ authorization: ' Bearer abc ' }); // { authorization: 'Bearer' }
 */
export function redactInPlace(headers: Record<string, string>): Record<string, string> {
  const value = headers.authorization;
  if (value !== undefined) headers.authorization = /\S*/.exec(value.trimStart())?.[0] ?? '';
  return headers;
}
