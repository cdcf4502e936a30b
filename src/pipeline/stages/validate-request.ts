import { validateRequest as checkRequest } from '../../validation/prism-engine.ts';
import { int64Violations } from '../../validation/int64-range.ts';
import { next, type Stage } from '../context.ts';

/**
 * The contract's verdict on the request: what reading the body found (content type, malformed
 * JSON, nesting), else the schema checks and the int64 range.
 */
export const validateRequest: Stage = (context) => {
  const { operation, request, body } = context;
  if (operation === undefined || request === undefined || body === undefined) return next;
  context.requestViolations =
    body.violations.length > 0
      ? body.violations
      : [...checkRequest(operation, request), ...int64Violations(operation, body.bigIntegers)];
  return next;
};
