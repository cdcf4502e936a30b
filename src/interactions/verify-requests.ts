import type { Interaction } from './interaction.ts';
import { compilePattern, type RequestPattern } from './request-pattern.ts';
import { describeTimes, type Times } from './times.ts';

export type { Times };

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
  /** How many entries of the session (of every session for `*`) the full journal has dropped. */
  dropped: number;
  /**
   * True when the dropped entries could change the verdict: it then fails, whatever the count,
   * since a verification must not pass because data was lost (nor fail for it as if it were sure).
   */
  inconclusive: boolean;
  /**
   * When the shared store lost its data (Redis restarted empty) with this session's earlier
   * requests, an unknown number of which may have matched; absent when it did not.
   */
  lostAt?: string;
  /** Why the verdict is inconclusive, when it is. */
  message?: string;
  /**
   * When nothing matched in the session but requests of session `default` do: they were most
   * likely sent without the session (no `X-Mock-Session`, not on the session's base URL).
   */
  hint?: string;
}

const nearMissCount = 3;

/** Entries as a journal scan hands them out, or a plain list. */
type Entries = AsyncIterable<Interaction> | Iterable<Interaction>;

/**
 * Checks that the requests matching a pattern number as many as expected, reading each entry
 * once (a journal scan parses them one at a time and lets the event loop turn). `dropped` entries
 * of the session left the full journal unseen: any of them may have matched, so the true count
 * lies between `count` and `count + dropped`. The verdict passes only when every count in that
 * range passes; when some would pass and some would not, it fails as inconclusive and says why.
 *
 * @example
 * await verifyRequests(journal.scan('default'), { method: 'POST', path: '/plants' }, { exactly: 2 }, 0);
 * // { ok: false, count: 1, expected: 'exactly 2', nearMisses: [...], dropped: 0, inconclusive: false }
 */
export async function verifyRequests(
  entries: Entries,
  pattern: RequestPattern,
  times: Times = {},
  dropped = 0,
  /** When the shared store lost the session's earlier requests, if it did (see VerifyResult). */
  lostAt?: string,
): Promise<VerifyResult> {
  const differences = compilePattern(pattern);
  const misses = nearMissCollector();
  let count = 0;
  for await (const entry of entries) {
    const found = differences(entry);
    if (found.length === 0) count++;
    else misses.offer(entry, found);
  }
  const least = times.exactly ?? times.atLeast ?? (Object.keys(times).length > 0 ? 0 : 1);
  const most = times.exactly ?? times.atMost ?? Infinity;
  // Lost data hid any number of requests.
  const unseen = lostAt === undefined ? dropped : Infinity;
  const surely = least <= count && count + unseen <= most;
  const never = count + unseen < least || count > most;
  const inconclusive = !surely && !never;
  const expected = describeTimes(times);
  return {
    ok: surely,
    count,
    expected,
    nearMisses: surely ? [] : misses.best(),
    dropped,
    inconclusive,
    ...(lostAt === undefined ? {} : { lostAt }),
    ...(inconclusive
      ? {
          message: `Failed to verify: ${count} recorded ${count === 1 ? 'request matches' : 'requests match'}, but ${unseenRequests(dropped, lostAt)} that may have matched too, so "${expected}" cannot be decided. ${adviceOn(lostAt)}`,
        }
      : {}),
  };
}

// The requests an inconclusive verdict did not see, as both its messages say it.
const unseenRequests = (dropped: number, lostAt: string | undefined): string =>
  lostAt === undefined
    ? `the full journal dropped ${dropped} earlier ${dropped === 1 ? 'request' : 'requests'} of this session`
    : `the shared store lost its data at ${lostAt} (Redis restarted without persistence), with the earlier requests of this session`;

const adviceOn = (lostAt: string | undefined): string =>
  lostAt === undefined
    ? 'Make sure to raise --journal-limit, or to reset the session (POST /__admin/reset) at the start of each test so that its requests stay in the journal.'
    : 'Make sure to reset the session (POST /__admin/reset) or clear its requests (DELETE /__admin/requests) before the requests to verify, and to give Redis persistence (appendonly yes).';

/**
 * Checks that requests matching the patterns arrived in that order (others may come between).
 * `count` is how many of the patterns were matched in order.
 */
export async function verifySequence(
  entries: Entries,
  patterns: readonly RequestPattern[],
  dropped = 0,
  lostAt?: string,
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
    // The dropped entries came before every kept one: they may hold the start of the sequence.
    const inconclusive = dropped > 0 || lostAt !== undefined;
    return {
      ok: false,
      count: index,
      expected: `${patterns.length} requests in order; pattern ${index} (${JSON.stringify(patterns[index])}) was not found after the ${index} before it`,
      nearMisses: misses.best(),
      dropped,
      inconclusive,
      ...(lostAt === undefined ? {} : { lostAt }),
      ...(inconclusive
        ? {
            message: `Failed to verify the sequence: ${unseenRequests(dropped, lostAt)}, which may have held the requests not found. ${adviceOn(lostAt)}`,
          }
        : {}),
    };
  }
  return {
    ok: true,
    count: patterns.length,
    expected: `${patterns.length} requests in order`,
    nearMisses: [],
    dropped,
    inconclusive: false,
  };
}

/**
 * Keeps the entries that differ least from a pattern (but do differ), newest first among
 * equals: a few at a time, whatever the journal holds.
 */
function nearMissCollector() {
  const kept: { entry: Interaction; found: string[] }[] = [];
  const before = (a: (typeof kept)[number], b: (typeof kept)[number]): number =>
    a.found.length - b.found.length || Number(BigInt(b.entry.id) - BigInt(a.entry.id));
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
