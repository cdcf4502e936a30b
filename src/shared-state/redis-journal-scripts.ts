import { redisScript } from './redis-client.ts';

// The journal's scripts (see createRedisJournal).
// Keys under J: `e` (id -> "<session>\n<exact>\n<text>"), `order` ("<id> <bytes> <session>",
// oldest first), `bytes` (the entries' size), `shifted` (entries dropped from the front so far),
// `clears`, `dropped` (session -> entries dropped by the limit). A scan finds its place again by
// `shifted`, as in memory. Entries are written with HSET, not through a script (docs/redis.md), in
// the same write but not one transaction: reads skip order items without entries.
// Order items are split by `item()`: the id, the size, the session (which may hold spaces).
/** The journal's keys, each script's KEYS (as `K` in Lua). */
export const journalKeys = ['J:order', 'J:e', 'J:bytes', 'J:shifted', 'J:dropped', 'J:clears'];

const itemLua = `
local K = { order = KEYS[1], e = KEYS[2], bytes = KEYS[3], shifted = KEYS[4], dropped = KEYS[5], clears = KEYS[6] }
local function item(text)
  local first = string.find(text, ' ', 1, true)
  if not first then return text, 0, '' end
  local second = string.find(text, ' ', first + 1, true)
  if not second then return string.sub(text, 1, first - 1), 0, '' end
  local size = tonumber(string.sub(text, first + 1, second - 1)) or 0
  return string.sub(text, 1, first - 1), size, string.sub(text, second + 1)
end
`;

// Appends the order items of entries just written, then drops the oldest past the limits: as
// many at once as the entry limit asks, then one by one while over the bytes.
// ARGV: the limit, the byte limit, then per entry its order item. Returns the entries held.
export const addScript = redisScript(`${itemLua}
local limit, maxBytes = tonumber(ARGV[1]), tonumber(ARGV[2])
local added = 0
for i = 3, #ARGV do
  local _, size = item(ARGV[i])
  added = added + size
end
local count = redis.call('RPUSH', K.order, unpack(ARGV, 3))
local bytes = redis.call('INCRBY', K.bytes, added)
local shifted, freed, drops = 0, 0, {}
while count > limit or (bytes - freed > maxBytes and count > 1) do
  local oldest = redis.call('LPOP', K.order, math.min(math.max(count - limit, 1), 1000))
  local ids = {}
  for _, text in ipairs(oldest) do
    local id, size, name = item(text)
    ids[#ids + 1] = id
    freed = freed + size
    drops[name] = (drops[name] or 0) + 1
  end
  redis.call('HDEL', K.e, unpack(ids))
  shifted = shifted + #oldest
  count = count - #oldest
end
if shifted > 0 then
  redis.call('INCRBY', K.shifted, shifted)
  redis.call('DECRBY', K.bytes, freed)
  for name, n in pairs(drops) do
    -- Bounded: past 100,000 names, drops still count toward the total ('' is no session).
    if redis.call('HLEN', K.dropped) >= 100000 and redis.call('HEXISTS', K.dropped, name) == 0 then name = '' end
    redis.call('HINCRBY', K.dropped, name, n)
  end
end
return count
`);

// ARGV: absolute position of the first entry wanted, how many, direction (1 or -1), clears seen.
// Returns the shifted count, the clears count, then the entries found (false past the ends).
export const rangeScript = redisScript(`${itemLua}
local from, count, step = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local shifted = tonumber(redis.call('GET', K.shifted) or '0')
local clears = redis.call('GET', K.clears) or '0'
local length = redis.call('LLEN', K.order)
if from < 0 then from = shifted + length - 1 end
local first, last
if step > 0 then
  first = math.max(from - shifted, 0); last = math.min(first + count - 1, length - 1)
else
  last = math.min(from - shifted, length - 1); first = math.max(last - count + 1, 0)
end
local result = { shifted, clears, first + shifted, last + shifted }
if last < first then return result end
local ids = {}
for _, text in ipairs(redis.call('LRANGE', K.order, first, last)) do
  ids[#ids + 1] = (item(text))
end
local entries = redis.call('HMGET', K.e, unpack(ids))
for i = 1, #entries do result[#result + 1] = entries[i] end
return result
`);

