import type { Interaction } from '../interactions/interaction.ts';
import type { RequestPattern } from '../interactions/request-pattern.ts';
import type { Times } from '../interactions/times.ts';
import type { NearMiss, VerifyResult } from '../interactions/verify-requests.ts';
import { stringifyWithBigInts } from '../parsing/exact-json.ts';

/**
 * What a failed `verify` or `verifySequence` was asked and what the mock answered.
 *
 * @example
 * const { kind, patterns, result } = verificationError.failure;
 */
export interface VerificationFailure {
  kind: 'count' | 'sequence';
  session: string;
  /** One pattern for `verify`, the ordered list for `verifySequence`. */
  patterns: RequestPattern[];
  /** The mock's 422 body. */
  result: VerifyResult;
  /**
   * When more requests matched than allowed: those requests, oldest first. The near misses are
   * then beside the point (the failure is what matched), so the message lists these instead.
   */
  matches?: Interaction[];
}

/** How many matching requests a message lists before it says how many more there were. */
const listedMatches = 10;

/**
 * A failed verification as lines for a test report: pattern(s), expected against actual, then the
 * requests that matched when there were too many (`#id METHOD path -> status`), else one line per
 * near miss (`#id METHOD path -> status: differences`).
 *
 * @example
 * formatVerification({ kind: 'count', session: 'default', patterns: [{ path: '/plants' }], result });
 * // 'Failed to verify requests in session "default": expected at least 1 matching request, got 0.\n...'
 */
export function formatVerification({
  kind,
  session,
  patterns,
  result,
  matches,
}: VerificationFailure): string {
  const lines =
    kind === 'count'
      ? [
          `Failed to verify requests in session "${session}": expected ${result.expected} matching ${plural(result.expected)}, got ${result.count}.`,
          `Pattern: ${stringifyWithBigInts(patterns[0] ?? {})}`,
        ]
      : [
          `Failed to verify a sequence in session "${session}": expected ${result.expected} (matched ${result.count} of ${patterns.length}).`,
          'Patterns, in order:',
          ...patterns.map((pattern, index) => `  ${index}: ${stringifyWithBigInts(pattern)}`),
        ];
  // Data lost to a full journal comes first: it is why the verdict could not be reached.
  if (result.inconclusive)
    lines.splice(1, 0, result.message ?? `${result.dropped} requests were dropped.`);
  lines.push(
    ...(matches === undefined
      ? formatNearMisses(result.nearMisses, session)
      : ['Matching requests:', ...formatMatches(matches)]),
  );
  if (result.hint !== undefined) lines.push(result.hint);
  else
    lines.push(
      `Make sure the code under test sent its requests to this mock with the header X-Mock-Session: ${session}, or to the session's base URL (mock.baseUrl).`,
    );
  return lines.join('\n');
}

/**
 * Near misses, one per line, closest first; a single line when there are none.
 *
 * @example
 * formatNearMisses(result.nearMisses, 'default');
 * // ['Near misses, closest first:', '  #3 POST /plants -> 400: body.name: expected "Fern", got nothing']
 */
export function formatNearMisses(nearMisses: readonly NearMiss[], session: string): string[] {
  if (nearMisses.length === 0) return [`No recorded request in session "${session}" came close.`];
  return [
    'Near misses, closest first:',
    ...nearMisses.map(
      (miss) =>
        `  #${miss.id} ${miss.method} ${miss.path} -> ${miss.status}: ${miss.differences.join('; ')}`,
    ),
  ];
}

/**
 * Requests that matched a pattern, one per line, the first ten and then how many more.
 *
 * @example
 * formatMatches(await mock.find({ status: 200 }));
 * // ['  #1 POST /plants -> 200', '  #2 POST /plants -> 200']
 */
export function formatMatches(matches: readonly Interaction[]): string[] {
  const lines = matches
    .slice(0, listedMatches)
    .map(
      (entry) =>
        `  #${entry.id} ${entry.request.method} ${entry.request.path} -> ${entry.response.status}`,
    );
  const more = matches.length - listedMatches;
  return more > 0 ? [...lines, `  ... and ${more} more`] : lines;
}

/**
 * Whether a count is over what `times` allows (so the failure is too many, not too few).
 *
 * @example
 * isOverTimes(3, { atMost: 2 }); // true
 */
export function isOverTimes(count: number, times: Times = {}): boolean {
  return count > (times.exactly ?? times.atMost ?? Infinity);
}

function plural(expected: string): string {
  return /(^|\s)1$/.test(expected) ? 'request' : 'requests';
}
