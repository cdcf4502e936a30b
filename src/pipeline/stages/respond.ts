import { HttpError } from '../../errors.ts';
import type { MaybePromise } from '../../maybe-promise.ts';
import { answerRequest } from '../../responders/answer-request.ts';
import { answerRefusal } from '../../responders/error-answer.ts';
import type { ModeAnswer } from '../../responders/response-mode.ts';
import { answerFromStub } from '../../responders/stubs/answer-from-stub.ts';
import { probeOf } from '../../responders/stubs/probe-of.ts';
import {
  answered,
  type AnsweredRequest,
  type StubbedRequest,
  type PipelineDeps,
  type SteeredRequest,
} from '../request-states.ts';

/**
 * Answers by the session's stub that matches the request (its use counted), else by the mode (and
 * the controls); a refusal within the contract is answered in the contract's shape. Synchronous
 * when the registry and the responder answer at once (in memory): no turn of the event loop.
 */
export function respond(
  steered: SteeredRequest,
  deps: PipelineDeps,
): MaybePromise<AnsweredRequest> {
  const { operation, request, arrival, controls, requestViolations } = steered;
  return deps.stubs.answer(
    arrival.session,
    () => probeOf(request, operation.operationId, requestViolations, deps.contract.current.secrets),
    (stub) => respondByStub({ ...steered, stub }, deps),
    () =>
      answeredBy(steered, () =>
        answerRequest(deps, operation, request, arrival.session, controls, requestViolations),
      ),
  );
}

/** Answers by the stub: its body, a named example or a fake for its status. */
export function respondByStub(
  stubbed: StubbedRequest,
  deps: PipelineDeps,
): MaybePromise<AnsweredRequest> {
  const { stub, operation, request, arrival, controls } = stubbed;
  const seed = controls.seed ?? deps.seed;
  return answeredBy(stubbed, () =>
    answerFromStub(stub, operation, request, arrival.session, deps.modes, seed),
  );
}

// The request answered by what `answer` gives, or by a refusal it throws (or rejects with).
function answeredBy(
  request: StubbedRequest | SteeredRequest,
  answer: () => MaybePromise<ModeAnswer>,
): MaybePromise<AnsweredRequest> {
  const refuse = (error: unknown): AnsweredRequest => {
    if (!(error instanceof HttpError)) throw error;
    return answered(request, answerRefusal(request.operation, error));
  };
  try {
    const given = answer();
    if (!(given instanceof Promise)) return answered(request, given);
    return given.then((later) => answered(request, later), refuse);
  } catch (error) {
    return refuse(error);
  }
}
