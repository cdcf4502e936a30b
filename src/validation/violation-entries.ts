import type { IPrismDiagnostic } from '@stoplight/prism-core';
import { DiagnosticSeverity } from '@stoplight/types';
import type { ContractOperation } from '../contract/contract-operation.ts';
import type { EngineRequest, EngineResponse } from '../contract/engine-messages.ts';
import type { Violation } from '../contract/violation.ts';
import { prismRequestDiagnostics, prismResponseDiagnostics } from './prism-engine.ts';

/**
 * One violation as Prism lists it (in a problem's `validation` and the `sl-violations` header):
 * where, how bad, the JSON Schema keyword (or status) that failed, and Prism's wording.
 */
export interface ViolationEntry {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/**
 * The request's violations in Prism's words, warnings (a deprecated parameter) included; empty
 * when Prism's validator finds none. Only error answers and the opt-in header pay for this
 * second check.
 *
 * @example
 * requestEntries(sowTray, request); // [{ location: ['body'], severity: 'Error', code: 'required', message: "Request body must have required property 'cells'" }]
 */
export function requestEntries(
  operation: ContractOperation,
  request: EngineRequest,
): ViolationEntry[] {
  return prismRequestDiagnostics(operation, request).map(toEntry);
}

/**
 * The answer's violations in Prism's words (`Response body must be object`).
 *
 * @example
 * responseEntries(listTrays, { status: 200, headers: {}, body: 123 }); // [{ location: ['body'], severity: 'Error', code: 'type', message: 'Response body must be object' }]
 */
export function responseEntries(
  operation: ContractOperation,
  response: EngineResponse,
): ViolationEntry[] {
  return prismResponseDiagnostics(operation, response).map(toEntry);
}

/**
 * The mock's own violation (a body it could not read, an int64 out of range) as an entry.
 *
 * @example
 * entryOf({ location: 'body/id', message: 'must be integer' }); // { location: ['body', 'id'], severity: 'Error', message: 'must be integer' }
 */
export function entryOf(violation: Violation): ViolationEntry {
  return { location: violation.location.split('/'), severity: 'Error', message: violation.message };
}

function toEntry(diagnostic: IPrismDiagnostic): ViolationEntry {
  return {
    location: (diagnostic.path ?? []).map(String),
    severity: DiagnosticSeverity[diagnostic.severity],
    ...(diagnostic.code === undefined ? {} : { code: diagnostic.code }),
    message: diagnostic.message,
  };
}
