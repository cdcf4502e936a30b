import type { ContractOperation } from '../../contract/contract-operation.ts';
import type { Violation } from '../../contract/violation.ts';
import type { ModeAnswer } from '../../responders/response-mode.ts';
import { validateResponse } from '../../validation/prism-engine.ts';
import { next, type Stage } from '../context.ts';

/** The contract's verdict on the chosen answer; every violation is also reported (logged). */
export const judgeResponse: Stage = (context, deps) => {
  const { operation, answer } = context;
  if (answer === undefined) return next;
  const violations = verdictOn(operation, answer);
  context.responseViolations = violations;
  if (violations.length > 0) {
    deps.onResponseViolations(operation?.operationId ?? null, answer.response.status, violations);
  }
  return next;
};

function verdictOn(operation: ContractOperation | undefined, answer: ModeAnswer): Violation[] {
  if (operation === undefined) {
    return [
      {
        location: 'operation',
        message: `no operation of the contract answers this request; ${answer.source} did`,
      },
    ];
  }
  // A 401 is implied by the operation's security requirement even where it is not declared.
  const implied = answer.response.status === 401 && operation.security.length > 0;
  return validateResponse(operation, answer.response).filter(
    (v) => !(implied && v.location === 'status'),
  );
}
