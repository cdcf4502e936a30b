import type { Interaction } from '../interactions/interaction.ts';
import { compilePattern } from '../interactions/request-pattern.ts';
import type { Stub } from '../responders/stubs/stub.ts';
import {
  nothingTaken,
  stubLimitError,
  type StubLimits,
  type StubRegistry,
  type StubsAssumption,
  type Taken,
} from '../responders/stubs/stub-registry.ts';
import { allSessions } from '../sessions/session-of.ts';
import type { RedisConnection } from './redis-connection.ts';
import { addScript, loadScript, removeScript, stubKeys, useScript } from './redis-stub-scripts.ts';
import type { StubsVersionRead } from './redis-sessions.ts';
import type { ReplicaIds } from './replica-ids.ts';

interface Cached {
  stub: Stub;
  text: string;
  seq: number;
  matches: (probe: Interaction) => boolean;
}

const defaultPriority = 5;
const cachedSessions = 1_000;
const attempts = 5;

/**
 * The stub registry in Redis. Each replica keeps the stubs it matched against, compiled, with
 * the version they were at. A request is matched against them without waiting (`mayAssume`), and
 * what it then does checks in Redis that the version still holds: the use of a stub (its script),
 * a create (the store's script), or else the version its session's touch read. So a request
 * waits for one round trip, not two; only when the stubs had changed does it look again, with the
 * version its touch read. A stub's use is counted by a script, so that a stub with `times: 1` hit
 * on two replicas at once answers one of them, and the other goes on to the next match.
 *
 * @example
 * const stubs = createRedisStubRegistry(redis, ids, { limit: 1000, sessionLimit: 200 });
 * await stubs.take('default', () => probe, { mayAssume: true });
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
  const base = stubKeys;
  const key = (name: string): string => redis.key(`B:${name}`);
  const cache = new Map<string, { version: string; entries: Cached[] }>();

  async function load(names: readonly string[]): Promise<{ version: string; entries: Cached[] }> {
    const reply = (await redis.run(loadScript, base, names)) as string[];
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
        seq: Number(stub.id.slice(5)),
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
    if (held?.version === version) return held.entries;
    const loaded = await load(session === allSessions ? [session] : [session, allSessions]);
    if (cache.size >= cachedSessions) cache.clear();
    cache.set(session, loaded);
    return loaded.entries;
  }

  // Counts the use of a stub found at `version` ('' when that is known to be current): its uses,
  // or -1 (gone) or -2 (the stubs changed).
  async function use({ stub }: Cached, version: string): Promise<number> {
    return (await redis.run(useScript, base, [
      stub.id,
      stub.session,
      stub.times ?? '',
      version,
    ])) as number;
  }

  // Asks Redis which version the stubs are at first, reloading them when they changed.
  async function takeKnowing(
    session: string,
    probeOf: () => Interaction,
    read: StubsVersionRead,
  ): Promise<Taken> {
    let probe: Interaction | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const entries = await candidates(session, read);
      if (entries.length === 0) return nothingTaken;
      probe ??= probeOf();
      const found = entries.find((entry) => entry.matches(probe as Interaction));
      if (found === undefined) return nothingTaken;
      const uses = await use(found, '');
      if (uses >= 0) return { stub: withUses(found, uses) };
      // Spent or removed through another replica since this one loaded it: look again.
      cache.delete(session);
    }
    return nothingTaken;
  }

  // Matches against the stubs as this replica last saw them, leaving Redis to say whether they
  // still are (see above).
  function takeAssuming(
    session: string,
    probeOf: () => Interaction,
    held: { version: string; entries: Cached[] },
    read: StubsVersionRead,
  ): Taken | Promise<Taken> {
    const probe = held.entries.length === 0 ? undefined : probeOf();
    const found = probe && held.entries.find((entry) => entry.matches(probe));
    if (found === undefined) {
      // The view holds when the stubs had not changed since it was read, or when it was read after
      // the request arrived (the cache reloaded since its touch by another request): versions grow.
      const assumed: StubsAssumption = {
        version: held.version,
        confirmed: false,
        holds: async () => Number(await versionOnArrival(read)) <= Number(held.version),
      };
      return { stub: undefined, assumed };
    }
    return use(found, held.version).then((uses) => {
      if (uses >= 0) return { stub: withUses(found, uses) };
      cache.delete(session);
      return takeKnowing(session, probeOf, read);
    });
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
      const result = await redis.run(addScript, base, [
        stub.id,
        stub.session,
        `${stub.session}\n${JSON.stringify(stub)}`,
        limits.sessionLimit,
        limits.limit,
      ]);
      if (result === -1) throw stubLimitError('session', limits, stub);
      if (result === -2) throw stubLimitError('total', limits, stub);
    },
    take(session, probeOf, options) {
      // The read is taken now, before the lookup, so that it is the one this request's touch made.
      const read = versionRead();
      const held = options?.mayAssume === true ? cache.get(session) : undefined;
      return held === undefined
        ? takeKnowing(session, probeOf, read)
        : takeAssuming(session, probeOf, held, read);
    },
    async list(session) {
      const { entries } = await load(session === allSessions ? ['*all'] : [session]);
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
      return (await redis.run(removeScript, base, [session, id])) === 1;
    },
    async clear(session) {
      await redis.run(removeScript, base, [session, '']);
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
  return (
    (a.stub.priority ?? defaultPriority) - (b.stub.priority ?? defaultPriority) || b.seq - a.seq
  );
}
