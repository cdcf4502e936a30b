import equal from 'fast-deep-equal';

// What the handlers' code takes from node:util: they compare JSON values only, where Ajv's own
// deep equality (already in the bundle) agrees with Node's strict one.

/**
 * node:util's `isDeepStrictEqual`, for JSON values.
 *
 * @example
 * isDeepStrictEqual({ a: [1] }, { a: [1] }); // true
 */
export function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  return equal(a, b);
}
