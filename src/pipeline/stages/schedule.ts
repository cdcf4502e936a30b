import type { JudgedRequest, Outcome, PipelineDeps } from '../request-states.ts';

/**
 * When and how the answer goes out: its delay (the controls', else the stub's, else one drawn
 * from --delay) and the fault to answer with instead, if one was asked for.
 */
export function schedule(judged: JudgedRequest, deps: PipelineDeps): Outcome {
  const { answer, controls, stub } = judged;
  return {
    response: answer.response,
    source: answer.source,
    operation: judged.operation,
    request: judged.request,
    requestViolations: judged.requestViolations,
    responseViolations: judged.responseViolations,
    delayMs: controls.delayMs ?? stub?.delayMs ?? pickDelay(deps.delay),
    fault: controls.fault ?? stub?.fault,
  };
}

function pickDelay({ min, max }: { min: number; max: number }): number {
  return min === max ? min : min + Math.floor(Math.random() * (max - min + 1));
}
