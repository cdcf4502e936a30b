/**
 * A matcher was used wrongly (not given a MockClient, or an operation the contract lacks), or
 * `useMockSession()` ran without the global setup that provides the mock. Thrown
 * rather than reported as a failed expectation, so that `.not` cannot turn the mistake into a pass.
 *
 * @example
 * await expect({}).toHaveReceived({ path: '/plants' }); // throws MatcherUsageError
 */
export class MatcherUsageError extends Error {
  readonly code = 'MATCHER_MISUSED';

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'MatcherUsageError';
  }
}
