import { HttpError } from '../../errors.ts';
import type { MaybePromise } from '../../maybe-promise.ts';
import type { Interaction } from '../../interactions/interaction.ts';
import type { Stub } from './stub.ts';

/** How many stubs the registry holds (see the --stub-limit and --session-stub-limit flags). */
export interface StubLimits {
  /** Over all sessions. */
  limit: number;
  /** In one session. */
  sessionLimit: number;
}

/** What StubRegistry.take found. */
export interface Taken {
  /** The stub that answers, its use counted; undefined when none matches. */
  readonly stub: Stub | undefined;
  /** Set when no stub matched the stubs as this replica last saw them, which may be stale. */
  readonly assumed?: StubsAssumption;
}

/**
 * What a shared registry assumed when it found no stub without asking its store whether the stubs
 * changed (the request then waits for one round trip to the store, not two): that they were still
 * at `version`. An answer chosen on it stands only once that is confirmed, by a write that checks
 * it (RecordStore.insert throws StubsChanged) or by `holds()`; else the request is decided again.
 */
export interface StubsAssumption {
  readonly version: string;
  /** Set by a write that checked the assumption in the store and found that it held. */
  confirmed: boolean;
  /** Whether the stubs were at `version` (or a later one read since) when the request arrived. */
  holds(): Promise<boolean>;
}

/** A write refused because the stubs it was chosen on changed (see StubsAssumption). */
export class StubsChanged extends Error {
  constructor() {
    super('The stubs changed since the request was matched against them.');
  }
}

/** What take() gives when no stub matches and nothing was assumed. */
export const nothingTaken: Taken = Object.freeze({ stub: undefined });

/**
 * Where the stubs of every session are registered and matched. createStubRegistry keeps them in
 * memory; a shared registry (several replicas of the mock) can stand behind the same interface,
 * answering later (MaybePromise).
 */
export interface StubRegistry {
  /** A new stub id, unique in this registry. */
  nextId(): string;
  /** Registers the stub; fails with a 400 HttpError past the stub limits. */
  add(stub: Stub): MaybePromise<void>;
  /**
   * The stub that answers the request of `probeOf` in the session, its use counted (once). With
   * `mayAssume`, a shared registry may match against the stubs as it last saw them, without
   * asking its store whether they changed: the result then says what it assumed.
   */
  take(
    session: string,
    probeOf: () => Interaction,
    options?: { mayAssume?: boolean },
  ): MaybePromise<Taken>;
  /** The session's stubs, in match order. */
  list(session: string): MaybePromise<Stub[]>;
  get(session: string, id: string): MaybePromise<Stub | undefined>;
  /** False when the session has no such stub. */
  remove(session: string, id: string): MaybePromise<boolean>;
  /** Removes the session's stubs (every stub for `*`). */
  clear(session: string): MaybePromise<void>;
  /** How many stubs the session holds (all of them for `*`). */
  count(session: string): MaybePromise<number>;
}

/**
 * The 400 for a stub past a limit: the session's (`session`) or the mock's (`total`).
 *
 * @example
 * throw stubLimitError('total', { limit: 1000, sessionLimit: 200 }, stub);
 */
export function stubLimitError(
  kind: 'session' | 'total',
  limits: StubLimits,
  stub: Pick<Stub, 'session'>,
): HttpError {
  return new HttpError(
    'INVALID_ADMIN_REQUEST',
    kind === 'session'
      ? `Failed to register the stub: session "${stub.session}" holds ${limits.sessionLimit} stubs, the limit (--session-stub-limit). Make sure to remove stubs it no longer needs (DELETE /__admin/stubs), or raise the limit.`
      : `Failed to register the stub: the mock holds ${limits.limit} stubs over all sessions, the limit (--stub-limit). Make sure to remove stubs that are no longer needed (DELETE /__admin/stubs), or raise the limit.`,
  );
}
