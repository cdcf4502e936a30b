import type { Interaction } from '../interactions/interaction.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import type { Stub } from '../responders/stubs/stub.ts';
import {
  stubLimitError,
  type StubLimits,
  type StubRegistry,
} from '../responders/stubs/stub-registry.ts';
import { allSessions } from '../sessions/session-of.ts';
import { compileStubs, withUses, type CompiledStub, type CompiledStubs } from './compiled-stubs.ts';
import type { RedisConnection } from './redis-connection.ts';
import { addScript, loadScript, removeScript, stubKeys, useScript } from './redis-stub-scripts.ts';
import type { StubsVersionRead } from './redis-sessions.ts';
import type { ReplicaIds } from './replica-ids.ts';
import { answerView, StubViewStale, type StubView } from './stub-view.ts';

const cachedSessions = 1_000;
const attempts = 5;

/**
 * The stub registry in Redis. Each replica keeps the stubs it matched against, compiled, with
 * the version they were at. A request's session is touched when it arrives, and the touch reads
 * the stubs' version: against the stubs kept at that version or later, a request is matched on the
 * stubs as they were when it arrived, or since; else they are loaded again (take).
 *
 * To answer (answer), a request is matched at once against the stubs kept, and what it then does
 * checks in Redis that they are still at their version: the use of a stub (its script), a create
 * (the store's script: see StubView), or else the version its touch read. So it waits for one
 * round trip, not two. Where they had changed, it is answered again, as take finds: the first
 * answer is dropped, and its create was not made.
 *
 * A stub's use is counted by a script, so that a stub with `times: 1` hit on two replicas at once
 * answers one of them, and the other goes on to the next match.
 */
