import type { ErrorCode } from '../errors.ts';

/**
 * The admin API answered with an error (or not at all). `status` is the HTTP status, 0 when the
 * mock could not be reached; `serverMessage` is the `message` of the mock's Error body.
 *
 * @example
 * try {
 *   await mock.count({ pathPattern: '(' });
 * } catch (error) {
 *   if (error instanceof MockClientError) console.log(error.status, error.serverMessage); // 400 'Failed to read ...'
 * }
 */
export class MockClientError extends Error {
  readonly code = 'MOCK_CLIENT_FAILED' satisfies ErrorCode;
  readonly status: number;
  readonly serverMessage: string | undefined;

  constructor(
    message: string,
    options: { status: number; serverMessage?: string | undefined; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = 'MockClientError';
    this.status = options.status;
    this.serverMessage = options.serverMessage;
  }
}
