import type { Interaction } from './interaction.ts';
import { compilePattern, type RequestPattern } from './request-pattern.ts';

/** How many matching requests a verification expects; at least 1 when nothing is given. */
export interface Times {
  exactly?: number;
  atLeast?: number;
  atMost?: number;
}

export const timesSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    exactly: { type: 'integer', minimum: 0 },
    atLeast: { type: 'integer', minimum: 0 },
    atMost: { type: 'integer', minimum: 0 },
  },
} as const;

/** A recorded request close to a pattern, and what keeps it from matching. */
export interface NearMiss {
  id: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
  differences: string[];
}

export interface VerifyResult {
  ok: boolean;
  count: number;
  expected: string;
  nearMisses: NearMiss[];
}

const nearMissCount = 3;

/**
 * Checks that the requests matching a pattern number as many as expected.
 *
 * @example
 * verifyRequests(journal.list('default'), { method: 'POST', path: '/plants' }, { exactly: 2 });
 * // { ok: false, count: 1, expected: 'exactly 2', nearMisses: [...] }
 */
export function verifyRequests(
  entries: readonly Interaction[],
  pattern: RequestPattern,
  times: Times = {},
): VerifyResult {
  const differences = compilePattern(pattern);
  const count = entries.filter((entry) => differences(entry).length === 0).length;
  const ok =
    (times.exactly === undefined || count === times.exactly) &&
    (times.atLeast === undefined || count >= times.atLeast) &&
    (times.atMost === undefined || count <= times.atMost) &&
    (Object.keys(times).length > 0 || count >= 1);
  return {
    ok,
    count,
    expected: describeTimes(times),
    nearMisses: ok ? [] : nearMisses(entries, differences),
  };
}

/**
 * Checks that requests matching the patterns arrived in that order (others may come between).
 * `count` is how many of the patterns were matched in order.
 */
export function verifySequence(
  entries: readonly Interaction[],
  patterns: readonly RequestPattern[],
): VerifyResult {
  let from = 0;
  for (const [index, pattern] of patterns.entries()) {
    const differences = compilePattern(pattern);
    const rest = entries.slice(from);
    const found = rest.findIndex((entry) => differences(entry).length === 0);
    if (found === -1) {
      return {
        ok: false,
        count: index,
        expected: `${patterns.length} requests in order; pattern ${index} (${JSON.stringify(pattern)}) was not found after the ${index} before it`,
        nearMisses: nearMisses(rest, differences),
      };
    }
    from += found + 1;
  }
  return {
    ok: true,
    count: patterns.length,
    expected: `${patterns.length} requests in order`,
    nearMisses: [],
  };
}

/** Entries that differ least from the pattern (but do differ), newest first among equals. */
export function nearMisses(
  entries: readonly Interaction[],
  differences: (entry: Interaction) => string[],
): NearMiss[] {
  return entries
    .map((entry) => ({ entry, found: differences(entry) }))
    .filter(({ found }) => found.length > 0)
    .sort((a, b) => a.found.length - b.found.length || Number(b.entry.id) - Number(a.entry.id))
    .slice(0, nearMissCount)
    .map(({ entry, found }) => ({
      id: entry.id,
      method: entry.request.method,
      path: entry.request.path,
      status: entry.response.status,
      body: entry.request.body,
      differences: found,
    }));
}

export function describeTimes(times: Times): string {
  if (times.exactly !== undefined) return `exactly ${times.exactly}`;
  if (times.atLeast !== undefined && times.atMost !== undefined)
    return `between ${times.atLeast} and ${times.atMost}`;
  if (times.atMost !== undefined) return `at most ${times.atMost}`;
  return `at least ${times.atLeast ?? 1}`;
}
