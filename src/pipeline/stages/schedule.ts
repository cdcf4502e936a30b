import type { Violation } from '../../contract/violation.ts';
import type { AnsweredRequest, Outcome, PipelineDeps } from '../request-states.ts';

const noViolations: readonly Violation[] = Object.freeze([]);

/**
 * The outcome of the answered request, and when and how its answer goes out: its delay (the
 * controls', else the stub's, else one drawn from --delay) and the fault to answer with instead,
 * if one was asked for. The answer is judged next (judgeResponse).
 */
export function schedule(answered: AnsweredRequest, deps: PipelineDeps): Outcome {
  const { answer, controls, stub } = answered;
  return {
    response: answer.response,
    source: answer.source,
    operation: answered.operation,
    request: answered.request,
    requestViolations: answered.requestViolations,
    responseViolations: noViolations,
    delayMs: controls.delayMs ?? stub?.delayMs ?? pickDelay(deps.delay),
    fault: controls.fault ?? stub?.fault,
  };
}

function pickDelay({ min, max }: { min: number; max: number }): number {
  return min === max ? min : min + Math.floor(Math.random() * (max - min + 1));
}
