"""Where each game's messages live and what they last showed, kept beside the game and
outside its version: sending a message anew never makes anyone's buttons stale.

One Redis hash per game, of text fields whose meaning is the outbox's
(`bot.telegram.show.placement`). Each field belongs to one chat (a person's private
message, or the group's table and announcements), and only the process sending to that
chat writes it (see `bot.store.outbox`), so no lock is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import cast

from redis.typing import EncodableT, FieldT

from bot.store import keys
from bot.store.client import RedisClient, fields_of, text
from bot.store.errors import redis_errors
from bot.store.games import ACTIVE_TTL


class MessageStore:
    """Read and write each game's messages' fields."""

    def __init__(self, redis: RedisClient, *, ttl: timedelta = ACTIVE_TTL) -> None:
        self._redis = redis
        self._ttl = ttl

    async def load(self, game_id: str) -> dict[str, str]:
        """Every field of the game's messages (none for an unknown game)."""
        async with redis_errors():
            raw = await self._redis.hgetall(keys.messages(game_id))
        return fields_of(raw)

    async def field(self, game_id: str, name: str) -> str | None:
        """One field, if set."""
        async with redis_errors():
            raw = await self._redis.hget(keys.messages(game_id), name)
        return None if raw is None else text(raw)

    async def write(self, game_id: str, fields: Mapping[str, str], dropped: set[str]) -> None:
        """Write what changed."""
        key = keys.messages(game_id)
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            if fields:
                pipe.hset(key, mapping=cast(Mapping[FieldT, EncodableT], fields))
            if dropped:
                pipe.hdel(key, *dropped)
            pipe.expire(key, self._ttl)
            await pipe.execute()
