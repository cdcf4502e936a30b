import { HttpError } from '../../errors.ts';
import { checkCredentials as checkSecurity } from '../../validation/check-credentials.ts';
import { answered, next, type Stage } from '../context.ts';
import { answerRefusal } from '../../responders/error-answer.ts';

/** Enforces the operation's security requirements: a request without them gets the 401. */
export const checkCredentials: Stage = (context, deps) => {
  const { operation, arrival } = context;
  if (operation === undefined) return next;
  try {
    checkSecurity(operation, arrival.headers, arrival.query, deps.tokens);
    return next;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    context.requestViolations = [{ location: 'header/authorization', message: error.message }];
    context.answer = answerRefusal(context.operation, error);
    return answered;
  }
};
