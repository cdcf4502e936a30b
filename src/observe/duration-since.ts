/**
 * Milliseconds since `started` (a `performance.now()`), to the microsecond: what the request log
 * and the journal say a request took. (Finer digits are timer noise, and cost more to print.)
 *
 * @example
 * const started = performance.now();
 * durationSince(started); // 0.042
 */
export function durationSince(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}
