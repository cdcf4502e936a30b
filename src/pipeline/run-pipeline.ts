import { whenReady, type MaybePromise } from '../maybe-promise.ts';
import { Flow } from './flow.ts';
import {
  isAnswered,
  type AnsweredRequest,
  type Arrival,
  type Outcome,
  type PipelineDeps,
  type RoutedRequest,
} from './request-states.ts';
import { requireCredentials } from './stages/require-credentials.ts';
import { checkSession } from './stages/check-session.ts';
import { forwardUpstream } from './stages/forward-upstream.ts';
import { judgeResponse } from './stages/judge-response.ts';
import { readControls } from './stages/read-controls.ts';
import { readRequest } from './stages/read-request.ts';
import { reportViolations } from './stages/report-violations.ts';
import { respond, respondByStub } from './stages/respond.ts';
import { schedule } from './stages/schedule.ts';
import { takeOutsideStub, type UnroutedRequest } from './stages/take-outside-stub.ts';
import { judgeRequest } from './stages/judge-request.ts';

/**
 * The stages that choose the answer to a request the contract routes, in order; the first that
 * answers ends them. Adding a stage: a file in stages/ and a line here.
 */
const withinContract = Flow.start<RoutedRequest, AnsweredRequest, PipelineDeps>(isAnswered)
  .to(readRequest)
  .to(requireCredentials)
  .to(judgeRequest)
  .to(readControls)
  .to(forwardUpstream)
  .to(respond);

/** Outside the contract only a stub answers; without one the request is refused (404, 405). */
const outsideContract = Flow.start<UnroutedRequest, AnsweredRequest, PipelineDeps>(isAnswered)
  .to(takeOutsideStub)
  .to(readControls)
  .to(respondByStub);

/**
 * The request pipeline: what to answer a request with, and when; the transport delivers the
 * outcome. At once when every stage answers at once (in memory), else a promise; a request refused
 * outside the contract (404, 405, a bad session name) throws or rejects with its HttpError.
 */
export function createPipeline(deps: PipelineDeps) {
  return function decide(arrival: Arrival): MaybePromise<Outcome> {
    checkSession(arrival, deps);
    const route = deps.contract.route(arrival.method, arrival.path);
    const answered =
      route.kind === 'matched'
        ? withinContract.run({ arrival, operation: route.operation }, deps)
        : outsideContract.run({ arrival, route }, deps);
    return whenReady(answered, (request) => finish(request, deps));
  };
}

export type Pipeline = ReturnType<typeof createPipeline>;

// The stages that run on every chosen answer, all at once.
function finish(answered: AnsweredRequest, deps: PipelineDeps): Outcome {
  return reportViolations(judgeResponse(schedule(answered, deps), deps), deps);
}
