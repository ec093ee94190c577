"""Where each game's messages live and what they last showed, kept beside the game
and outside its version: sending a message anew never makes anyone's buttons stale.

One Redis hash per game: each person's private message (chat, id, and digests of
what it shows), the group's table message, and how many announcements the group was
sent. Whoever brings a game's messages up to date holds its lease meanwhile, so that
two processes never send the same thing twice; taking the lease and reading the
hash is one round trip, and so are writing it back and giving the lease up.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import timedelta

from redis.typing import EncodableT, FieldT

from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.store.games import ACTIVE_TTL

_TABLE = "table"
_POSTED = "posted"
_POSTED_AT = "posted_at"
_REMINDED = "reminded"
_SHOWN = "shown"

# Write what a delivery changed, and give the lease back if it is still ours.
# KEYS: the messages' hash, the lease. ARGV: the token, the hash's TTL in seconds, how
# many fields are set, then each field and its value, then the fields dropped.
_CLOSE = """
local sets = tonumber(ARGV[3])
for i = 4, 3 + 2 * sets, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
for i = 4 + 2 * sets, #ARGV do redis.call('HDEL', KEYS[1], ARGV[i]) end
if #ARGV > 3 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1
"""


@dataclass(frozen=True, slots=True)
class Sent:
    """A message and digests of what it shows: `essential` (the hand and the buttons:
    sent at once when it changes) and `full` (everything: may wait for the pace)."""

    chat_id: int
    message_id: int | None  # None: could not be sent (the person blocked the bot)
    essential: str = ""
    full: str = ""
    language: str = ""  # of a private message: its last word, after leaving, is in it too
    turn: bool = False  # a group hand message sent anew because the person's turn came
    pinged_at: float = 0.0  # when such a message last notified the person
    retired: tuple[int, ...] = ()  # older messages of the same place, still to delete
    below_from: int = 0  # a group table: the group's message count when it was sent


@dataclass(slots=True)
class Placement:
    """Everything the store knows about one game's messages."""

    private: dict[int, Sent] = field(default_factory=dict)  # by user id
    table: Sent | None = None
    posted: int = 0  # announcements already sent to the group
    posted_at: float = 0.0  # when the last of them was sent (a timestamp)
    reminded: int = -1  # the game's version when the person to move was last reminded
    shown: int = 0  # the version of the game the messages were last brought up to


@dataclass(slots=True)
class Changes:
    """What a delivery changed in a `Placement`, written back in one go."""

    fields: dict[FieldT, EncodableT] = field(default_factory=dict)
    dropped: set[FieldT] = field(default_factory=set)

    def private(self, user_id: int, sent: Sent | None) -> None:
        self._set(f"p:{user_id}", None if sent is None else _dump(sent))

    def table(self, sent: Sent | None) -> None:
        self._set(_TABLE, None if sent is None else _dump(sent))

    def posted(self, count: int, at: float | None = None) -> None:
        self._set(_POSTED, str(count))
        if at is not None:
            self._set(_POSTED_AT, repr(at))

    def reminded(self, version: int) -> None:
        self._set(_REMINDED, str(version))

    def shown(self, version: int) -> None:
        self._set(_SHOWN, str(version))

    def _set(self, name: str, value: str | None) -> None:
        if value is None:
            self.fields.pop(name, None)
            self.dropped.add(name)
        else:
            self.dropped.discard(name)
            self.fields[name] = value

    def __bool__(self) -> bool:
        return bool(self.fields or self.dropped)


def _dump(sent: Sent) -> str:
    return json.dumps(asdict(sent), separators=(",", ":"))


def _sent(raw: bytes | str) -> Sent:
    fields = json.loads(raw)
    fields["retired"] = tuple(fields.get("retired", ()))
    return Sent(**fields)


def _placement(raw: Mapping[bytes | str, bytes | str]) -> Placement:
    placement = Placement()
    for name_raw, value in raw.items():
        name = text(name_raw)
        if name.startswith("p:"):
            placement.private[int(name[2:])] = _sent(value)
        elif name == _TABLE:
            placement.table = _sent(value)
        elif name == _POSTED:
            placement.posted = int(value)
        elif name == _POSTED_AT:
            placement.posted_at = float(value)
        elif name == _REMINDED:
            placement.reminded = int(value)
        elif name == _SHOWN:
            placement.shown = int(value)
    return placement


# Keep the lease a while longer, if it is still ours.
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""


class MessageStore:
    """Read and write the `Placement` of a game, under its lease."""

    def __init__(self, redis: RedisClient, *, ttl: timedelta = ACTIVE_TTL) -> None:
        self._redis = redis
        self._ttl = ttl
        self._close = redis.register_script(_CLOSE)
        self._renew = redis.register_script(_RENEW)

    async def open(self, game_id: str, token: str, lease: timedelta) -> Placement | None:
        """Take the game's lease and read its placement; None when another holds it."""
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            pipe.set(keys.lease(game_id), token, nx=True, px=lease)
            pipe.hgetall(keys.messages(game_id))
            taken, raw = await pipe.execute()
        return _placement(raw) if taken else None

    async def renew(self, game_id: str, token: str, lease: timedelta) -> bool:
        """Keep the lease for `lease` more, if it is still ours (False: it is not)."""
        async with redis_errors():
            kept = await self._renew(
                keys=[keys.lease(game_id)], args=[token, int(lease.total_seconds() * 1000)]
            )
        return bool(kept)

    async def close(self, game_id: str, token: str, changes: Changes) -> None:
        """Write what changed and give the lease back, in one round trip."""
        args: list[EncodableT] = [token, int(self._ttl.total_seconds()), len(changes.fields)]
        for name, value in changes.fields.items():
            args += [name, value]
        args += list(changes.dropped)
        script_keys = [keys.messages(game_id), keys.lease(game_id)]
        async with redis_errors():
            await self._close(keys=script_keys, args=args)

    async def load(self, game_id: str) -> Placement:
        """Everything known about the game's messages (empty for an unknown game)."""
        async with redis_errors():
            raw = await self._redis.hgetall(keys.messages(game_id))
        return _placement(raw)

    async def private(self, game_id: str, user_id: int) -> Sent | None:
        """One person's message for this game, if any."""
        async with redis_errors():
            raw = await self._redis.hget(keys.messages(game_id), f"p:{user_id}")
        return None if raw is None else _sent(raw)

    async def write(self, game_id: str, changes: Changes) -> None:
        """Write what changed, without the lease (a message sent outside a delivery: a
        joining person's first private message, a menu that became the game)."""
        key = keys.messages(game_id)
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            if changes.fields:
                pipe.hset(key, mapping=changes.fields)
            if changes.dropped:
                pipe.hdel(key, *changes.dropped)
            pipe.expire(key, self._ttl)
            await pipe.execute()
