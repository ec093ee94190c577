"""The Lua scripts of the game store (`bot.store.games`): a game's compare-and-set save,
and a chat's pointer written apart from it."""

from bot.store.outbox_scripts import MARK_LUA

# KEYS: the game's hash, the chat's pointer (or the game's hash again when the pointer
# is in another slot: then it is written apart), the shard's due set, its live set, its
# set of finished matches not yet recorded, the game's messages' hash, the chat's
# outbox, sender and shard index (`bot.store.outbox`), then the shard's live set of each
# variant (the game is in its own variant's while live: a lobby may change its variant).
# All in the game's slot (see `bot.store.slots`). ARGV: expected version (-1: a new
# game), the record, its TTL in ms, "1" if live, the game id, "1" if due (a group game),
# this write's token (read back when the answer is lost: see `GameStore._confirm`), "1"
# if the match has just a result, the place of the game's variant among the variant sets
# (1-based), for a new game the pointer its chat had when it was checked ("" for none:
# if it moved since, nothing is written: someone else opened a game), then "1" to mark
# the chat's outbox (when it shares the slot), now, the process's token, its sender's
# lease in seconds, the chat's id, and the game's entry's name.
#
# Returns {outcome, claim, the messages' fields, the record now}: outcome 0 (saved), 1
# (another version is stored: the record now is that one's, for the caller refused) or
# 3 (the chat's pointer moved). A save marks its chat's outbox with the new version and
# takes the chat's sender for this process unless another holds it (the claim, see
# `MARK_LUA`), with what the game's messages show when it took it: the chat's sender
# needs no round trip of its own to begin.
SAVE = (
    MARK_LUA
    + """
local game, chat, due, live_set, finished = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local messages = KEYS[6]
local expected, data, ttl, live, id = tonumber(ARGV[1]), ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local pointer = false
if chat ~= game then pointer = redis.call('GET', chat) end
local version
if expected < 0 then
  if chat ~= game and (pointer or '') ~= ARGV[10] then return {3, false, {}, false} end
  if redis.call('EXISTS', game) == 1 then return {1, false, {}, false} end
  version = 1
else
  if tonumber(redis.call('HGET', game, 'v')) ~= expected then
    return {1, false, {}, redis.call('HGET', game, 'd')}
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
for i = 10, #KEYS do
  if live == '1' and i - 9 == tonumber(ARGV[9]) then
    redis.call('SADD', KEYS[i], id)
  else
    redis.call('SREM', KEYS[i], id)
  end
end
if ARGV[8] == '1' then redis.call('SADD', finished, id) end
if ARGV[11] ~= '1' then return {0, false, {}, false} end
local claim = mark(KEYS[7], KEYS[8], KEYS[9], tonumber(ARGV[12]), ARGV[13], tonumber(ARGV[14]),
                   ARGV[15], {ARGV[16], tostring(version)}, {})
local shown = false
if claim[1] == 'taken' then shown = redis.call('HGETALL', messages) end
return {0, claim, shown, false}
"""
)

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
