"""The matches that got a result and are not yet recorded (stats, history): one set
per shard, which the game's save adds to in the same script as the result itself, so
a restart between the two cannot lose a recording. Whoever records a match takes it
off the set after."""

from __future__ import annotations

from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.store.slots import SHARDS, shard_of_game


class FinishedMatches:
    """The sets of matches to record."""

    def __init__(self, redis: RedisClient) -> None:
        self._redis = redis

    async def pending(self) -> list[str]:
        """The game ids of the matches still to record (any process may record them)."""
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for shard in range(SHARDS):
                pipe.smembers(keys.finished(shard))
            found = await pipe.execute()
        return sorted(text(m) for s in found for m in s)

    async def done(self, game_id: str) -> None:
        """The match is recorded (or gone): off its set."""
        async with redis_errors():
            await self._redis.srem(keys.finished(shard_of_game(game_id)), game_id)
