import type { ContractOperation } from '../../contract/contract-operation.ts';
import { exampleNames, responseSchema, validateResponse } from '../../validation/prism-engine.ts';
import type { Violation } from '../../contract/violation.ts';
import { compilePathPattern } from '../../interactions/request-pattern.ts';
import type { StubDefinition } from './stub.ts';

/**
 * Holds a stub to the contract before it is registered: which operations its pattern can match,
 * and whether its status and body are ones each of them may answer with.
 *
 * @example
 * checkStub({ pattern: { operationId: 'createPlant' }, response: { status: 418, body: {} } }, operations);
 * // { operationIds: ['createPlant'], violations: [{ location: 'response/status', message: '418 is not declared for createPlant (declared: 200, 400)' }] }
 */
export function checkStub(
  definition: StubDefinition,
  operations: readonly ContractOperation[],
): { operationIds: string[]; violations: Violation[] } {
  const candidates = operations.filter((operation) => couldMatch(definition.pattern, operation));
  const violations: Violation[] = [];
  if (candidates.length === 0) {
    violations.push({ location: 'pattern', message: 'matches no operation of the contract' });
  }
  const response = definition.response;
  for (const operation of candidates) {
    if (response === undefined) break;
    const { status } = response;
    const implied = status === 401 && operation.security.length > 0;
    if (!operation.statuses.includes(status) && !implied) {
      violations.push({
        location: 'response/status',
        message: `${status} is not declared for ${operation.operationId} (declared: ${operation.statuses.join(', ')})`,
      });
      continue;
    }
    if (
      response.example !== undefined &&
      !exampleNames(operation, status).includes(response.example)
    ) {
      violations.push({
        location: 'response/example',
        message: `${operation.operationId} declares no example "${response.example}" for ${status}`,
      });
    }
    if (response.dynamic === true && responseSchema(operation, status) === undefined) {
      violations.push({
        location: 'response/dynamic',
        message: `${operation.operationId} declares no JSON schema to fake for ${status}`,
      });
    }
    if (response.body !== undefined && !implied) {
      const found = validateResponse(operation, {
        status,
        headers: { 'content-type': 'application/json', ...response.headers },
        body: response.body,
      });
      violations.push(
        ...found.map((v) => ({
          location: `response/${v.location}`,
          message: `${v.message} (${operation.operationId} ${status})`,
        })),
      );
    }
  }
  return { operationIds: candidates.map((op) => op.operationId), violations };
}

function couldMatch(pattern: StubDefinition['pattern'], operation: ContractOperation): boolean {
  if (pattern.operationId !== undefined && pattern.operationId !== operation.operationId)
    return false;
  if (pattern.method !== undefined && pattern.method.toUpperCase() !== operation.method)
    return false;
  if (pattern.path !== undefined && !operation.matcher.test(pattern.path)) return false;
  if (pattern.pathPattern !== undefined) {
    const regex = compilePathPattern(pattern.pathPattern);
    const example = operation.path.replace(/\{[^}]+\}/g, '1');
    if (!regex.test(operation.path) && !regex.test(example)) return false;
  }
  return true;
}
