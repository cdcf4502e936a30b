import { redisScript } from './redis-client.ts';

// Keys under I (KEYS[1]): `fix:<collection>` (a hash of the fixtures' JSON by key), `fixo:<c>`
// (their order), `fixmax` (a collection's highest integer id), `fixcols`, `fixhash`; `ns`
// (session -> namespace number, never reused) and `nsseq`; per namespace `h:<ns>:<c>` (its writes:
// JSON, or '' where it deleted a fixture), `o:<ns>:<c>` (their order), `c:<ns>` (next integer id
// per collection), `cols:<ns>`; `q` (writes oldest first: "<ns>\n<c>\n<key>"), `qseq`, `chars`,
// `full`. An evicted namespace's writes stay in `q`, as they do in memory.
const common = `
local base = KEYS[1]
local function own(ns, c) return base .. ':h:' .. ns .. ':' .. c end
local function order(ns, c) return base .. ':o:' .. ns .. ':' .. c end
local function namespace(session, make)
  local ns = redis.call('HGET', base .. ':ns', session)
  if ns or not make then return ns end
  ns = redis.call('INCR', base .. ':nsseq')
  redis.call('HSET', base .. ':ns', session, ns)
  return tostring(ns)
end
`;

// ARGV: session, collection, key. The item's JSON, or nil.
export const readItemScript = redisScript(`${common}
local ns = namespace(ARGV[1], false)
local mine = ns and redis.call('HGET', own(ns, ARGV[2]), ARGV[3])
if mine then
  if mine == '' then return false end
  return mine
end
return redis.call('HGET', base .. ':fix:' .. ARGV[2], ARGV[3])
`);

// ARGV: session, collection. The items' JSON: the fixtures in order, then the session's own.
export const listItemsScript = redisScript(`${common}
local ns, c = namespace(ARGV[1], false), ARGV[2]
local fix = base .. ':fix:' .. c
local items = {}
for _, key in ipairs(redis.call('ZRANGE', base .. ':fixo:' .. c, 0, -1)) do
  local mine = ns and redis.call('HGET', own(ns, c), key)
  if not mine then items[#items + 1] = redis.call('HGET', fix, key)
  elseif mine ~= '' then items[#items + 1] = mine end
end
if ns then
  for _, key in ipairs(redis.call('ZRANGE', order(ns, c), 0, -1)) do
    local mine = redis.call('HGET', own(ns, c), key)
    if mine and mine ~= '' and redis.call('HEXISTS', fix, key) == 0 then items[#items + 1] = mine end
  end
end
return items
`);

// ARGV: limit, chars, 'create' | 'replace' | 'remove', session, collection, key, JSON, the
// integer id or '', and for a replace optionally the text the item must still have. Returns 0
// (taken for a create, absent or changed otherwise), 1 (done) or 2 (done, and the store forgot a
// write for the first time).
export const writeItemScript = redisScript(`${common}
local limit, chars, op, c, key = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], ARGV[5], ARGV[6]
local ns = namespace(ARGV[4], false)
local mine = ns and redis.call('HGET', own(ns, c), key)
local seeded = redis.call('HEXISTS', base .. ':fix:' .. c, key) == 1
local exists = seeded
if mine then exists = mine ~= '' end
if (op == 'create') == exists then return 0 end
if ARGV[9] and (mine or redis.call('HGET', base .. ':fix:' .. c, key)) ~= ARGV[9] then return 0 end
ns = namespace(ARGV[4], true)
redis.call('SADD', base .. ':cols:' .. ns, c)
local held = tonumber(redis.call('GET', base .. ':chars') or '0')
if mine then held = held - #mine end
local value = ARGV[7]
if op == 'remove' then value = seeded and '' or nil end
if value then
  redis.call('HSET', own(ns, c), key, value)
  held = held + #value
  if not mine then
    local seq = redis.call('INCR', base .. ':qseq')
    redis.call('ZADD', base .. ':q', seq, ns .. '\\n' .. c .. '\\n' .. key)
    redis.call('ZADD', order(ns, c), seq, key)
  end
else
  redis.call('HDEL', own(ns, c), key)
  redis.call('ZREM', order(ns, c), key)
end
if op == 'create' and ARGV[8] ~= '' then
  local next = tonumber(redis.call('HGET', base .. ':c:' .. ns, c) or '0')
  if tonumber(ARGV[8]) + 1 > next then redis.call('HSET', base .. ':c:' .. ns, c, tonumber(ARGV[8]) + 1) end
end
local result = 1
while redis.call('ZCARD', base .. ':q') > limit or held > chars do
  local oldest = redis.call('ZPOPMIN', base .. ':q')[1]
  if not oldest then break end
  local a = string.find(oldest, '\\n', 1, true)
  local b = string.find(oldest, '\\n', a + 1, true)
  local ons, oc, okey = string.sub(oldest, 1, a - 1), string.sub(oldest, a + 1, b - 1), string.sub(oldest, b + 1)
  local stored = redis.call('HGET', own(ons, oc), okey)
  if stored then
    held = held - #stored
    redis.call('HDEL', own(ons, oc), okey)
    redis.call('ZREM', order(ons, oc), okey)
  end
  if redis.call('SET', base .. ':full', '1', 'NX') then result = 2 end
end
redis.call('SET', base .. ':chars', held)
return result
`);

