import { redisScript } from './redis-client.ts';

// The stub registry's scripts (see createRedisStubRegistry).
// Keys under B: `defs` (id -> "<session>\n<stub JSON>"), `uses` (id -> count), `s:<session>`
// (its ids), `sessions`, `ver` (bumped by every change but a use, for the replicas' caches).
// Every script's KEYS are stubKeys (as `K` in Lua; B is the base of the sessions' keys), then the
// sets of the sessions it names; only for `*` (every session) does a script make their keys.
export const stubKeys = ['B', 'B:defs', 'B:uses', 'B:sessions', 'B:ver'];
const keysLua = `
local base = KEYS[1]
local K = { defs = KEYS[2], uses = KEYS[3], sessions = KEYS[4], ver = KEYS[5] }
local function setOf(name) return base .. ':s:' .. name end
`;

// ARGV: the id, the session, the definition, the session's limit, the limit over all sessions.
export const addScript = redisScript(`${keysLua}
local id, own, def = ARGV[1], KEYS[6], ARGV[3]
if redis.call('SCARD', own) >= tonumber(ARGV[4]) then return -1 end
if redis.call('HLEN', K.defs) >= tonumber(ARGV[5]) then return -2 end
redis.call('HSET', K.defs, id, def)
redis.call('SADD', own, id)
redis.call('SADD', K.sessions, ARGV[2])
return redis.call('INCR', K.ver)
`);

// The use of a stub, counted once over every replica; -1 when it is gone (spent or removed), -2
// when the stubs are no longer at the version it was matched on. ARGV: the id, its `times` ('' for
// none), that version ('' for any).
export const useScript = redisScript(`${keysLua}
local id, times = ARGV[1], tonumber(ARGV[2])
if ARGV[3] ~= '' and ARGV[3] ~= (redis.call('GET', K.ver) or '0') then return -2 end
if redis.call('HEXISTS', K.defs, id) == 0 then return -1 end
local uses = redis.call('HINCRBY', K.uses, id, 1)
if times and uses >= times then
  redis.call('HDEL', K.defs, id)
  redis.call('HDEL', K.uses, id)
  redis.call('SREM', KEYS[6], id)
  redis.call('INCR', K.ver)
end
return uses
`);

// The version, then the stubs of the sessions of KEYS (of every session for ARGV '*all') with
// their uses.
export const loadScript = redisScript(`${keysLua}
local result = { redis.call('GET', K.ver) or '0' }
local sets = { unpack(KEYS, 6) }
if ARGV[1] == '*all' then
  for _, name in ipairs(redis.call('SMEMBERS', K.sessions)) do sets[#sets + 1] = setOf(name) end
end
for _, set in ipairs(sets) do
  for _, id in ipairs(redis.call('SMEMBERS', set)) do
    local def = redis.call('HGET', K.defs, id)
    if def then
      result[#result + 1] = def
      result[#result + 1] = redis.call('HGET', K.uses, id) or '0'
    end
  end
end
return result
`);

// ARGV: the session (its set in KEYS, but for '*': every session), the id ('' for all).
export const removeScript = redisScript(`${keysLua}
local session, id = ARGV[1], ARGV[2]
local names, sets = { session }, { KEYS[6] }
if session == '*' then
  names = redis.call('SMEMBERS', K.sessions)
  for i, name in ipairs(names) do sets[i] = setOf(name) end
end
local removed = 0
for i, name in ipairs(names) do
  local set = sets[i]
  local ids = { id }
  if id == '' then ids = redis.call('SMEMBERS', set) end
  for _, each in ipairs(ids) do
    if redis.call('SREM', set, each) == 1 then
      redis.call('HDEL', K.defs, each)
      redis.call('HDEL', K.uses, each)
      removed = removed + 1
    end
  end
  if redis.call('EXISTS', set) == 0 then redis.call('SREM', K.sessions, name) end
end
if removed > 0 then redis.call('INCR', K.ver) end
return removed
`);
