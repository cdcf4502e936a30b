import type { Interaction } from '../interactions/interaction.ts';
import { compilePattern } from '../interactions/request-pattern.ts';
import type { Stub } from '../responders/stubs/stub.ts';
import {
  stubLimitError,
  type StubLimits,
  type StubRegistry,
} from '../responders/stubs/stub-registry.ts';
import { allSessions } from '../sessions/session-of.ts';
import type { RedisConnection } from './redis-connection.ts';
import { addScript, loadScript, removeScript, stubKeys, useScript } from './redis-stub-scripts.ts';
import type { StubsVersionRead } from './redis-sessions.ts';
import type { ReplicaIds } from './replica-ids.ts';

interface Cached {
  stub: Stub;
  text: string;
  seq: bigint;
  matches: (probe: Interaction) => boolean;
}

const defaultPriority = 5;
const cachedSessions = 1_000;
const attempts = 5;

/**
 * The stub registry in Redis. Each replica keeps the stubs it matched against, compiled, with
 * the version they were at, and matches a request against them once its session's touch (sent
 * when it arrived) has read the stubs' version: at that version or later, they are the stubs as
 * they were when the request arrived, or since; else they are loaded again. A stub's use is
 * counted by a script, so that a stub with `times: 1` hit on two replicas at once answers one of
 * them, and the other goes on to the next match.
 *
 * @example
 * const stubs = createRedisStubRegistry(redis, ids, { limit: 1000, sessionLimit: 200 });
 * await stubs.take('default', () => probe);
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
): StubRegistry & { forgetCache(): void } {
  const key = (name: string): string => redis.key(`B:${name}`);
  // The keys of a script on the stubs of `names` (see redis-stub-scripts.ts).
  const keysOf = (names: readonly string[]): string[] => [
    ...stubKeys,
    ...names.map((name) => `B:s:${name}`),
  ];
  const cache = new Map<string, { version: string; entries: Cached[] }>();

  // The stubs of the sessions named (of every session for none).
  async function load(names: readonly string[]): Promise<{ version: string; entries: Cached[] }> {
    const args = names.length === 0 ? ['*all'] : names;
    const reply = (await redis.run(loadScript, keysOf(names), args)) as string[];
    const entries: Cached[] = [];
    for (let i = 1; i < reply.length; i += 2) {
      const def = reply[i] as string;
      const text = def.slice(def.indexOf('\n') + 1);
      const stub = JSON.parse(text) as Stub;
      stub.uses = Number(reply[i + 1]);
      const differences = compilePattern(stub.pattern);
      entries.push({
        stub,
        text,
        seq: BigInt(stub.id.slice(5)),
        matches: (probe) => differences(probe).length === 0,
      });
    }
    entries.sort(inMatchOrder);
    return { version: reply[0] as string, entries };
  }

  // The stubs' version when the request arrived: as its touch read it, else as Redis has it now.
  async function versionOnArrival(read: StubsVersionRead): Promise<string> {
    return (await read()) ?? (await redis.guard(redis.client.get(key('ver')))) ?? '0';
  }

  async function candidates(session: string, read: StubsVersionRead): Promise<Cached[]> {
    const version = await versionOnArrival(read);
    const held = cache.get(session);
    // Versions grow: a view read after the request arrived is as good as one read on arrival.
    if (held !== undefined && Number(held.version) >= Number(version)) return held.entries;
    const loaded = await load(session === allSessions ? [session] : [session, allSessions]);
    if (cache.size >= cachedSessions) cache.clear();
    cache.set(session, loaded);
    return loaded.entries;
  }

  // Counts the use of a stub: its uses, or -1 when it is gone (spent or removed).
  async function use({ stub }: Cached): Promise<number> {
    const args = [stub.id, stub.times ?? ''];
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

  const withUses = ({ text }: Cached, uses: number): Stub => ({
    ...(JSON.parse(text) as Stub),
    uses,
  });

  return {
    /** Forgets the compiled stubs: Redis came back, maybe without its data and versions. */
    forgetCache() {
      cache.clear();
    },
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

// Lowest priority number first, the newest among equals (ids grow with time over the replicas).
function inMatchOrder(a: Cached, b: Cached): number {
  const byPriority = (a.stub.priority ?? defaultPriority) - (b.stub.priority ?? defaultPriority);
  return byPriority || Number(b.seq - a.seq);
}
