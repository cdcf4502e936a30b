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

/** Entries as a journal scan hands them out, or a plain list. */
type Entries = AsyncIterable<Interaction> | Iterable<Interaction>;

/**
 * Checks that the requests matching a pattern number as many as expected, reading each entry
 * once (a journal scan parses them one at a time and lets the event loop turn).
 *
 * @example
 * await verifyRequests(journal.scan('default'), { method: 'POST', path: '/plants' }, { exactly: 2 });
 * // { ok: false, count: 1, expected: 'exactly 2', nearMisses: [...] }
 */
export async function verifyRequests(
  entries: Entries,
  pattern: RequestPattern,
  times: Times = {},
): Promise<VerifyResult> {
  const differences = compilePattern(pattern);
  const misses = nearMissCollector();
  let count = 0;
  for await (const entry of entries) {
    const found = differences(entry);
    if (found.length === 0) count++;
    else misses.offer(entry, found);
  }
  const ok =
    (times.exactly === undefined || count === times.exactly) &&
    (times.atLeast === undefined || count >= times.atLeast) &&
    (times.atMost === undefined || count <= times.atMost) &&
    (Object.keys(times).length > 0 || count >= 1);
  return { ok, count, expected: describeTimes(times), nearMisses: ok ? [] : misses.best() };
}

/**
 * Checks that requests matching the patterns arrived in that order (others may come between).
 * `count` is how many of the patterns were matched in order.
 */
export async function verifySequence(
  entries: Entries,
  patterns: readonly RequestPattern[],
): Promise<VerifyResult> {
  const compiled = patterns.map((pattern) => compilePattern(pattern));
  let index = 0;
  // Near misses of the pattern looked for, among the entries after the previous one's match.
  let misses = nearMissCollector();
  for await (const entry of entries) {
    const differences = compiled[index];
    if (differences === undefined) break;
    const found = differences(entry);
    if (found.length > 0) {
      misses.offer(entry, found);
      continue;
    }
    index++;
    misses = nearMissCollector();
  }
  if (index < patterns.length) {
    return {
      ok: false,
      count: index,
      expected: `${patterns.length} requests in order; pattern ${index} (${JSON.stringify(patterns[index])}) was not found after the ${index} before it`,
      nearMisses: misses.best(),
    };
  }
  return {
    ok: true,
    count: patterns.length,
    expected: `${patterns.length} requests in order`,
    nearMisses: [],
  };
}

/**
 * Keeps the entries that differ least from a pattern (but do differ), newest first among
 * equals: a few at a time, whatever the journal holds.
 */
function nearMissCollector() {
  const kept: { entry: Interaction; found: string[] }[] = [];
  const before = (a: (typeof kept)[number], b: (typeof kept)[number]): number =>
    a.found.length - b.found.length || Number(b.entry.id) - Number(a.entry.id);
  return {
    offer(entry: Interaction, found: string[]): void {
      const candidate = { entry, found };
      const last = kept[kept.length - 1];
      if (kept.length === nearMissCount && last !== undefined && before(candidate, last) >= 0)
        return;
      kept.push(candidate);
      kept.sort(before);
      if (kept.length > nearMissCount) kept.pop();
    },
    best(): NearMiss[] {
      return kept.map(({ entry, found }) => ({
        id: entry.id,
        method: entry.request.method,
        path: entry.request.path,
        status: entry.response.status,
        body: entry.request.body,
        differences: found,
      }));
    },
  };
}

export function describeTimes(times: Times): string {
  if (times.exactly !== undefined) return `exactly ${times.exactly}`;
  if (times.atLeast !== undefined && times.atMost !== undefined)
    return `between ${times.atLeast} and ${times.atMost}`;
  if (times.atMost !== undefined) return `at most ${times.atMost}`;
  return `at least ${times.atLeast ?? 1}`;
}
