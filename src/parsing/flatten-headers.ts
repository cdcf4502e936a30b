/** Header values as Node gives them: strings, numbers, repeated headers as arrays, or undefined. */
export type RawHeaders = Record<string, string | number | readonly string[] | undefined>;

/**
 * Headers as one string each, repeated ones joined with `, `, absent ones left out. Node already
 * lower-cases the names of incoming headers.
 *
 * @example
 * flattenHeaders({ 'set-cookie': ['a=1', 'b=2'], 'content-length': 5 }); // { 'set-cookie': 'a=1, b=2', 'content-length': '5' }
 */
export function flattenHeaders(headers: RawHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  // for-in rather than Object.entries: this runs for every mock request, and allocates nothing.
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    result[name] = typeof value === 'object' ? value.join(', ') : String(value);
  }
  return result;
}
