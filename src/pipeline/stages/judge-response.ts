import type { ContractOperation } from '../../contract/contract-operation.ts';
import type { Violation } from '../../contract/violation.ts';
import { isOwnAnswer, type ModeAnswer } from '../../responders/response-mode.ts';
import { validateResponse } from '../../validation/prism-engine.ts';
import type { Outcome, PipelineDeps } from '../request-states.ts';

/** The contract's verdict on the chosen answer; every violation is also reported (logged). */
export function judgeResponse(outcome: Outcome, deps: PipelineDeps): Outcome {
  const { operation } = outcome;
  // The mock's own answers (its errors, a forced status) are made to fit the contract where it
  // declares them; they are never the API breaking it. A fault goes out in place of the answer,
  // so that answer is never sent: the journal records the fault as the break.
  if (isOwnAnswer(outcome.source) || outcome.fault !== undefined) return outcome;
  const responseViolations = verdictOn(operation, outcome);
  if (responseViolations.length === 0) return outcome;
  const { status } = outcome.response;
  deps.onResponseViolations(operation?.operationId ?? null, status, responseViolations);
  return { ...outcome, responseViolations };
}

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
