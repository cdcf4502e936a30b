import { HttpError } from '../../errors.ts';
import { answerRefusal } from '../../responders/error-answer.ts';
import { checkCredentials } from '../../validation/check-credentials.ts';
import {
  answered,
  type AnsweredRequest,
  type ParsedRequest,
  type PipelineDeps,
} from '../request-states.ts';

/** Enforces the operation's security requirements: a request without them gets the 401. */
export function requireCredentials(
  parsed: ParsedRequest,
  deps: PipelineDeps,
): ParsedRequest | AnsweredRequest {
  const { operation, arrival } = parsed;
  try {
    checkCredentials(operation, arrival.headers, arrival.query, deps.tokens);
    return parsed;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const violations = [{ location: 'header/authorization', message: error.message }];
    return answered(parsed, answerRefusal(operation, error), violations);
  }
}
