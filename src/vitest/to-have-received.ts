import {
  describeTimes,
  VerificationError,
  type RequestPattern,
  type Times,
} from '../client/index.ts';
import type { MatcherState, SyncMatcherResult } from 'vitest';
import { asMockClient } from './as-mock-client.ts';
import { stringifyWithBigInts } from '../parsing/exact-json.ts';

/**
 * Options of `toHaveReceived`: how many matching requests; at least 1 when not given.
 *
 * @example
 * await expect(mock).toHaveReceived({ path: '/plants' }, { times: { atMost: 2 } });
 */
export interface ReceivedOptions {
  times?: Times;
}

/**
 * `await expect(mock).toHaveReceived(pattern, { times })`: the mock's session recorded as many
 * requests matching the pattern as expected. Fails with the pattern, the count and the near misses.
 * When the full journal dropped requests of the session that could change the verdict, both the
 * matcher and its `.not` fail, saying so: a test must not pass because data was lost.
 *
 * @example
 * await expect(mock).toHaveReceived({ method: 'POST', path: '/plants' }, { times: { exactly: 1 } });
 * await expect(mock).not.toHaveReceived({ method: 'POST', body: { matches: { name: 'Ivy' } } });
 */
export async function toHaveReceived(
  this: MatcherState,
  received: unknown,
  pattern: RequestPattern,
  options: ReceivedOptions = {},
): Promise<SyncMatcherResult> {
  const client = asMockClient(received, 'toHaveReceived');
  const call = `expect(mock)${this.isNot ? '.not' : ''}.toHaveReceived(pattern${options.times === undefined ? '' : `, { times: ${JSON.stringify(options.times)} }`})`;
  let count: number;
  try {
    count = await client.verify(pattern, options.times);
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
        `Expected the number of requests matching the pattern in session "${client.sessionName}" not to be ${describeTimes(options.times)}, but it was ${count}.`,
        `Pattern: ${stringifyWithBigInts(pattern)}`,
        'Matching requests:',
        ...matched.map(
          (entry) =>
            `  #${entry.id} ${entry.request.method} ${entry.request.path} -> ${entry.response.status}`,
        ),
      ].join('\n'),
  };
}
