import { createHash } from 'node:crypto';
import {
  keyOf,
  type RecordStore,
  type StoreLimit,
  type StoredRecord,
} from '../responders/store/record-store.ts';
import { batchedScript } from './batched-script.ts';
import type { RedisConnection } from './redis-connection.ts';
import { redisScript } from './redis-client.ts';
import { answerView, StubViewStale } from './stub-view.ts';

// Keys under S: `fix` (fixture keys), `fixhash`, `ns` (session -> namespace number), `nsseq`,
// `n:<ns>` (a namespace's keys), `q` (created keys, oldest first: a sorted set of "<ns> <key>"),
// `qseq`, `full` (set once the limit was first reached). A namespace number is never reused, so an
// evicted session's keys can stay in the queue (as they do in memory) without touching a later
// namespace of that name.
// KEYS: insertKeys (S: the base of the namespaces' keys, `S:n:<ns>`; B:ver, the stubs' version).
// ARGV: the limit, then per create its session, key and the stubs' version its answer was chosen
// on ('' for none: see StubView). Returns per create 0 (the id is taken), 1 (created), 2 (created,
// and the store reached its limit for the first time) or 3 (not created: the stubs changed).
const insertScript = redisScript(`
local base, limit = KEYS[1], tonumber(ARGV[1])
local fix, q, qseq, nss, nsseq, full = KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local stubs = redis.call('GET', KEYS[8]) or '0'
local card = redis.call('ZCARD', q)
local first = tonumber(redis.call('GET', qseq) or '0')
local seq = first
local namespaces = {}
local function namespace(session)
  local ns = namespaces[session] or redis.call('HGET', nss, session)
  if not ns then
    ns = redis.call('INCR', nsseq)
    redis.call('HSET', nss, session, ns)
  end
  namespaces[session] = ns
  return ns
end
local function insert(session, key, view)
  if view ~= '' and view ~= stubs then return 3 end
  if redis.call('SISMEMBER', fix, key) == 1 then return 0 end
  local ns = namespace(session)
  if redis.call('SADD', base .. ':n:' .. ns, key) == 0 then return 0 end
  seq = seq + 1
  redis.call('ZADD', q, seq, ns .. ' ' .. key)
  card = card + 1
  if card <= limit then return 1 end
  local oldest = redis.call('ZPOPMIN', q)[1]
  card = card - 1
  local space = string.find(oldest, ' ', 1, true)
  redis.call('SREM', base .. ':n:' .. string.sub(oldest, 1, space - 1), string.sub(oldest, space + 1))
  if redis.call('SET', full, '1', 'NX') then return 2 end
  return 1
end
local results = {}
for i = 2, #ARGV, 3 do results[#results + 1] = insert(ARGV[i], ARGV[i + 1], ARGV[i + 2]) end
if seq > first then redis.call('SET', qseq, seq) end
return results
`);

// KEYS: S, S:ns, S:q, S:full. ARGV: the session ('' for all), 'reset' or 'evict'.
const resetScript = redisScript(`
local base, nss, q, session = KEYS[1], KEYS[2], KEYS[3], ARGV[1]
if session == '' then
  for _, ns in ipairs(redis.call('HVALS', nss)) do redis.call('DEL', base .. ':n:' .. ns) end
  redis.call('DEL', nss, q, KEYS[4])
  return 0
end
local ns = redis.call('HGET', nss, session)
if not ns then return 0 end
redis.call('HDEL', nss, session)
local keys = redis.call('SMEMBERS', base .. ':n:' .. ns)
if ARGV[2] == 'reset' then
  for _, key in ipairs(keys) do redis.call('ZREM', q, ns .. ' ' .. key) end
end
redis.call('DEL', base .. ':n:' .. ns)
return #keys
`);

// KEYS: S:fix, S:fixhash. ARGV: the fixtures' hash, then their keys.
const fixturesScript = redisScript(`
redis.call('DEL', KEYS[1])
for i = 2, #ARGV, 5000 do
  redis.call('SADD', KEYS[1], unpack(ARGV, i, math.min(i + 4999, #ARGV)))
end
redis.call('SET', KEYS[2], ARGV[1])
return 0
`);

/**
 * The RecordStore in Redis, shared by every replica that names the same store and prefix: a
 * create checks the fixtures, the session's ids and the limit in one script (with the other
 * creates of its turn), so that an id raced on two replicas is created once, and, when its answer
 * was chosen on the stubs as this replica last saw them, that they are still so. Ids are kept as
 * keyOf makes them, like the in-memory store.
 *
 * @example
 * const store = createRedisStore(redis, { limit: 100_000 });
 * await store.insert('default', 2); // true
 */
export function createRedisStore(redis: RedisConnection, { limit, onFull }: StoreLimit) {
  let fixtures: readonly StoredRecord[] = [];
  const insertKeys = ['S', 'S:fix', 'S:q', 'S:qseq', 'S:ns', 'S:nsseq', 'S:full', 'B:ver'];
  const resetKeys = ['S', 'S:ns', 'S:q', 'S:full'];
  // The creates of a turn of the event loop go in one script call: one per request cost more CPU
  // than the rest of the request.
  const inserts = batchedScript(redis, insertScript, insertKeys, () => [limit]);
  const store = {
    async insert(session: string, id: unknown): Promise<boolean> {
      // Made only while the stubs are still as its answer saw them (see createRedisStubRegistry).
      const view = answerView.getStore();
      const result = await inserts.item(session, String(keyOf(id)), view?.version ?? '');
      if (result === 3) throw new StubViewStale();
      if (view !== undefined) view.confirmed = true;
      if (result === 2) onFull?.();
      return result !== 0;
    },
    async reset(session?: string): Promise<void> {
      await redis.run(resetScript, resetKeys, [session ?? '', 'reset']);
    },
    evict(session: string): void {
      redis.run(resetScript, resetKeys, [session, 'evict']).catch(redis.failed);
    },
    async replaceFixtures(records: readonly StoredRecord[]): Promise<void> {
      fixtures = records;
      const keys = records.map((record) => String(keyOf(record.id)));
      await redis.run(fixturesScript, ['S:fix', 'S:fixhash'], [hashOf(keys), ...keys]);
      await store.reset();
    },
    /**
     * Sets the fixtures unless the store holds these already: a replica that starts (or starts
     * again) beside others must not put their sessions back to the fixtures.
     */
    async adoptFixtures(records: readonly StoredRecord[]): Promise<void> {
      fixtures = records;
      const keys = records.map((record) => String(keyOf(record.id)));
      const held = await redis.client.get(redis.key('S:fixhash'));
      if (held !== hashOf(keys)) await store.replaceFixtures(records);
    },
  } satisfies RecordStore & Record<string, unknown>;
  // Sets the fixtures last given again where Redis lost them (a restart without its data).
  redis.onRestore(() => store.adoptFixtures(fixtures));
  return store;
}

function hashOf(keys: readonly string[]): string {
  return createHash('sha256').update(keys.join('\n')).digest('base64');
}
