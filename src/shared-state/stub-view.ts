import { AsyncLocalStorage } from 'node:async_hooks';

/** The stubs, as a replica last saw them, that an answer was chosen on. */
export interface StubView {
  /** The version they were at. */
  readonly version: string;
  /** Set by a write whose script found them still at that version, making it with them. */
  confirmed: boolean;
}

/**
 * The stubs' view the answer being made was chosen on: set by the registry around the answer, read
 * by the store's insert (undefined: the stubs as they were when the request arrived).
 */
export const answerView = new AsyncLocalStorage<StubView>();

/**
 * A write refused because the stubs its answer was chosen on changed: it is chosen again. It has
 * no code because it never reaches a user: only a write inside `answerView.run` can throw it, and
 * the registry that runs it (createRedisStubRegistry) catches it and answers again.
 */
export class StubViewStale extends Error {
  constructor() {
    super('The stubs changed since the request was matched against them.');
  }
}
