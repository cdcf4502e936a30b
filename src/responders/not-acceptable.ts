import { chooseResponse, declaredResponse } from '../contract/choose-response.ts';
import type { ContractOperation } from '../contract/contract-operation.ts';
import { problemDetails } from '../contract/problem-details.ts';
import { HttpError } from '../errors.ts';

/**
 * Refuses, with 406, a request whose `Accept` header allows none of the contents the contract
 * declares for the status it is to be answered with: before any mode answers, so that every mode
 * negotiates alike (a stateful answer too).
 *
 * @example
 * requireAcceptable(getTodo, 200, 'image/png'); // throws NOT_ACCEPTABLE
 */
export function requireAcceptable(
  operation: ContractOperation,
  status: number,
  accept: string | undefined,
): void {
  if (accept === undefined) return;
  const choice = chooseResponse(operation, status, accept);
  if (!choice.ok && choice.status === 406) throw notAcceptable(operation, status, choice.reason);
}

/** The 406 for a response the `Accept` header allows none of the contents of. */
export function notAcceptable(
  operation: ContractOperation,
  status: number,
  reason: string,
): HttpError {
  const declared = (declaredResponse(operation, status)?.contents ?? []).map((c) => c.mediaType);
  return new HttpError(
    'NOT_ACCEPTABLE',
    `${reason}: ${operation.operationId} declares its ${status} response as ${declared.join(', ')}. Make sure the Accept header allows one of them.`,
    { problem: problemDetails('NOT_ACCEPTABLE', reason) },
  );
}
