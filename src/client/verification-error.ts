import { formatVerification, type VerificationFailure } from './format-verification.ts';
import type { ErrorCode } from '../errors.ts';

/**
 * A verification found other requests than expected. The message names the pattern(s), the
 * expected and actual counts, and the closest recorded requests with what kept each from matching.
 *
 * @example
 * try {
 *   await mock.verify({ method: 'POST', path: '/plants' }, { exactly: 2 });
 * } catch (error) {
 *   if (error instanceof VerificationError) console.log(error.failure.result.nearMisses);
 * }
 */
export class VerificationError extends Error {
  readonly code = 'VERIFICATION_FAILED' satisfies ErrorCode;
  readonly failure: VerificationFailure;

  constructor(failure: VerificationFailure, options: { cause?: unknown } = {}) {
    super(formatVerification(failure), { cause: options.cause });
    this.name = 'VerificationError';
    this.failure = failure;
  }
}
