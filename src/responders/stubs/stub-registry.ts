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
   * The stub that answers the request of `probeOf` in the session, its use counted (once), chosen
   * among the stubs as they were when the request arrived or later; undefined when none matches.
   */
  take(session: string, probeOf: () => Interaction): MaybePromise<Stub | undefined>;
  /**
   * Answers the request of `probeOf` in the session by `byStub` with the stub that take finds,
   * else by `otherwise`. A shared registry may first answer on the stubs as it last saw them, and
   * answer again when they had changed before the request arrived: only that answer counts, and a
   * shared store made no write of the first.
   */
  answer<A>(
    session: string,
    probeOf: () => Interaction,
    byStub: (stub: Stub) => MaybePromise<A>,
    otherwise: () => MaybePromise<A>,
  ): MaybePromise<A>;
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

/** A registry's stub with its registration order (stub ids grow with time). */
interface Registered {
  readonly stub: Stub;
  readonly seq: number | bigint;
}

/** Match order: the lowest priority number first (5 when not given), then the newest. */
export function inMatchOrder(a: Registered, b: Registered): number {
  const byPriority = (a.stub.priority ?? 5) - (b.stub.priority ?? 5);
  return byPriority || (a.seq > b.seq ? -1 : a.seq < b.seq ? 1 : 0);
}

/** The 400 for a stub past a limit: the session's (`session`) or the mock's (`total`). */
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
