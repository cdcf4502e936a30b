import type { HttpError } from '../errors.ts';
import { errorAnswer } from './answer-request.ts';
import { answered, type RequestContext, type StageResult } from './context.ts';

/**
 * Answers a request that a stage refused within the contract (no credentials, unreadable
 * controls, a status the operation does not declare) with the contract's shape for that status.
 *
 * @example
 * return answerRefusal(context, new HttpError('UNAUTHORIZED', 'Missing credentials.'));
 */
export function answerRefusal(context: RequestContext, error: HttpError): StageResult {
  context.answer = errorAnswer(
    context.operation,
    error.status,
    error.message,
    `error:${error.code}`,
    error.headers,
    error.problem,
  );
  return answered;
}
