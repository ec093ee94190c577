"""The Lua scripts of the game store (`bot.store.games`): a game's compare-and-set save,
and a chat's pointer written apart from it."""

# KEYS: the game's hash, the chat's pointer (or the game's hash again when the pointer
# is in another slot: then it is written apart), the shard's due set, its live set, its
# set of finished matches not yet recorded, the game's delivery lease and its messages'
# hash (`bot.store.messages`), then the shard's live set of each variant (the game is in
# its own variant's while live: a lobby may change its variant). All in the game's slot
# (see `bot.store.slots`). ARGV: expected version (-1: a new game), the record, its TTL
# in ms, "1" if live, the game id, "1" if due (a group game), this write's token (read
# back when the answer is lost: see `GameStore._confirm`), "1" if the match has just a
# result, the place of the game's variant among the variant sets (1-based), for a new
# game the pointer its chat had when it was checked ("" for none: if it moved since,
# nothing is written: someone else opened a game), and the delivery lease's token (""
# for none) and length in ms.
#
# Returns {outcome, leased, the messages' fields, the record now}: outcome 0 (saved), 1
# (another version is stored: the record now is that one's, for the caller refused) or
# 3 (the chat's pointer moved). With a lease token, a save takes the lease unless
# another token holds it (leased 1), and reads the messages' fields in the same step:
# the delivery that follows the save needs no round trip of its own to begin.
SAVE = """
local game, chat, due, live_set, finished = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local lease, messages = KEYS[6], KEYS[7]
local expected, data, ttl, live, id = tonumber(ARGV[1]), ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local token = ARGV[11]
local function opened()
  if token == '' then return {0, 0, {}, false} end
  local held = redis.call('GET', lease)
  if held and held ~= token then return {0, 0, {}, false} end
  redis.call('SET', lease, token, 'PX', ARGV[12])
  return {0, 1, redis.call('HGETALL', messages), false}
end
local pointer = false
if chat ~= game then pointer = redis.call('GET', chat) end
local version
if expected < 0 then
  if chat ~= game and (pointer or '') ~= ARGV[10] then return {3, 0, {}, false} end
  if redis.call('EXISTS', game) == 1 then return {1, 0, {}, false} end
  version = 1
else
  if tonumber(redis.call('HGET', game, 'v')) ~= expected then
    return {1, 0, {}, redis.call('HGET', game, 'd')}
  end
  version = expected + 1
end
redis.call('HSET', game, 'v', version, 'd', data, 'l', live, 'w', ARGV[7])
redis.call('PEXPIRE', game, ttl)
-- After a rematch the chat points to the new game: an older one keeps its place.
if chat ~= game and (not pointer or pointer == id or expected < 0) then
  redis.call('SET', chat, id, 'PX', ttl)
end
if ARGV[6] == '1' then redis.call('ZADD', due, 0, id) end
if live == '1' then redis.call('SADD', live_set, id) else redis.call('SREM', live_set, id) end
for i = 8, #KEYS do
  if live == '1' and i - 7 == tonumber(ARGV[9]) then
    redis.call('SADD', KEYS[i], id)
  else
    redis.call('SREM', KEYS[i], id)
  end
end
if ARGV[8] == '1' then redis.call('SADD', finished, id) end
return opened()
"""

# The chat's pointer when it lives in another slot than the game (a game whose group
# became a supergroup): the same rule as in `SAVE`, apart. KEYS: the pointer. ARGV:
# the game id, its TTL in ms, "1" for a new game.
POINT = """
local pointer = redis.call('GET', KEYS[1])
if not pointer or pointer == ARGV[1] or ARGV[3] == '1' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 1
"""

# A chat a game left (its group became a supergroup) stops pointing to it.
UNPOINT = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""
