import type { Interaction } from '../../interactions/interaction.ts';
import { compilePattern } from '../../interactions/request-pattern.ts';
import { allSessions } from '../../sessions/session-of.ts';
import type { Stub } from './stub.ts';
import { inMatchOrder, stubLimitError, type StubLimits } from './stub-registry.ts';

interface Entry {
  /** The stub without its response body, which is kept as text (see bodyText). */
  stub: Stub;
  /** The response body as JSON text, parsed again for each answer: smaller than parsed. */
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

/**
 * The registered stubs of every session. A request is answered by the matching stub of its own
 * session or of `*` (registered for every session) with the lowest priority number, the newest
 * among equals; a stub with `times` is removed once it is spent. Stubs are filed by path,
 * operation or method, so that a request is compared only with the stubs that could match it. At most `limits.limit` stubs are held, and `limits.sessionLimit` per session.
 *
 * @example
 * const stubs = createStubRegistry({ limit: 1000, sessionLimit: 200 });
 * stubs.add(stub);
 * stubs.take('default', () => probe); // the stub, its use counted
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
    entries.sort(inMatchOrder);
    return entries.map(stubOf);
  }

  /**
   * The stub that answers this request, with its use counted; undefined when none matches.
   * The request is looked at only when the session has stubs at all.
   */
  function take(session: string, probeOf: () => Interaction): Stub | undefined {
    // A stub registered for `*` answers every session, in the same order as the session's own.
    const owners = [
      sessions.get(session),
      session === allSessions ? undefined : sessions.get(allSessions),
    ];
    if (owners[0] === undefined && owners[1] === undefined) return undefined;
    const probe = probeOf();
    let best: Entry | undefined;
    for (const own of owners) {
      if (own === undefined) continue;
      for (const key of bucketsOf(probe)) {
        for (const entry of own.buckets.get(key) ?? []) {
          // The bucket is in match order: nothing after an entry that loses to the best can win.
          if (best !== undefined && inMatchOrder(best, entry) < 0) break;
          if (entry.matches(probe)) {
            best = entry;
            break;
          }
        }
      }
    }
    if (best === undefined) return undefined;
    best.stub.uses++;
    if (best.stub.times !== undefined && best.stub.uses >= best.stub.times) removeEntry(best);
    return stubOf(best);
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
        if (inMatchOrder(bucket[middle] as Entry, entry) < 0) low = middle + 1;
        else high = middle;
      }
      bucket.splice(low, 0, entry);
      own.count++;
      byId.set(stub.id, entry);
    },
    take,
    /** Answers by the stub that take finds, else by `otherwise`: at once. */
    answer<A>(
      session: string,
      probeOf: () => Interaction,
      byStub: (stub: Stub) => A,
      otherwise: () => A,
    ): A {
      const stub = take(session, probeOf);
      return stub === undefined ? otherwise() : byStub(stub);
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

// The stub as registered, its body parsed from the text the registry keeps.
function stubOf({ stub, bodyText }: Entry): Stub {
  if (bodyText === undefined || stub.response === undefined) return stub;
  return { ...stub, response: { ...stub.response, body: JSON.parse(bodyText) as unknown } };
}
