import type { ContractOperation } from '../../contract/contract-operation.ts';
import { HttpError } from '../../errors.ts';
import { answerFromStub } from '../../responders/stubs/answer-from-stub.ts';
import { StubsChanged } from '../../responders/stubs/stub-registry.ts';
import { answerRequest } from '../../responders/answer-request.ts';
import {
  answered,
  lookAgain,
  type RequestContext,
  type Stage,
  type StageResult,
} from '../context.ts';
import { answerRefusal } from '../../responders/error-answer.ts';

/**
 * Answers by the stub that matched, else by the mode (and the controls). Synchronous when the
 * responder answers at once (the in-memory store, a static answer): no turn of the event loop.
 */
export const respond: Stage = (context, deps) => {
  const { stub, operation, request, arrival, controls, requestViolations } = context;
  if (request === undefined) throw new Error('respond runs after parseBody');
  try {
    const answer =
      stub !== undefined
        ? answerFromStub(
            stub,
            operation,
            request,
            arrival.session,
            deps.modes,
            controls.seed ?? deps.seed,
          )
        : answerRequest(
            deps,
            operation as ContractOperation,
            request,
            arrival.session,
            controls,
            requestViolations,
            context.stubsAssumed,
          );
    if (!(answer instanceof Promise)) {
      context.answer = answer;
      return answered;
    }
    return answer.then(
      (later) => {
        context.answer = later;
        return answered;
      },
      (error: unknown) => refuseWith(context, error),
    );
  } catch (error) {
    return refuseWith(context, error);
  }
};

// A refusal within the contract is an answer; a write refused because the stubs changed (see
// StubsAssumption) looks again; anything else is the pipeline's failure.
function refuseWith(context: RequestContext, error: unknown): StageResult {
  if (error instanceof StubsChanged) return lookAgain;
  if (!(error instanceof HttpError)) throw error;
  context.answer = answerRefusal(context.operation, error);
  return answered;
}
