import { redisScript } from './redis-script.ts';

// The stub registry's scripts (see createRedisStubRegistry).
// Keys under B: `defs` (id -> "<session>\n<stub JSON>"), `uses` (id -> count), `s:<session>`
// (its ids), `sessions`, `ver` (bumped by every change but a use, for the replicas' caches).
// Every script's KEYS are stubKeys (as `K` in Lua; B is the base of the sessions' keys).
export const stubKeys = ['B', 'B:defs', 'B:uses', 'B:sessions', 'B:ver'];
const keysLua = `
local base = KEYS[1]
local K = { defs = KEYS[2], uses = KEYS[3], sessions = KEYS[4], ver = KEYS[5] }
`;

export const addScript = redisScript(`${keysLua}
local id, session, def = ARGV[1], ARGV[2], ARGV[3]
if redis.call('SCARD', base .. ':s:' .. session) >= tonumber(ARGV[4]) then return -1 end
if redis.call('HLEN', K.defs) >= tonumber(ARGV[5]) then return -2 end
redis.call('HSET', K.defs, id, def)
redis.call('SADD', base .. ':s:' .. session, id)
redis.call('SADD', K.sessions, session)
return redis.call('INCR', K.ver)
`);

// The use of a stub, counted once over every replica; -1 when it is gone (spent or removed), -2
// when the stubs are no longer at the version ARGV[4] that it was matched on ('' for any).
export const useScript = redisScript(`${keysLua}
local id, session, times = ARGV[1], ARGV[2], tonumber(ARGV[3])
if ARGV[4] ~= '' and ARGV[4] ~= (redis.call('GET', K.ver) or '0') then return -2 end
if redis.call('HEXISTS', K.defs, id) == 0 then return -1 end
local uses = redis.call('HINCRBY', K.uses, id, 1)
if times and uses >= times then
  redis.call('HDEL', K.defs, id)
  redis.call('HDEL', K.uses, id)
  redis.call('SREM', base .. ':s:' .. session, id)
  redis.call('INCR', K.ver)
end
return uses
`);

// The stubs of ARGV (session names) with their uses, after the version.
export const loadScript = redisScript(`${keysLua}
local result = { redis.call('GET', K.ver) or '0' }
local names = ARGV
if ARGV[1] == '*all' then names = redis.call('SMEMBERS', K.sessions) end
for _, name in ipairs(names) do
  for _, id in ipairs(redis.call('SMEMBERS', base .. ':s:' .. name)) do
    local def = redis.call('HGET', K.defs, id)
    if def then
      result[#result + 1] = def
      result[#result + 1] = redis.call('HGET', K.uses, id) or '0'
    end
  end
end
return result
`);

export const removeScript = redisScript(`${keysLua}
local session, id = ARGV[1], ARGV[2]
local names = { session }
if session == '*' then names = redis.call('SMEMBERS', K.sessions) end
local removed = 0
for _, name in ipairs(names) do
  local ids = { id }
  if id == '' then ids = redis.call('SMEMBERS', base .. ':s:' .. name) end
  for _, each in ipairs(ids) do
    if redis.call('SREM', base .. ':s:' .. name, each) == 1 then
      redis.call('HDEL', K.defs, each)
      redis.call('HDEL', K.uses, each)
      removed = removed + 1
    end
  end
  if redis.call('EXISTS', base .. ':s:' .. name) == 0 then redis.call('SREM', K.sessions, name) end
end
if removed > 0 then redis.call('INCR', K.ver) end
return removed
`);
