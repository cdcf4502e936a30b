import type { Interaction } from '../interactions/interaction.ts';
import { compilePattern } from '../interactions/request-pattern.ts';
import type { Stub } from '../responders/stubs/stub.ts';
import {
  stubLimitError,
  type StubLimits,
  type StubRegistry,
} from '../responders/stubs/stub-registry.ts';
import { allSessions } from '../sessions/session-of.ts';
import { redisScript, type RedisConnection } from './redis-connection.ts';
import type { ReplicaIds } from './replica-ids.ts';

// Keys under B: `defs` (id -> "<session>\n<stub JSON>"), `uses` (id -> count), `s:<session>`
// (its ids), `sessions`, `ver` (bumped by every change but a use, for the replicas' caches).
const addScript = redisScript(`
local base, id, session, def = KEYS[1], ARGV[1], ARGV[2], ARGV[3]
if redis.call('SCARD', base .. ':s:' .. session) >= tonumber(ARGV[4]) then return -1 end
if redis.call('HLEN', base .. ':defs') >= tonumber(ARGV[5]) then return -2 end
redis.call('HSET', base .. ':defs', id, def)
redis.call('SADD', base .. ':s:' .. session, id)
redis.call('SADD', base .. ':sessions', session)
return redis.call('INCR', base .. ':ver')
`);

// The use of a stub, counted once over every replica; -1 when it is gone (spent or removed).
const useScript = redisScript(`
local base, id, session, times = KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3])
if redis.call('HEXISTS', base .. ':defs', id) == 0 then return -1 end
local uses = redis.call('HINCRBY', base .. ':uses', id, 1)
if times and uses >= times then
  redis.call('HDEL', base .. ':defs', id)
  redis.call('HDEL', base .. ':uses', id)
  redis.call('SREM', base .. ':s:' .. session, id)
  redis.call('INCR', base .. ':ver')
end
return uses
`);

// The stubs of ARGV (session names) with their uses, after the version.
const loadScript = redisScript(`
local base = KEYS[1]
local result = { redis.call('GET', base .. ':ver') or '0' }
local names = ARGV
if ARGV[1] == '*all' then names = redis.call('SMEMBERS', base .. ':sessions') end
for _, name in ipairs(names) do
  for _, id in ipairs(redis.call('SMEMBERS', base .. ':s:' .. name)) do
    local def = redis.call('HGET', base .. ':defs', id)
    if def then
      result[#result + 1] = def
      result[#result + 1] = redis.call('HGET', base .. ':uses', id) or '0'
    end
  end
end
return result
`);

const removeScript = redisScript(`
local base, session, id = KEYS[1], ARGV[1], ARGV[2]
local names = { session }
if session == '*' then names = redis.call('SMEMBERS', base .. ':sessions') end
local removed = 0
for _, name in ipairs(names) do
  local ids = { id }
  if id == '' then ids = redis.call('SMEMBERS', base .. ':s:' .. name) end
  for _, each in ipairs(ids) do
    if redis.call('SREM', base .. ':s:' .. name, each) == 1 then
      redis.call('HDEL', base .. ':defs', each)
      redis.call('HDEL', base .. ':uses', each)
      removed = removed + 1
    end
  end
  if redis.call('EXISTS', base .. ':s:' .. name) == 0 then redis.call('SREM', base .. ':sessions', name) end
end
if removed > 0 then redis.call('INCR', base .. ':ver') end
return removed
`);

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
 * The stub registry in Redis. Each replica keeps the stubs it matched against, compiled, and asks
 * Redis on every request only whether they changed (one small command); the use of the winning
 * stub is counted by a script, so that a stub with `times: 1` hit on two replicas at once answers
 * one of them, and the other goes on to the next match.
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
   * createRedisSessionTable); undefined to read it with a command of its own.
   */
  versionRead: () => Promise<string | undefined> = () => Promise.resolve(undefined),
): StubRegistry & { forgetCache(): void } {
  const base = ['B'];
  const key = (name: string): string => `${redis.prefix}:B:${name}`;
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

  async function candidates(session: string): Promise<Cached[]> {
    const version =
      (await versionRead()) ?? (await redis.guard(redis.client.get(key('ver')))) ?? '0';
    const held = cache.get(session);
    if (held?.version === version) return held.entries;
    const loaded = await load(session === allSessions ? [session] : [session, allSessions]);
    if (cache.size >= cachedSessions) cache.clear();
    cache.set(session, loaded);
    return loaded.entries;
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
    async take(session, probeOf) {
      let probe: Interaction | undefined;
      for (let attempt = 0; attempt < attempts; attempt++) {
        const entries = await candidates(session);
        if (entries.length === 0) return undefined;
        probe ??= probeOf();
        const found = entries.find((entry) => entry.matches(probe as Interaction));
        if (found === undefined) return undefined;
        const { id, times } = found.stub;
        const uses = (await redis.run(useScript, base, [
          id,
          found.stub.session,
          times ?? '',
        ])) as number;
        if (uses !== -1) return withUses(found, uses);
        // Spent or removed through another replica since this one loaded it: look again.
        cache.delete(session);
      }
      return undefined;
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
