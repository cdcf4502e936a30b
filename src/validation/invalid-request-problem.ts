import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineRequest } from '../contract/engine-messages.ts';
import {
  invalidRequestDetail,
  malformedPathDetail,
  problemDetails,
} from '../contract/problem-details.ts';
import type { Violation } from '../contract/violation.ts';
import type { ProblemDetails } from '../errors.ts';
import { entryOf, requestEntries } from './violation-entries.ts';

/**
 * The 422 problem for an invalid request whose contract declares no 4XX status (RFC 7807, with
 * the `validation` list Prism writes), or the 400 one for a malformed path parameter: Prism's own wording of each violation where its validator
 * finds them, else the mock's violations (a body that could not be read, an int64 out of range).
 *
 * @example
 * invalidRequestProblem(sowTray, request, violations).validation;
 * // [{ location: ['body'], severity: 'Error', code: 'required', message: "Request body must have required property 'cells'" }]
 */
export function invalidRequestProblem(
  operation: ContractOperation,
  request: EngineRequest,
  violations: readonly Violation[],
  status: 400 | 422 = 422,
): ProblemDetails {
  const found = requestEntries(operation, request);
  const [kind, detail] =
    status === 400
      ? (['BAD_REQUEST', malformedPathDetail] as const)
      : (['UNPROCESSABLE_ENTITY', invalidRequestDetail] as const);
  return problemDetails(kind, detail, {
    validation: found.length > 0 ? found : violations.map(entryOf),
  });
}
