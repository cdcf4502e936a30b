/** How many matching requests a verification expects; at least 1 when nothing is given. */
export interface Times {
  exactly?: number;
  atLeast?: number;
  atMost?: number;
}

/**
 * `exactly 2`, `at most 1`, `between 1 and 3`, `at least 1` (the default), as the mock says it.
 *
 * @example
 * describeTimes({ atLeast: 1, atMost: 3 }); // 'between 1 and 3'
 */
export function describeTimes(times: Times = {}): string {
  if (times.exactly !== undefined) return `exactly ${times.exactly}`;
  if (times.atLeast !== undefined && times.atMost !== undefined)
    return `between ${times.atLeast} and ${times.atMost}`;
  if (times.atMost !== undefined) return `at most ${times.atMost}`;
  return `at least ${times.atLeast ?? 1}`;
}
