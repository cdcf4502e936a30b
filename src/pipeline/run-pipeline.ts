import type { HttpError } from '../errors.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import {
  openContext,
  type Arrival,
  type Decision,
  type PipelineDeps,
  type RequestContext,
  type Stage,
  type StageResult,
} from './context.ts';
import { checkCredentials } from './stages/check-credentials.ts';
import { checkSession } from './stages/check-session.ts';
import { confirmStubs } from './stages/confirm-stubs.ts';
import { judgeResponse } from './stages/judge-response.ts';
import { parseBody } from './stages/parse-body.ts';
import { readControls } from './stages/read-controls.ts';
import { reportViolations } from './stages/report-violations.ts';
import { respond } from './stages/respond.ts';
import { route } from './stages/route.ts';
import { schedule } from './stages/schedule.ts';
import { stubOutsideContract } from './stages/stub-outside-contract.ts';
import { takeStub } from './stages/take-stub.ts';
import { validateRequest } from './stages/validate-request.ts';

/**
 * The stages that choose the answer, in order; the first that answers (or refuses) ends them.
 * Adding a stage: a file in stages/ and a line here.
 */
export const decidingStages: readonly Stage[] = [
  checkSession,
  route,
  parseBody,
  stubOutsideContract,
  checkCredentials,
  validateRequest,
  readControls,
  takeStub,
  respond,
];

/** The stages that run on every chosen answer. */
export const finishingStages: readonly Stage[] = [
  confirmStubs,
  judgeResponse,
  reportViolations,
  schedule,
];

const stages: readonly Stage[] = [...decidingStages, ...finishingStages];
const lookupIndex = stages.indexOf(takeStub);

/**
 * The mock's request pipeline: what to answer a request with, and when. It never touches the
 * connection: the transport delivers the decision (src/http/mock-lane.ts), and the observers
 * read it once the answer is out. The decision comes at once when every stage answers at once
 * (the in-memory state), else as a promise; a stage's failure is thrown, or rejects it.
 *
 * @example
 * const decide = createPipeline(deps);
 * const decision = await decide({ method: 'POST', path: '/plants', query: {}, headers, session: 'default', body });
 */
export function createPipeline(deps: PipelineDeps) {
  return function decide(arrival: Arrival): MaybePromise<Decision> {
    return runStages(openContext(arrival), deps, 0);
  };
}

export type Pipeline = ReturnType<typeof createPipeline>;

// Runs the stages from `from` on, at once while they answer at once, and goes on from where one
// answered later. A deciding stage that answers skips to the finishing ones.
function runStages(
  context: RequestContext,
  deps: PipelineDeps,
  from: number,
): MaybePromise<Decision> {
  for (let index = from; index < stages.length; index++) {
    const result = (stages[index] as Stage)(context, deps);
    if (result instanceof Promise) {
      return result.then((later) => goOn(context, deps, index, later));
    }
    if (result.kind !== 'next' && result.kind !== 'answered') {
      return goOn(context, deps, index, result);
    }
    index = following(index, result) - 1;
  }
  return decisionOf(context);
}

// Goes on after the stage at `index` decided `result`.
function goOn(
  context: RequestContext,
  deps: PipelineDeps,
  index: number,
  result: StageResult,
): MaybePromise<Decision> {
  if (result.kind === 'refused') return refusal(result.error, deps);
  if (result.kind !== 'lookAgain') return runStages(context, deps, following(index, result));
  // What the answer was chosen on changed: only an assumed lookup can say so, and only once.
  if (context.lookedAgain)
    throw new Error('The stubs changed after a lookup that assumed nothing.');
  context.lookedAgain = true;
  context.stubsAssumed = undefined;
  context.answer = undefined;
  return runStages(context, deps, lookupIndex);
}

function following(index: number, result: StageResult): number {
  return result.kind === 'answered' && index < decidingStages.length
    ? decidingStages.length
    : index + 1;
}

// Refused outside the contract: in the contract's error style (see errorStyleOf).
function refusal(error: HttpError, deps: PipelineDeps): Decision {
  const problem = deps.contract.current.errorStyle === 'problem';
  return { kind: 'refuse', error: problem ? error.asProblem() : error };
}

function decisionOf(context: RequestContext): Decision {
  const { answer, request, operation, requestViolations, responseViolations } = context;
  if (answer === undefined || request === undefined) {
    throw new Error('The pipeline ended without an answer: its last deciding stage must answer.');
  }
  return {
    kind: 'answer',
    outcome: { ...answer, operation, request, requestViolations, responseViolations },
    delayMs: context.delayMs,
    fault: context.fault,
  };
}
