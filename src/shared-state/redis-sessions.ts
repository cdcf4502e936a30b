import type { ForgetSession, SessionTable } from '../sessions/session-table.ts';
import { allSessions } from '../sessions/session-of.ts';
import { redisScript, type RedisConnection } from './redis-connection.ts';

// Keys under T: `z` (session -> order of last use), `seq`, `evicted` (a count). The replica whose
// touch went past the limit is told the evicted session, and its state is forgotten from there.
const touchScript = redisScript(`
local base, session, limit = KEYS[1], ARGV[1], tonumber(ARGV[2])
local added = redis.call('ZADD', base .. ':z', redis.call('INCR', base .. ':seq'), session)
if added == 0 or redis.call('ZCARD', base .. ':z') <= limit then return false end
redis.call('INCR', base .. ':evicted')
return redis.call('ZPOPMIN', base .. ':z')[1]
`);

/**
 * The session table in Redis: least recently used over every replica, with the same limit.
 * A touch is one script, not waited for; an eviction is carried out by the replica whose touch
 * caused it, through `forgetters` (the shared store, stubs, coverage and journal).
 *
 * @example
 * const sessions = createRedisSessionTable(redis, 10_000, [(s) => store.evict(s)]);
 * sessions.touch('ci-worker-3');
 */
export function createRedisSessionTable(
  redis: RedisConnection,
  limit: number,
  forgetters: readonly ForgetSession[] = [],
): SessionTable {
  const base = ['T'];
  const key = (name: string): string => `${redis.prefix}:T:${name}`;
  const guard = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      throw redis.unavailable(error);
    }
  };
  return {
    touch(session) {
      if (session === allSessions) return;
      redis
        .run(touchScript, base, [session, limit])
        .then((evicted) => {
          if (typeof evicted !== 'string') return;
          for (const forget of forgetters) forget(evicted);
        })
        .catch(redis.failed);
    },
    async has(session) {
      return (await guard(redis.client.zscore(key('z'), session))) !== null;
    },
    async remove(session) {
      await guard(
        session === undefined ? redis.client.del(key('z')) : redis.client.zrem(key('z'), session),
      );
    },
    async stats() {
      const [live, evicted] = await guard(
        Promise.all([redis.client.zcard(key('z')), redis.client.get(key('evicted'))]),
      );
      return { live, limit, evicted: Number(evicted ?? 0) };
    },
  };
}
