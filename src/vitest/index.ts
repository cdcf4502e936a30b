/**
 * `plant-store-mock/vitest`: importing it adds `toHaveReceived` and `toHaveCovered` to vitest's
 * `expect`. Both are async: await them. With `plant-store-mock/vitest/global-setup` in the
 * config, `useMockSession()` gives each test file a client of the suite's mock in a session of
 * its own.
 *
 * @example
 * import { useMockSession } from 'plant-store-mock/vitest';
 * const mock = useMockSession();
 * await expect(mock).toHaveReceived({ method: 'POST', path: '/plants' }, { exactly: 1 });
 * await expect(mock).toHaveCovered('createPlant', [200, 400]);
 */
import { expect } from 'vitest';
import type { RequestPattern, Times } from '../client/index.ts';
import { toHaveCovered } from './to-have-covered.ts';
import { toHaveReceived, type ReceivedOptions } from './to-have-received.ts';

expect.extend({ toHaveReceived, toHaveCovered });

export { toHaveReceived, toHaveCovered, type ReceivedOptions };
export { MatcherUsageError } from './matcher-usage-error.ts';
export { useMockSession } from './use-mock-session.ts';
export type { ProvidedMock } from './provided-mock.ts';
export { writePact, writePactAfterAll, type PactFileOptions } from './write-pact-after-all.ts';

// Assertion only, not Matchers: an async matcher cannot work as an asymmetric one
// (`expect.toHaveReceived(...)` inside toEqual would never match), so it is not offered there.
declare module 'vitest' {
  // The type parameters repeat vitest's own, or the declarations would not merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface Assertion<R extends void | Promise<void> = void, T = unknown> {
    /**
     * Passes when the client's session recorded as many requests matching the pattern as
     * `times` says (at least 1 by default), given as `mock.verify` takes it (`{ times }` works
     * too). Await it.
     *
     * @example
     * await expect(mock).toHaveReceived({ method: 'POST', path: '/plants' }, { exactly: 1 });
     */
    toHaveReceived(pattern: RequestPattern, times?: Times | ReceivedOptions): Promise<void>;
    /**
     * Passes when the client's session answered the operation with every one of the statuses
     * (by default every status the contract declares for it). Await it.
     *
     * @example
     * await expect(mock).toHaveCovered('createPlant', [200, 400]);
     */
    toHaveCovered(operationId: string, statuses?: readonly (number | string)[]): Promise<void>;
  }
}
