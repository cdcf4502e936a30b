import { HttpError } from '../../errors.ts';
import type { MaybePromise } from '../../maybe-promise.ts';
import type { Interaction } from '../../interactions/interaction.ts';
import { allSessions } from '../../sessions/session-of.ts';
import { compilePattern } from '../../interactions/request-pattern.ts';
import type { Stub } from './stub.ts';

const defaultPriority = 5;

interface Entry {
  /** The stub without its response body, which is kept as text (see bodyText). */
  stub: Stub;
  /**
   * The response body as JSON text, parsed again for each answer: as text it takes its size in
   * memory, where parsed it could take twenty times that (an array of 20,000 empty objects in
   * 64 KB of JSON is 1.2 MB of heap).
   */
  bodyText: string | undefined;
  /** Registration order: among equal priorities the newest wins. */
  seq: number;
  key: string;
  bucket: Entry[];
  matches: (probe: Interaction) => boolean;
}

interface SessionStubs {
  count: number;
  /** Entries by the one field of their pattern a request is looked up by (see bucketOf). */
  buckets: Map<string, Entry[]>;
}

/** How many stubs the registry holds (see the --stub-limit and --session-stub-limit flags). */
export interface StubLimits {
  /** Over all sessions. */
  limit: number;
  /** In one session. */
  sessionLimit: number;
}

// Match order: priority, then newest first.
function before(a: Entry, b: Entry): boolean {
  const byPriority =
    (a.stub.priority ?? defaultPriority) - (b.stub.priority ?? defaultPriority) || b.seq - a.seq;
  return byPriority < 0;
}

// The most selective field of the pattern that a request is compared to exactly. A request is
// looked up in the buckets of its own path, operation and method, and in the "any" bucket; a stub
// filed under another path, operation or method cannot match it, so matching never scans them.
function bucketOf(stub: Stub): string {
  const { path, operationId, method } = stub.pattern;
  if (path !== undefined) return `path ${path}`;
  if (operationId !== undefined) return `operation ${operationId}`;
  if (method !== undefined) return `method ${method.toUpperCase()}`;
  return 'any';
}

