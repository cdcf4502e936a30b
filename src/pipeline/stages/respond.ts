import type { ContractOperation } from '../../contract/contract-operation.ts';
import { HttpError } from '../../errors.ts';
import { answerFromStub } from '../../responders/stubs/answer-from-stub.ts';
import { answerRequest } from '../answer-request.ts';
import { answered, type Stage } from '../context.ts';
import { answerRefusal } from '../refusal.ts';

/** Answers by the stub that matched, else by the mode (and the controls). */
export const respond: Stage = async (context, deps) => {
  const { stub, operation, request, arrival, controls, requestViolations } = context;
  if (request === undefined) throw new Error('respond runs after parseBody');
  try {
    context.answer =
      stub !== undefined
        ? await answerFromStub(
            stub,
            operation,
            request,
            arrival.session,
            deps.modes,
            controls.seed ?? deps.seed,
          )
        : await answerRequest(
            deps,
            operation as ContractOperation,
            request,
            arrival.session,
            controls,
            requestViolations,
          );
    return answered;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return answerRefusal(context, error);
  }
};
