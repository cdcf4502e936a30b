import { int64Violations } from '../../validation/int64-range.ts';
import { validateRequest } from '../../validation/prism-engine.ts';
import type { ParsedRequest } from '../request-states.ts';

/**
 * The contract's verdict on the request: what reading the body found (content type, malformed
 * JSON, nesting), else the schema checks and the int64 range.
 */
export function judgeRequest(parsed: ParsedRequest): ParsedRequest {
  const { operation, request } = parsed;
  if (parsed.requestViolations.length > 0) return parsed;
  const violations = [
    ...validateRequest(operation, request),
    ...int64Violations(operation, request.bigIntegers ?? []),
  ];
  return violations.length === 0 ? parsed : { ...parsed, requestViolations: violations };
}