function bucketsOf(probe: Interaction): string[] {
  const keys = [`path ${probe.request.path}`, `method ${probe.request.method}`, 'any'];
  if (probe.operationId !== null) keys.push(`operation ${probe.operationId}`);
  return keys;
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
 * The registered stubs of every session. A request is answered by the matching stub of its own
 * session or of `*` (registered for every session) with the lowest priority number, the newest
 * among equals; a stub with `times` is
 * removed once it is spent. Stubs are filed by path, operation or method, so that a request is
 * compared only with the stubs that could match it (20,000 stubs in one list made each request
 * scan them all). At most `limits.limit` stubs are held, and `limits.sessionLimit` per session.
 *
 * @example
 * const stubs = createStubRegistry({ limit: 1000, sessionLimit: 200 });
 * stubs.add(stub);
 * stubs.take('default', () => probe).stub; // the stub, its use counted
 */
export function createStubRegistry(
  limits: StubLimits = { limit: Infinity, sessionLimit: Infinity },
) {
  const sessions = new Map<string, SessionStubs>();
  const byId = new Map<string, Entry>();
  let nextId = 1;

  function removeEntry(entry: Entry): void {
    const index = entry.bucket.indexOf(entry);
    if (index !== -1) entry.bucket.splice(index, 1);
    byId.delete(entry.stub.id);
    const own = sessions.get(entry.stub.session);
    if (own === undefined) return;
    if (entry.bucket.length === 0) own.buckets.delete(entry.key);
    own.count--;
    if (own.count === 0) sessions.delete(entry.stub.session);
  }

  // The session's stubs in match order.
  function listOf(own: SessionStubs | undefined): Stub[] {
    if (own === undefined) return [];
    const entries = [...own.buckets.values()].flat();
    entries.sort((a, b) => (before(a, b) ? -1 : 1));
    return entries.map(stubOf);
  }

  return {
    nextId: (): string => `stub-${nextId++}`,
    /** Registers the stub; throws a 400 HttpError past the stub limits. */
    add(stub: Stub): void {
      let own = sessions.get(stub.session);
      if ((own?.count ?? 0) >= limits.sessionLimit) throw stubLimitError('session', limits, stub);
      if (byId.size >= limits.limit) throw stubLimitError('total', limits, stub);
      if (own === undefined) sessions.set(stub.session, (own = { count: 0, buckets: new Map() }));
      const key = bucketOf(stub);
      let bucket = own.buckets.get(key);
      if (bucket === undefined) own.buckets.set(key, (bucket = []));
      const differences = compilePattern(stub.pattern);
      const { response } = stub;
      const held =
        response?.body === undefined
          ? stub
          : { ...stub, response: { ...response, body: undefined } };
      const entry: Entry = {
        stub: held,
        bodyText: response?.body === undefined ? undefined : JSON.stringify(response.body),
        seq: Number(stub.id.slice(5)),
        key,
        bucket,
        matches: (probe) => differences(probe).length === 0,
      };
      // Binary insertion keeps the bucket in match order without sorting it again.
      let low = 0;
      let high = bucket.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (before(bucket[middle] as Entry, entry)) low = middle + 1;
        else high = middle;
      }
      bucket.splice(low, 0, entry);
      own.count++;
      byId.set(stub.id, entry);
    },
    /**
     * The stub that answers this request, with its use counted; undefined when none matches.
     * The request is looked at only when the session has stubs at all.
     */
    take(session: string, probeOf: () => Interaction): Taken {
      // A stub registered for `*` answers every session, in the same order as the session's own.
      const owners = [
        sessions.get(session),
        session === allSessions ? undefined : sessions.get(allSessions),
      ];
      if (owners[0] === undefined && owners[1] === undefined) return nothingTaken;
      const probe = probeOf();
      let best: Entry | undefined;
      for (const own of owners) {
        if (own === undefined) continue;
        for (const key of bucketsOf(probe)) {
          for (const entry of own.buckets.get(key) ?? []) {
            // The bucket is in match order: nothing after an entry that loses to the best can win.
            if (best !== undefined && before(best, entry)) break;
            if (entry.matches(probe)) {
              best = entry;
              break;
            }
          }
        }
      }
      if (best === undefined) return nothingTaken;
      best.stub.uses++;
      if (best.stub.times !== undefined && best.stub.uses >= best.stub.times) removeEntry(best);
      return { stub: stubOf(best) };
    },
    list(session: string): Stub[] {
      if (session !== allSessions) return listOf(sessions.get(session));
      return [...sessions.values()].flatMap(listOf);
    },
    get(session: string, id: string): Stub | undefined {
      const entry = byId.get(id);
      if (entry === undefined) return undefined;
      return session === allSessions || entry.stub.session === session ? stubOf(entry) : undefined;
    },
    remove(session: string, id: string): boolean {
      const entry = byId.get(id);
      if (entry === undefined || (session !== allSessions && entry.stub.session !== session))
        return false;
      removeEntry(entry);
      return true;
    },
    clear(session: string): void {
      const names = session === allSessions ? [...sessions.keys()] : [session];
      for (const name of names) {
        for (const bucket of sessions.get(name)?.buckets.values() ?? []) {
          for (const entry of bucket) byId.delete(entry.stub.id);
        }
        sessions.delete(name);
      }
    },
    /** Stubs held in the session, or over all sessions with `*`. */
    count(session: string): number {
      return session === allSessions ? byId.size : (sessions.get(session)?.count ?? 0);
    },
  };
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

// The stub as registered, its body parsed from the text the registry keeps.
function stubOf({ stub, bodyText }: Entry): Stub {
  if (bodyText === undefined || stub.response === undefined) return stub;
  return { ...stub, response: { ...stub.response, body: JSON.parse(bodyText) as unknown } };
}