export function createRedisStubRegistry(
  redis: RedisConnection,
  ids: ReplicaIds,
  limits: StubLimits,
  /**
   * The stubs' version as read after the request being matched arrived (see
   * createRedisSessionTable); a read of undefined reads it with a command of its own.
   */
  versionRead: () => StubsVersionRead = () => () => Promise.resolve(undefined),
): StubRegistry {
  const key = (name: string): string => redis.key(`B:${name}`);
  // The keys of a script on the stubs of `names` (see redis-stub-scripts.ts).
  const keysOf = (names: readonly string[]): string[] => [
    ...stubKeys,
    ...names.map((name) => `B:s:${name}`),
  ];
  const cache = new Map<string, CompiledStubs>();
  // Redis came back, maybe without its data and versions: the stubs compiled are not to be trusted.
  redis.onRestore(() => {
    cache.clear();
    return Promise.resolve();
  });

  // The stubs of the sessions named (of every session for none).
  async function load(names: readonly string[]): Promise<CompiledStubs> {
    const args = names.length === 0 ? ['*all'] : names;
    return compileStubs((await redis.run(loadScript, keysOf(names), args)) as string[]);
  }

  // The stubs' version when the request arrived: as its touch read it, else as Redis has it now.
  async function versionOnArrival(read: StubsVersionRead): Promise<string> {
    return (await read()) ?? (await redis.guard(redis.client.get(key('ver')))) ?? '0';
  }

  async function candidates(
    session: string,
    read: StubsVersionRead,
  ): Promise<readonly CompiledStub[]> {
    const version = await versionOnArrival(read);
    const held = cache.get(session);
    // Versions grow: a view read after the request arrived is as good as one read on arrival.
    if (held !== undefined && Number(held.version) >= Number(version)) return held.entries;
    const loaded = await load(session === allSessions ? [session] : [session, allSessions]);
    if (cache.size >= cachedSessions) cache.clear();
    cache.set(session, loaded);
    return loaded.entries;
  }

  // Counts the use of a stub matched at `version` ('' when that is known to be current): its
  // uses, or -1 (gone: spent or removed) or -2 (the stubs changed).
  async function use({ stub }: CompiledStub, version = ''): Promise<number> {
    const args = [stub.id, stub.times ?? '', version];
    return (await redis.run(useScript, keysOf([stub.session]), args)) as number;
  }

  async function take(
    session: string,
    probeOf: () => Interaction,
    read: StubsVersionRead,
  ): Promise<Stub | undefined> {
    let probe: Interaction | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const entries = await candidates(session, read);
      if (entries.length === 0) return undefined;
      probe ??= probeOf();
      const found = entries.find((entry) => entry.matches(probe as Interaction));
      if (found === undefined) return undefined;
      const uses = await use(found);
      if (uses >= 0) return withUses(found, uses);
      // Spent or removed through another replica since this one loaded it: look again.
      cache.delete(session);
    }
    return undefined;
  }

  // Answers on the stubs kept (see above), without waiting for Redis first.
  function answerOnView<A>(
    session: string,
    probeOf: () => Interaction,
    held: CompiledStubs,
    read: StubsVersionRead,
    answers: Answers<A>,
  ): MaybePromise<A> {
    const again = (): MaybePromise<A> => answerKnowing(session, probeOf, read, answers);
    const probe = held.entries.length === 0 ? undefined : probeOf();
    const found = probe && held.entries.find((entry) => entry.matches(probe));
    if (found !== undefined) {
      return use(found, held.version).then((uses) => {
        if (uses >= 0) return answers.byStub(withUses(found, uses));
        cache.delete(session);
        return again();
      });
    }
    const view: StubView = { version: held.version, confirmed: false };
    return (async () => {
      try {
        const answer = await answerView.run(view, answers.otherwise);
        // Versions grow: a view newer than the touch's read is as good as the stubs on arrival.
        if (view.confirmed || Number(await versionOnArrival(read)) <= Number(view.version)) {
          return answer;
        }
      } catch (error) {
        if (!(error instanceof StubViewStale)) throw error;
      }
      return again();
    })();
  }

  function answerKnowing<A>(
    session: string,
    probeOf: () => Interaction,
    read: StubsVersionRead,
    { byStub, otherwise }: Answers<A>,
  ): Promise<A> {
    return take(session, probeOf, read).then((stub) =>
      stub === undefined ? otherwise() : byStub(stub),
    );
  }

  return {
    nextId: () => `stub-${ids.next()}`,
    async add(stub) {
      const result = await redis.run(addScript, keysOf([stub.session]), [
        stub.id,
        stub.session,
        `${stub.session}\n${JSON.stringify(stub)}`,
        limits.sessionLimit,
        limits.limit,
      ]);
      if (result === -1) throw stubLimitError('session', limits, stub);
      if (result === -2) throw stubLimitError('total', limits, stub);
    },
    take(session, probeOf) {
      // The read is taken now, before the lookup, so that it is the one this request's touch made.
      return take(session, probeOf, versionRead());
    },
    answer(session, probeOf, byStub, otherwise) {
      const read = versionRead();
      const held = cache.get(session);
      const answers = { byStub, otherwise };
      return held === undefined
        ? answerKnowing(session, probeOf, read, answers)
        : answerOnView(session, probeOf, held, read, answers);
    },
    async list(session) {
      const { entries } = await load(session === allSessions ? [] : [session]);
      return entries.map((entry) => withUses(entry, entry.stub.uses));
    },
    async get(session, id) {
      const def = await redis.guard(redis.client.hget(key('defs'), id));
      if (def === null) return undefined;
      const owner = def.slice(0, def.indexOf('\n'));
      if (session !== allSessions && owner !== session) return undefined;
      const uses = await redis.guard(redis.client.hget(key('uses'), id));
      return { ...(JSON.parse(def.slice(owner.length + 1)) as Stub), uses: Number(uses ?? 0) };
    },
    async remove(session, id) {
      return (await redis.run(removeScript, keysOf([session]), [session, id])) === 1;
    },
    async clear(session) {
      await redis.run(removeScript, keysOf([session]), [session, '']);
    },
    async count(session) {
      return redis.guard(
        session === allSessions
          ? redis.client.hlen(key('defs'))
          : redis.client.scard(key(`s:${session}`)),
      );
    },
  };
}

// What to answer a request with: the stub that matched it, or else the mode's answer.
interface Answers<A> {
  byStub: (stub: Stub) => MaybePromise<A>;
  otherwise: () => MaybePromise<A>;
}
