import { flattenHeaders, type RawHeaders } from '../server/flatten-headers.ts';

/**
 * Header values as the journal keeps them: `authorization` cut down to its scheme, so no token
 * is ever recorded.
 *
 * @example
 * redactHeaders({ authorization: 'Bearer abc' }); // { authorization: 'Bearer' }
 */
export function redactHeaders(headers: RawHeaders): Record<string, string> {
  const result = flattenHeaders(headers);
  if (result.authorization !== undefined) {
    result.authorization = result.authorization.trim().split(/\s+/)[0] ?? '';
  }
  return result;
}