// ARGV: session, collection. An integer id past the collection's fixtures and every one given.
export const nextIdScript = redisScript(`${common}
local ns, c = namespace(ARGV[1], true), ARGV[2]
redis.call('SADD', base .. ':cols:' .. ns, c)
local next = tonumber(redis.call('HGET', base .. ':c:' .. ns, c) or '0')
local seeded = tonumber(redis.call('HGET', base .. ':fixmax', c) or '0') + 1
if next < seeded then next = seeded end
redis.call('HSET', base .. ':c:' .. ns, c, next + 1)
return next
`);

// ARGV: the session ('' for all), 'reset' or 'evict'.
export const dropItemsScript = redisScript(`${common}
local held = tonumber(redis.call('GET', base .. ':chars') or '0')
local function drop(ns, reset)
  for _, c in ipairs(redis.call('SMEMBERS', base .. ':cols:' .. ns)) do
    local flat = redis.call('HGETALL', own(ns, c))
    for i = 1, #flat, 2 do
      held = held - #flat[i + 1]
      if reset then redis.call('ZREM', base .. ':q', ns .. '\\n' .. c .. '\\n' .. flat[i]) end
    end
    redis.call('DEL', own(ns, c), order(ns, c))
  end
  redis.call('DEL', base .. ':cols:' .. ns, base .. ':c:' .. ns)
end
if ARGV[1] == '' then
  for _, ns in ipairs(redis.call('HVALS', base .. ':ns')) do drop(ns, false) end
  redis.call('DEL', base .. ':ns', base .. ':q', base .. ':chars', base .. ':full')
  return 0
end
local ns = redis.call('HGET', base .. ':ns', ARGV[1])
if not ns then return 0 end
redis.call('HDEL', base .. ':ns', ARGV[1])
drop(ns, ARGV[2] == 'reset')
redis.call('SET', base .. ':chars', held)
return 0
`);

// ARGV: 'clear', or 'add', collection, highest integer id, then per item its key and JSON.
export const fixtureItemsScript = redisScript(`${common}
if ARGV[1] == 'clear' then
  for _, c in ipairs(redis.call('SMEMBERS', base .. ':fixcols')) do
    redis.call('DEL', base .. ':fix:' .. c, base .. ':fixo:' .. c)
  end
  redis.call('DEL', base .. ':fixcols', base .. ':fixmax', base .. ':fixhash')
  return 0
end
local c = ARGV[2]
redis.call('SADD', base .. ':fixcols', c)
redis.call('HSET', base .. ':fixmax', c, ARGV[3])
local at = redis.call('ZCARD', base .. ':fixo:' .. c)
for i = 4, #ARGV, 2 do
  redis.call('HSET', base .. ':fix:' .. c, ARGV[i], ARGV[i + 1])
  at = at + 1
  redis.call('ZADD', base .. ':fixo:' .. c, at, ARGV[i])
end
return 0
`);
