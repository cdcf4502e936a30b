import type { MaybePromise } from '../maybe-promise.ts';

// A step as the runner calls it; Flow's methods hold the types of the steps it chains.
type AnyStep = (value: unknown, deps: unknown) => unknown;

/**
 * Steps run in order, each on the previous one's typed result, stopping at the first that `done`
 * picks; synchronous until a step returns a promise (as fastify's hook runner).
 */
export class Flow<In, Out, Done, Deps> {
  private readonly steps: readonly AnyStep[];
  private readonly done: (value: unknown) => boolean;

  private constructor(steps: readonly AnyStep[], done: (value: unknown) => boolean) {
    this.steps = steps;
    this.done = done;
  }

  /** An empty flow whose run ends early at a result that `done` picks. */
  static start<In, Done, Deps>(done: (value: unknown) => boolean): Flow<In, In, Done, Deps> {
    return new Flow([], done);
  }

  /** This flow, then `step` on its result. */
  to<Next>(
    step: (value: Out, deps: Deps) => MaybePromise<Next | Done>,
  ): Flow<In, Next, Done, Deps> {
    return new Flow([...this.steps, step as AnyStep], this.done);
  }

  run(value: In, deps: Deps): MaybePromise<Out | Done> {
    return runFrom(this.steps, this.done, value, deps, 0) as MaybePromise<Out | Done>;
  }
}

function runFrom(
  steps: readonly AnyStep[],
  done: (value: unknown) => boolean,
  value: unknown,
  deps: unknown,
  from: number,
): unknown {
  let current = value;
  for (let index = from; index < steps.length && !done(current); index++) {
    const result = (steps[index] as AnyStep)(current, deps);
    if (result instanceof Promise) {
      return result.then((later: unknown) => runFrom(steps, done, later, deps, index + 1));
    }
    current = result;
  }
  return current;
}
