import type { ForgetSession, SessionTable } from '../sessions/session-table.ts';
import { allSessions } from '../sessions/session-of.ts';
import { batchedScript } from './batched-script.ts';
import type { RedisConnection } from './redis-connection.ts';
import { redisScript } from './redis-client.ts';

// Keys under T: `z` (session -> order of last use), `seq`, `evicted` (a count). The replica whose
// touch went past the limit is told the evicted session, and its state is forgotten from there.
// KEYS: T:z, T:seq, T:evicted, the stubs' version. ARGV: the limit, then the sessions touched, in
// order ('' touches none). Returns the stubs'
// version (see redis-stubs.ts), then the sessions evicted.
const touchScript = redisScript(`
local z, limit = KEYS[1], tonumber(ARGV[1])
local result = { redis.call('GET', KEYS[4]) or '0' }
-- A number per touch, in order; of a run of touches of one session only the last is made.
local seq = redis.call('INCRBY', KEYS[2], #ARGV - 1) - (#ARGV - 1)
for i = 2, #ARGV do
  seq = seq + 1
  if ARGV[i] ~= '' and ARGV[i] ~= ARGV[i + 1] then
    if redis.call('ZADD', z, seq, ARGV[i]) == 1 and redis.call('ZCARD', z) > limit then
      redis.call('INCR', KEYS[3])
      result[#result + 1] = redis.call('ZPOPMIN', z)[1]
    end
  end
end
return result
`);

/** Reads, later, the stubs' version that a touch made before now read. */
export type StubsVersionRead = () => Promise<string | undefined>;

/**
 * The session table in Redis: least recently used over every replica, with the same limit.
 * Touches are not waited for: those of one turn of the event loop go as one script, which also
 * reads the stubs' version, so that the stub lookup of a request (which comes after its touch)
 * needs no round trip of its own (stubsVersion). An eviction is carried out by the replica whose
 * touch caused it, through `forget` (the shared store, stubs, coverage and journal).
 */
export function createRedisSessionTable(
  redis: RedisConnection,
  limit: number,
  forget: ForgetSession,
): SessionTable & { stubsVersion(): StubsVersionRead } {
  const touches = batchedScript(
    redis,
    touchScript,
    ['T:z', 'T:seq', 'T:evicted', 'B:ver'],
    () => [limit],
    (result) => {
      for (const session of (result as string[]).slice(1)) forget(session);
    },
  );
  const key = (name: string): string => redis.key(`T:${name}`);
  return {
    touch(session) {
      // `*` has no state of its own to keep, but its requests want the stubs' version too.
      touches.push(session === allSessions ? '' : session);
    },
    /**
     * The stubs' version as the latest touch reads it: called after a request's touch, a read
     * made after the request arrived. Undefined when nothing was touched yet.
     */
    stubsVersion() {
      const result = touches.latest();
      return async () => (result === undefined ? undefined : ((await result) as string[])[0]);
    },
    async has(session) {
      return (await redis.guard(redis.client.zscore(key('z'), session))) !== null;
    },
    async remove(session) {
      await redis.guard(
        session === undefined ? redis.client.del(key('z')) : redis.client.zrem(key('z'), session),
      );
    },
    async stats() {
      const [live, evicted] = await redis.guard(
        Promise.all([redis.client.zcard(key('z')), redis.client.get(key('evicted'))]),
      );
      return { live, limit, evicted: Number(evicted ?? 0) };
    },
  };
}