// ARGV: the session ('*': every session with drops too), then per session read: its name, how
// many ids, the ids. Returns per session its name and its drops but those of the ids read that
// the limit dropped since (see Journal.droppedUnread).
export const droppedUnreadScript = redisScript(`${itemLua}
local session, unread, names, i = ARGV[1], {}, {}, 2
local function name_of(name)
  if unread[name] == nil then unread[name] = 0; names[#names + 1] = name end
end
while i <= #ARGV do
  local name, n = ARGV[i], tonumber(ARGV[i + 1])
  name_of(name)
  for j = i + 2, i + 1 + n do
    if redis.call('HEXISTS', K.e, ARGV[j]) == 0 then unread[name] = unread[name] - 1 end
  end
  i = i + 2 + n
end
if session == '*' then
  for _, name in ipairs(redis.call('HKEYS', K.dropped)) do
    if name ~= '' then name_of(name) end
  end
else
  name_of(session)
end
local result = {}
for _, name in ipairs(names) do
  local count = tonumber(redis.call('HGET', K.dropped, name) or '0') + unread[name]
  result[#result + 1] = name
  result[#result + 1] = math.max(0, count)
end
return result
`);

// KEYS: journalKeys, then the data-loss marks `lost` and `lost:cleared` (see data-loss.ts):
// a session cleared after Redis lost its data is marked, a clear of every session drops the mark.
// ARGV: the session, '1' to clear only what a reset read, then per session read: its name, the
// drops its pact counted, how many ids, the ids. Entries recorded since and drops not counted stay.
export const clearScript = redisScript(`${itemLua}
local session, only, groups = ARGV[1], nil, {}
if ARGV[2] == '1' then
  only = {}
  local i = 3
  while i <= #ARGV do
    local name, n = ARGV[i], tonumber(ARGV[i + 2])
    groups[name] = { counted = tonumber(ARGV[i + 1]), n = n, found = 0 }
    for j = i + 3, i + 2 + n do only[ARGV[j]] = name end
    i = i + 3 + n
  end
end
redis.call('INCR', K.clears)
if session == '*' then
  if not only then
    redis.call('DEL', K.order, K.e, K.bytes, K.dropped, KEYS[7], KEYS[8])
    return 0
  end
  redis.call('DEL', KEYS[7], KEYS[8])
  redis.call('HDEL', K.dropped, '')
else
  if not only then redis.call('HDEL', K.dropped, session) end
  -- Bounded: past 100,000 names a session cleared after the loss stays inconclusive (cautious).
  if redis.call('EXISTS', KEYS[7]) == 1 and redis.call('HLEN', KEYS[8]) < 100000 then
    redis.call('HSET', KEYS[8], session, '1')
  end
end
local kept, gone, freed = {}, {}, 0
for _, text in ipairs(redis.call('LRANGE', K.order, 0, -1)) do
  local id, size, name = item(text)
  if (session == '*' or name == session) and (not only or only[id] == name) then
    gone[#gone + 1] = id
    freed = freed + size
    if only then groups[name].found = groups[name].found + 1 end
  else
    kept[#kept + 1] = text
  end
end
for i = 1, #gone, 5000 do
  redis.call('HDEL', K.e, unpack(gone, i, math.min(i + 4999, #gone)))
end
redis.call('DECRBY', K.bytes, freed)
redis.call('DEL', K.order)
for i = 1, #kept, 5000 do
  redis.call('RPUSH', K.order, unpack(kept, i, math.min(i + 4999, #kept)))
end
-- Read entries the limit dropped since they were read are no loss; later drops stay counted.
for name, group in pairs(groups) do
  local left = tonumber(redis.call('HGET', K.dropped, name) or '0') - group.counted - (group.n - group.found)
  if left > 0 then redis.call('HSET', K.dropped, name, left) else redis.call('HDEL', K.dropped, name) end
end
return #kept
`);
