import type { MockClient } from '../client/index.ts';
import { MatcherUsageError } from './matcher-usage-error.ts';

/**
 * The value given to `expect()` as a MockClient, or a MatcherUsageError saying what to pass.
 *
 * @example
 * const client = asMockClient(received, 'toHaveReceived');
 */
export function asMockClient(received: unknown, matcher: string): MockClient {
  const candidate = received as Partial<MockClient> | null | undefined;
  if (
    typeof candidate?.verify === 'function' &&
    typeof candidate.coverage === 'function' &&
    typeof candidate.find === 'function' &&
    typeof candidate.sessionName === 'string'
  ) {
    return candidate as MockClient;
  }
  throw new MatcherUsageError(
    `Failed to check ${matcher}: expect() was given ${describe(received)}, not a MockClient. Make sure to pass the client, e.g. await expect(createMockClient({ url })).${matcher}(...).`,
  );
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object')
    return `an object with keys ${Object.keys(value).join(', ') || '(none)'}`;
  return `a ${typeof value}`;
}
