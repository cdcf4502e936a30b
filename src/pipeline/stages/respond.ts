import { HttpError } from '../../errors.ts';
import type { MaybePromise } from '../../maybe-promise.ts';
import { answerRequest } from '../../responders/answer-request.ts';
import { answerRefusal } from '../../responders/error-answer.ts';
import type { ModeAnswer } from '../../responders/response-mode.ts';
import { answerFromStub } from '../../responders/stubs/answer-from-stub.ts';
import {
  answered,
  type AnsweredRequest,
  type MatchedRequest,
  type StubbedRequest,
  type PipelineDeps,
} from '../request-states.ts';

/**
 * Answers by the stub that matched, else by the mode (and the controls); a refusal within the
 * contract is answered in the contract's shape. Synchronous when the responder answers at once
 * (the in-memory store, a static answer): no turn of the event loop.
 */
export function respond(
  matched: MatchedRequest,
  deps: PipelineDeps,
): MaybePromise<AnsweredRequest> {
  if (matched.stub !== undefined) return respondByStub({ ...matched, stub: matched.stub }, deps);
  const { operation, request, arrival, controls, requestViolations } = matched;
  return answeredBy(matched, () =>
    answerRequest(deps, operation, request, arrival.session, controls, requestViolations),
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
  request: StubbedRequest | MatchedRequest,
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
