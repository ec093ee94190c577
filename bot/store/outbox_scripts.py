"""The Lua scripts of the chats' outboxes (`bot.store.outbox`): marking a chat (also
part of a game's save, `bot.store.game_scripts`), taking a chat nobody sends to, a
call's end, and the live processes' count."""

KEEP = 30 * 86_400  # seconds an outbox or a game's messages are kept without a change

# mark(outbox, sender, index, now, token, ttl, chat, sets, drops): write the entries,
# then take the chat's sender for `token` unless another holds it. Returns {'held'} or
# {'taken' | 'mine', tat, the outbox's fields}.
MARK_LUA = (
    f"local KEEP = {KEEP}"
    + """
local function expire_sender(sender, now)
  local last = math.max(tonumber(redis.call('HGET', sender, 'until') or '0'),
                        tonumber(redis.call('HGET', sender, 'tat') or '0'))
  redis.call('PEXPIRE', sender, math.max(1000, math.ceil((last - now) * 1000) + 1000))
end
local function take(outbox, sender, index, now, token, ttl, chat)
  local owner = redis.call('HGET', sender, 'owner')
  local until_ = tonumber(redis.call('HGET', sender, 'until') or '0')
  if owner and owner ~= token and until_ > now then
    redis.call('ZADD', index, 'NX', until_, chat)
    return {'held'}
  end
  local state = (owner == token and until_ > now) and 'mine' or 'taken'
  redis.call('HSET', sender, 'owner', token, 'until', now + ttl)
  expire_sender(sender, now)
  redis.call('ZADD', index, now + ttl, chat)
  return {state, redis.call('HGET', sender, 'tat') or '0', redis.call('HGETALL', outbox)}
end
local function mark(outbox, sender, index, now, token, ttl, chat, sets, drops)
  for i = 1, #sets, 2 do redis.call('HSET', outbox, sets[i], sets[i + 1]) end
  for _, name in ipairs(drops) do redis.call('HDEL', outbox, name) end
  redis.call('EXPIRE', outbox, KEEP)
  return take(outbox, sender, index, now, token, ttl, chat)
end
"""
)

# KEYS: outbox, sender, index. ARGV: now, token, ttl, chat, the wall-clock time past
# which the entries come too late ('0': never; answered {'late'}), how many sets, then
# the sets (name, value), then the names dropped.
MARK = (
    MARK_LUA
    + """
local by = tonumber(ARGV[5])
if by > 0 then
  local time = redis.call('TIME')
  if tonumber(time[1]) + tonumber(time[2]) / 1000000 > by then return {'late'} end
end
local sets, drops = {}, {}
local count = tonumber(ARGV[6])
for i = 7, 6 + 2 * count do sets[#sets + 1] = ARGV[i] end
for i = 7 + 2 * count, #ARGV do drops[#drops + 1] = ARGV[i] end
return mark(KEYS[1], KEYS[2], KEYS[3], tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3]),
            ARGV[4], sets, drops)
"""
)

# Take a chat nobody sends to (its index said to look): as `take`, but a chat whose
# outbox is empty leaves the index. KEYS and ARGV as `MARK`'s first four.
TAKE = (
    MARK_LUA
    + """
if redis.call('HLEN', KEYS[1]) == 0 then
  redis.call('ZREM', KEYS[3], ARGV[4])
  return {'empty'}
end
return take(KEYS[1], KEYS[2], KEYS[3], tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3]), ARGV[4])
"""
)

# After a call: clear the entries it showed (one whose value changed since, or a game's
# whose version is newer, stays; cleared even when another took the chat meanwhile: they
# were shown), keep the pace, and keep the chat until `until`, or give it up when nothing
# is left and `release`. A hold that lapsed with nobody taking the chat (its key expired
# while Redis was frozen) is taken again. KEYS: outbox, sender, index. ARGV: now, token,
# until, chat, tat, release ('1'), then names and the values they were shown at. Returns
# {'lost'} (another took the chat), {'released'} or {'kept', the outbox's fields}.
DONE = (
    MARK_LUA
    + """
local now = tonumber(ARGV[1])
for i = 7, #ARGV, 2 do
  local have = redis.call('HGET', KEYS[1], ARGV[i])
  local a, b = tonumber(have), tonumber(ARGV[i + 1])
  if have == ARGV[i + 1] or (a and b and a <= b) then redis.call('HDEL', KEYS[1], ARGV[i]) end
end
local owner = redis.call('HGET', KEYS[2], 'owner')
if owner and owner ~= ARGV[2] then return {'lost'} end
redis.call('HSET', KEYS[2], 'owner', ARGV[2], 'tat', ARGV[5])
if ARGV[6] == '1' and redis.call('HLEN', KEYS[1]) == 0 then
  redis.call('HDEL', KEYS[2], 'owner', 'until')
  redis.call('ZREM', KEYS[3], ARGV[4])
  expire_sender(KEYS[2], now)
  return {'released'}
end
redis.call('HSET', KEYS[2], 'until', ARGV[3])
expire_sender(KEYS[2], now)
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[4])
return {'kept', redis.call('HGETALL', KEYS[1])}
"""
)

# The live processes: each says it lives until a time; returns how many do.
BEAT = """
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
redis.call('PEXPIRE', KEYS[1], 60000)
return redis.call('ZCARD', KEYS[1])
"""
