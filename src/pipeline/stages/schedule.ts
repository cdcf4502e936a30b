import { next, type Stage } from '../context.ts';

/**
 * When and how the answer goes out: its delay (the controls', else the stub's, else one drawn
 * from --delay) and the fault to answer with instead, if one was asked for.
 */
export const schedule: Stage = (context, deps) => {
  const { controls, stub } = context;
  context.delayMs = controls.delayMs ?? stub?.delayMs ?? pickDelay(deps.delay);
  context.fault = controls.fault ?? stub?.fault;
  return next;
};

function pickDelay({ min, max }: { min: number; max: number }): number {
  return min === max ? min : min + Math.floor(Math.random() * (max - min + 1));
}
