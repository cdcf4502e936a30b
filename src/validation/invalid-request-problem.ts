import { DiagnosticSeverity } from '@stoplight/types';
import * as E from 'fp-ts/lib/Either.js';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineRequest } from '../contract/engine-messages.ts';
import { prismValidator } from '../contract/prism-internals.ts';
import { invalidRequestDetail, problemDetails } from '../contract/problem-details.ts';
import type { Violation } from '../contract/violation.ts';
import type { ProblemDetails } from '../errors.ts';
import { toPrismRequest } from './prism-engine.ts';

/** One entry of the problem's `validation` list, as Prism lists a request's violations. */
interface ValidationEntry {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/**
 * The 422 problem for an invalid request whose contract declares no 422 or 400 (RFC 7807, with
 * the `validation` list Prism writes): Prism's own wording of each violation where its validator
 * finds them, else the mock's violations (a body that could not be read, an int64 out of range).
 * Only an error answer reaches this: the valid requests never pay for the second check.
 *
 * @example
 * invalidRequestProblem(createTodo, request, violations).validation;
 * // [{ location: ['body'], severity: 'Error', code: 'required', message: "Request body must have required property 'id'" }]
 */
export function invalidRequestProblem(
  operation: ContractOperation,
  request: EngineRequest,
  violations: readonly Violation[],
): ProblemDetails {
  return problemDetails('UNPROCESSABLE_ENTITY', invalidRequestDetail, {
    validation: prismEntries(operation, request) ?? violations.map(toEntry),
  });
}

function prismEntries(
  operation: ContractOperation,
  request: EngineRequest,
): ValidationEntry[] | undefined {
  const result = prismValidator().validateInput({
    resource: operation.resource,
    element: toPrismRequest(request),
  });
  if (E.isRight(result) || result.left.length === 0) return undefined;
  return result.left.map((d) => ({
    location: (d.path ?? []).map(String),
    severity: DiagnosticSeverity[d.severity],
    ...(d.code === undefined ? {} : { code: d.code }),
    message: d.message,
  }));
}

function toEntry(violation: Violation): ValidationEntry {
  return {
    location: violation.location.split('/'),
    severity: 'Error',
    message: violation.message,
  };
}
