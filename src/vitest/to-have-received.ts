import {
  describeTimes,
  formatMatches,
  VerificationError,
  type RequestPattern,
  type Times,
} from '../client/index.ts';
import type { MatcherState, SyncMatcherResult } from 'vitest';
import { asMockClient } from './as-mock-client.ts';
import { stringifyWithBigInts } from '../parsing/exact-json.ts';

/**
 * The older second argument of `toHaveReceived`, `{ times }`; it still works. Prefer passing the
 * times as `mock.verify` takes them: `toHaveReceived(pattern, { exactly: 1 })`.
 *
 * @example
 * await expect(mock).toHaveReceived({ path: '/plants' }, { times: { atMost: 2 } });
 */
export interface ReceivedOptions {
  times?: Times;
}

/**
 * `await expect(mock).toHaveReceived(pattern, times)`: the mock's session recorded as many
 * requests matching the pattern as `times` says (the shape `mock.verify` takes; at least 1 when
 * not given; `{ times }` is accepted too). Fails with the pattern, the count and the near misses,
 * or the requests that matched when there were too many. When the full journal dropped requests
 * of the session that could change the verdict, both the matcher and its `.not` fail, saying so:
 * a test must not pass because data was lost.
 *
 * @example
 * await expect(mock).toHaveReceived({ method: 'POST', path: '/plants' }, { exactly: 1 });
 * await expect(mock).not.toHaveReceived({ method: 'POST', body: { matches: { name: 'Ivy' } } });
 */
export async function toHaveReceived(
  this: MatcherState,
  received: unknown,
  pattern: RequestPattern,
  timesOrOptions: Times | ReceivedOptions = {},
): Promise<SyncMatcherResult> {
  const client = asMockClient(received, 'toHaveReceived');
  const wrapped = 'times' in timesOrOptions;
  const times = wrapped ? timesOrOptions.times : (timesOrOptions as Times);
  const given = times === undefined || Object.keys(times).length === 0 ? undefined : times;
  const shown =
    given === undefined
      ? ''
      : wrapped
        ? `, { times: ${JSON.stringify(given)} }`
        : `, ${JSON.stringify(given)}`;
  const call = `expect(mock)${this.isNot ? '.not' : ''}.toHaveReceived(pattern${shown})`;
  let count: number;
  try {
    count = await client.verify(pattern, given);
  } catch (error) {
    if (!(error instanceof VerificationError)) throw error;
    // Requests lost to a full journal may have matched: neither the claim nor its `.not` holds.
    const pass = error.failure.result.inconclusive && this.isNot;
    return { pass, message: () => `${call}\n\n${error.message}` };
  }
  // Only a `.not` shows the message of a pass; list what matched, since that is what it objects to.
  const matched = this.isNot ? await client.find(pattern) : [];
  return {
    pass: true,
    message: () =>
      [
        call,
        '',
        `Expected the number of requests matching the pattern in session "${client.sessionName}" not to be ${describeTimes(given)}, but it was ${count}.`,
        `Pattern: ${stringifyWithBigInts(pattern)}`,
        'Matching requests:',
        ...formatMatches(matched),
      ].join('\n'),
  };
}
