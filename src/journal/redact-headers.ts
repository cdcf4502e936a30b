/**
 * Header values as the journal keeps them: `authorization` cut down to its scheme, so no token
 * is ever recorded.
 *
 * @example
 * redactHeaders({ authorization: 'Bearer abc' }); // { authorization: 'Bearer' }
 */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    result[name] = name === 'authorization' ? (text.trim().split(/\s+/)[0] ?? '') : text;
  }
  return result;
}
