import {
  joinLines,
  keptCountsBytes,
  keptPactBytes,
  linesOf,
  type PactLedger,
} from '../pact/pact-ledger.ts';
import { allSessions } from '../sessions/session-of.ts';
import { readLostAt } from './data-loss.ts';
import type { RedisConnection } from './redis-connection.ts';
import { redisScript } from './redis-client.ts';

// Keys under P: `kept` (session -> its kept traffic, its lines joined, see condenseTraffic),
// `bytes` (their size),
// `lost` (when Redis lost its data, see lossKeys), `lost:cleared` (pacts cleared since).
const keys = ['P:kept', 'P:bytes', 'P:lost', 'P:lost:cleared'];

// ARGV: the session, its text, the limit, the size that always fits. Returns 1 when written.
const writeScript = redisScript(`
local own = redis.call('HSTRLEN', KEYS[1], ARGV[1])
local size = string.len(ARGV[2])
local bytes = tonumber(redis.call('GET', KEYS[2]) or '0')
if size > tonumber(ARGV[4]) and bytes - own + size > tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('INCRBY', KEYS[2], size - own)
return 1
`);

// ARGV: the session, or '*' for every session. A pact cleared after a loss is whole again.
const clearScript = redisScript(`
if ARGV[1] == '*' then
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
  return 0
end
-- Bounded: past 100,000 names a pact cleared after the loss stays marked (cautious).
if redis.call('EXISTS', KEYS[3]) == 1 and redis.call('HLEN', KEYS[4]) < 100000 then
  redis.call('HSET', KEYS[4], ARGV[1], '1')
end
local own = redis.call('HSTRLEN', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('DECRBY', KEYS[2], own)
return own
`);

/**
 * The pact ledger in Redis: every replica keeps and reads a session's traffic from before its
 * resets in one hash, within one byte limit checked by the script that writes.
 *
 * @example
 * const ledger = createRedisPactLedger(redis);
 * await ledger.write('web', text); // true
 */
export function createRedisPactLedger(
  redis: RedisConnection,
  limit: number = keptPactBytes,
): PactLedger {
  const key = (name: string): string => redis.key(`P:${name}`);
  return {
    async read(session) {
      if (session === allSessions)
        return (await redis.guard(redis.client.hvalsBuffer(key('kept')))).map(linesOf);
      const text = await redis.guard(redis.client.hgetBuffer(key('kept'), session));
      return text === null ? [] : [linesOf(text)];
    },
    async room(session) {
      const [bytes, own] = await Promise.all([
        redis.guard(redis.client.get(key('bytes'))),
        redis.guard(redis.client.hstrlen(key('kept'), session)),
      ]);
      return limit - Number(bytes ?? 0) + own;
    },
    async write(session, lines) {
      const text = joinLines(lines);
      return (await redis.run(writeScript, keys, [session, text, limit, keptCountsBytes])) === 1;
    },
    async clear(session) {
      await redis.run(clearScript, keys, [session]);
    },
    lostAt: (session) => readLostAt(redis, session, 'P:'),
  };
}
