import type { ContractOperation } from '../contract/contract-operation.ts';
import { coverageReport, type Coverage } from '../observe/coverage.ts';
import { allSessions } from '../sessions/session-of.ts';
import { batchedScript, settle } from './batched-script.ts';
import type { RedisConnection } from './redis-connection.ts';
import { redisScript } from './redis-client.ts';

// Keys under C: `sessions` (a set), `c:<session>` ("<operationId> <status>" -> count),
// `v:<session>` (operationId -> violations).
// KEYS: C (the base of the sessions' keys), C:sessions, then per session counted its `c:` and `v:`.
// ARGV: per count the place of its session's `c:` in KEYS, its session, operation, status and
// whether it broke the contract.
const recordScript = redisScript(`
local counts, violations = {}, {}
for i = 1, #ARGV, 5 do
  local at, field = tonumber(ARGV[i]), ARGV[i + 2] .. ' ' .. ARGV[i + 3]
  if not counts[at] then
    counts[at] = {}
    redis.call('SADD', KEYS[2], ARGV[i + 1])
  end
  counts[at][field] = (counts[at][field] or 0) + 1
  if ARGV[i + 4] == '1' then
    violations[at] = violations[at] or {}
    violations[at][ARGV[i + 2]] = (violations[at][ARGV[i + 2]] or 0) + 1
  end
end
for at, fields in pairs(counts) do
  for field, n in pairs(fields) do redis.call('HINCRBY', KEYS[at], field, n) end
end
for at, operations in pairs(violations) do
  for operation, n in pairs(operations) do redis.call('HINCRBY', KEYS[at + 1], operation, n) end
end
return 0
`);

// KEYS: C, C:sessions, and the session's `c:` and `v:` (made here for `*`, every session).
const clearScript = redisScript(`
local base, session = KEYS[1], ARGV[1]
if session ~= '*' then
  redis.call('DEL', KEYS[3], KEYS[4])
  redis.call('SREM', KEYS[2], session)
  return 0
end
for _, name in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  redis.call('DEL', base .. ':c:' .. name, base .. ':v:' .. name)
end
redis.call('DEL', KEYS[2])
return 0
`);

/**
 * Coverage counts in Redis, one hash per session, so that every replica reports the answers of
 * all of them. A count is one script, not waited for.
 */
export function createRedisCoverage(
  redis: RedisConnection,
  operations: () => readonly ContractOperation[],
): Coverage {
  const base = ['C', 'C:sessions'];
  const counts = batchedScript(redis, recordScript, base, () => []);
  const key = (name: string): string => redis.key(`C:${name}`);
  return {
    record(session, operationId, status, violated = false) {
      counts.pushWith(
        [`C:c:${session}`, `C:v:${session}`],
        session,
        operationId,
        status,
        violated ? 1 : 0,
      );
    },
    async report(session) {
      await settle();
      const names =
        session === allSessions
          ? await redis.guard(redis.client.smembers(key('sessions')))
          : [session];
      const read = (kind: 'c' | 'v') =>
        redis.guard(Promise.all(names.map((name) => redis.client.hgetall(key(`${kind}:${name}`)))));
      const [counts, violations] = await Promise.all([read('c'), read('v')]);
      const counted = names.map((name, i) => {
        const answers = numbers(counts[i] ?? {});
        return [name, { answers, violations: numbers(violations[i] ?? {}) }] as const;
      });
      return coverageReport(operations(), session, new Map(counted));
    },
    async clear(session) {
      const own = session === allSessions ? [] : [`C:c:${session}`, `C:v:${session}`];
      await redis.run(clearScript, [...base, ...own], [session]);
    },
  };
}

function numbers(hash: Record<string, string>): Map<string, number> {
  return new Map(Object.entries(hash).map(([name, count]) => [name, Number(count)]));
}
