"""Where each game's messages live and what they last showed, kept beside the game
record and outside its version: sending a message anew never makes anyone's
buttons stale.

One Redis hash per game: each person's private message (chat, id, and digests of
what it shows), the group's table message, how many announcements the group was
sent, and when the next message to the group may go (its pace).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import timedelta

from redis.asyncio import Redis

from bot.storage import ACTIVE_TTL, PREFIX, redis_errors

_TABLE = "table"
_POSTED = "posted"
_PACE = "pace"


def _key(game_id: str) -> str:
    return f"{PREFIX}:msgs:{game_id}"


@dataclass(frozen=True, slots=True)
class Sent:
    """A message and digests of what it shows: `essential` (the hand and the buttons:
    sent at once when it changes) and `full` (everything: may wait for the pace)."""

    chat_id: int
    message_id: int | None  # None: could not be sent (the person blocked the bot)
    essential: str = ""
    full: str = ""
    language: str = ""  # of a private message: its last word, after leaving, is in it too


@dataclass(slots=True)
class Placement:
    """Everything the store knows about one game's messages."""

    private: dict[int, Sent] = field(default_factory=dict)  # by user id
    table: Sent | None = None
    posted: int = 0  # announcements already sent to the group
    pace: float = 0.0  # the next message to the group not before this (epoch seconds)


def _sent(raw: bytes | str) -> Sent:
    return Sent(**json.loads(raw))


class MessageStore:
    """Read and write the `Placement` of a game."""

    def __init__(self, redis: Redis, *, ttl: timedelta = ACTIVE_TTL) -> None:
        self._redis = redis
        self._ttl = ttl

    async def load(self, game_id: str) -> Placement:
        """Everything known about the game's messages (empty for an unknown game)."""
        async with redis_errors():
            raw = await self._redis.hgetall(_key(game_id))
        placement = Placement()
        for name_raw, value in raw.items():
            name = name_raw.decode() if isinstance(name_raw, bytes) else str(name_raw)
            if name.startswith("p:"):
                placement.private[int(name[2:])] = _sent(value)
            elif name == _TABLE:
                placement.table = _sent(value)
            elif name == _POSTED:
                placement.posted = int(value)
            elif name == _PACE:
                placement.pace = float(value)
        return placement

    async def private(self, game_id: str, user_id: int) -> Sent | None:
        """One person's message for this game, if any."""
        async with redis_errors():
            raw = await self._redis.hget(_key(game_id), f"p:{user_id}")
        return None if raw is None else _sent(raw)

    async def set_private(self, game_id: str, user_id: int, sent: Sent) -> None:
        """Where a person's message is now, and what it shows."""
        await self._set(game_id, f"p:{user_id}", json.dumps(asdict(sent)))

    async def set_table(self, game_id: str, sent: Sent | None) -> None:
        """The group's table message (None: send a new one next time)."""
        if sent is None:
            async with redis_errors():
                await self._redis.hdel(_key(game_id), _TABLE)
            return
        await self._set(game_id, _TABLE, json.dumps(asdict(sent)))

    async def set_posted(self, game_id: str, posted: int) -> None:
        """How many announcements the group was sent."""
        await self._set(game_id, _POSTED, str(posted))

    async def set_pace(self, game_id: str, at: float) -> None:
        """The group's next message or edit not before `at`."""
        await self._set(game_id, _PACE, repr(at))

    async def _set(self, game_id: str, name: str, value: str) -> None:
        key = _key(game_id)
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, name, value)
            pipe.expire(key, self._ttl)
            await pipe.execute()
