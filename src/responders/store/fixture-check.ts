import type { ContractOperation } from '../../contract/contract-operation.ts';
import type { Contract } from '../../contract/load-contract.ts';
import { validateRequest } from '../../validation/prism-engine.ts';
import { formatViolations } from '../../contract/violation.ts';

/** A fixture is checked against the contract before the server starts. */
export type CheckFixture = (record: unknown) => string | undefined;

/**
 * Fixtures are request bodies of the contract's first create-like operation (a POST with a JSON
 * body): each must have an id and pass that operation's request schema.
 */
export function fixtureCheck(contract: Contract): CheckFixture {
  const create = firstCreate(contract);
  return (record) => {
    if (
      record === null ||
      typeof record !== 'object' ||
      (record as { id?: unknown }).id === undefined
    ) {
      return 'must be an object with an id';
    }
    if (create === undefined) return undefined;
    const violations = validateRequest(create, {
      method: create.method,
      path: create.path,
      query: {},
      headers: { 'content-type': 'application/json' },
      body: record,
    });
    return violations.length === 0
      ? undefined
      : `does not match ${create.operationId}'s request body: ${formatViolations(violations)}`;
  };
}

/**
 * The contract's first create-like operation: a POST with a JSON body, which an array of
 * fixtures seeds.
 *
 * @example
 * firstCreate(contract)?.operationId; // 'createPlant'
 */
export function firstCreate(contract: Contract): ContractOperation | undefined {
  return contract.operations.find(
    (op) => op.method === 'POST' && op.requestMediaTypes.some((t) => t.includes('json')),
  );
}
