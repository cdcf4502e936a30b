import {
  openContext,
  type Arrival,
  type Decision,
  type PipelineDeps,
  type Stage,
} from './context.ts';
import { checkCredentials } from './stages/check-credentials.ts';
import { checkSession } from './stages/check-session.ts';
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
export const finishingStages: readonly Stage[] = [judgeResponse, reportViolations, schedule];

/**
 * The mock's request pipeline: what to answer a request with, and when. It never touches the
 * connection: the transport delivers the decision (src/http/mock-lane.ts), and the observers
 * read it once the answer is out.
 *
 * @example
 * const decide = createPipeline(deps);
 * const decision = await decide({ method: 'POST', path: '/plants', query: {}, headers, session: 'default', body });
 */
export function createPipeline(deps: PipelineDeps) {
  return async function decide(arrival: Arrival): Promise<Decision> {
    const context = openContext(arrival);
    for (const stage of decidingStages) {
      const pending = stage(context, deps);
      const result = pending instanceof Promise ? await pending : pending;
      if (result.kind === 'refused') {
        const { error } = result;
        const problem = deps.contract.current.errorStyle === 'problem';
        return { kind: 'refuse', error: problem ? error.asProblem() : error };
      }
      if (result.kind === 'answered') break;
    }
    for (const stage of finishingStages) {
      const pending = stage(context, deps);
      if (pending instanceof Promise) await pending;
    }
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
  };
}

export type Pipeline = ReturnType<typeof createPipeline>;
