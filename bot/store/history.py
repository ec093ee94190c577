"""Each chat's history in Redis, without expiry (see `bot.game.history`):

- `keys.history(chat)`: a sorted set of the chat's last `HISTORY_SIZE` matches, each
  member `<game id> <entry JSON>`, scored by when the match ended (ms): the game id
  first, so that the script that adds an entry sees whether the match is already in;
- `keys.history_hand(chat)`: the engine of the chat's latest match, compressed, for
  its last hand move by move;
- `keys.history_person(user)`: the chats whose history names a person, so that
  `forget` finds every entry without scanning Redis.

One script, on the chat's slot, adds a match, checks it is not in yet, caps the set and
points the last hand at it: the same match handed twice, or by two processes at once, is
recorded once. The chat goes on the sets of the people it names before that script (one
key each, in other slots), so no entry is ever kept that `forget` cannot find.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

from pydantic import ValidationError

from bot.game.history import HISTORY_SIZE, LastHand, PastMatch
from bot.store import keys
from bot.store.client import RedisClient
from bot.store.errors import redis_errors

COMPRESSION = 6  # zlib level, as for the games
FORGET_ATTEMPTS = 5  # rereads of a chat's history when entries change while forgetting

# KEYS: the chat's history, its last hand. ARGV: the game id, when the match ended
# (ms), the member to add, the last hand, how many entries to keep. Returns 1 when the
# match was recorded now.
_ADD = """
local history, hand = KEYS[1], KEYS[2]
local prefix = ARGV[1] .. ' '
for _, kept in ipairs(redis.call('ZRANGE', history, 0, -1)) do
  if string.sub(kept, 1, #prefix) == prefix then return 0 end
end
redis.call('ZADD', history, ARGV[2], ARGV[3])
redis.call('ZREMRANGEBYRANK', history, 0, -tonumber(ARGV[5]) - 1)
-- A match older than every kept one (recorded late) falls off at once, and only the
-- latest match's hand is kept.
if not redis.call('ZSCORE', history, ARGV[3]) then return 0 end
if redis.call('ZRANGE', history, -1, -1)[1] == ARGV[3] then
  redis.call('SET', hand, ARGV[4])
end
return 1
"""

# KEYS: a chat's history. ARGV: pairs of (the member read, the member to put instead).
# A member changed meanwhile (another forget) is left for the next read. Returns how
# many were replaced.
_REPLACE = """
local replaced = 0
for i = 1, #ARGV, 2 do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if score then
    redis.call('ZREM', KEYS[1], ARGV[i])
    redis.call('ZADD', KEYS[1], score, ARGV[i + 1])
    replaced = replaced + 1
  end
end
return replaced
"""


def _member(match: PastMatch) -> bytes:
    return f"{match.game_id} {match.to_json()}".encode()


def _members(found: Iterable[object]) -> list[bytes]:
    """What Redis answered, as the members stored (the client does not decode them)."""
    return [m.encode() if isinstance(m, str) else m for m in found if isinstance(m, str | bytes)]


def _entry(member: bytes) -> PastMatch | None:
    """A kept entry; None when it cannot be read (damaged, or an unknown format)."""
    _, _, data = member.partition(b" ")
    try:
        return PastMatch.model_validate_json(data)
    except ValidationError:
        return None


class HistoryStore:
    """The history of every chat (`bot.game.history.HistoryBook`)."""

    def __init__(self, redis: RedisClient, *, size: int = HISTORY_SIZE) -> None:
        self._redis = redis
        self._size = size
        self._add = redis.register_script(_ADD)
        self._replace = redis.register_script(_REPLACE)

    async def add(self, chat_id: int, match: PastMatch, hand: LastHand) -> bool:
        people = sorted({s.user for s in match.seats if s.user is not None})
        member = _member(match)
        ended = int(match.ended.timestamp() * 1000)
        packed = zlib.compress(hand.model_dump_json().encode(), COMPRESSION)
        if people:
            # Before the entry, so that no entry is ever kept that `forget` cannot find.
            # A chat listed with nothing of theirs in it (a crash before the entry, a
            # match that was in already) is harmless: `forget` reads its history, finds
            # none of their seats and changes nothing; a private chat is listed only
            # for its own person, whose /forgetme erases its history anyway.
            async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
                for person in people:
                    pipe.sadd(keys.history_person(person), chat_id)
                await pipe.execute()
        async with redis_errors():
            added = await self._add(
                keys=[keys.history(chat_id), keys.history_hand(chat_id)],
                args=[match.game_id, ended, member, packed, self._size],
            )
        return bool(added)

    async def recent(self, chat_id: int) -> list[PastMatch]:
        async with redis_errors():
            members = _members(await self._redis.zrevrange(keys.history(chat_id), 0, -1))
        return [e for m in members if (e := _entry(m)) is not None]

    async def last_hand(self, chat_id: int) -> tuple[PastMatch, LastHand] | None:
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            pipe.zrevrange(keys.history(chat_id), 0, 0)
            pipe.get(keys.history_hand(chat_id))
            latest, packed = await pipe.execute()
        newest = _members(latest)
        match = _entry(newest[0]) if newest else None
        if match is None or packed is None:
            return None
        try:
            hand = LastHand.model_validate_json(zlib.decompress(packed))
        except (zlib.error, ValidationError):
            return None
        return (match, hand) if hand.game_id == match.game_id else None

    async def forget(self, user_id: int) -> None:
        """Take `user_id`'s name and id out of every history: their private chat's (about
        nobody else) is deleted, and in every other chat their seat becomes a forgotten
        player's. Matches recorded after this call are not covered: call it again."""
        person = keys.history_person(user_id)
        async with redis_errors():
            chats = await self._redis.smembers(person)
        for raw in chats:
            chat_id = int(raw)
            if chat_id == user_id:  # a private chat's id is its person's
                async with redis_errors():
                    await self._redis.delete(keys.history(chat_id), keys.history_hand(chat_id))
            else:
                await self._anonymise(chat_id, user_id)
            async with redis_errors():
                # Only the chats gone through: one a match adds meanwhile stays listed.
                await self._redis.srem(person, raw)

    async def _anonymise(self, chat_id: int, user_id: int) -> None:
        key = keys.history(chat_id)
        for _ in range(FORGET_ATTEMPTS):
            async with redis_errors():
                members = _members(await self._redis.zrange(key, 0, -1))
            changes: list[bytes] = []
            for member in members:
                entry = _entry(member)
                forgotten = entry.forget(user_id) if entry is not None else None
                if forgotten is not None:
                    changes += [member, _member(forgotten)]
            if not changes:
                return
            async with redis_errors():
                replaced = await self._replace(keys=[key], args=changes)
            if replaced * 2 == len(changes):
                return
        raise RuntimeError(f"the history of {chat_id} kept changing while forgetting")
