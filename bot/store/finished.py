"""The matches that got a result and are not yet recorded (stats, history): a set the
game's save adds to in the same script as the result itself, so a restart between
the two cannot lose a recording. Whoever records a match takes it off the set after."""

from __future__ import annotations

from redis.asyncio import Redis

from bot.store import keys
from bot.store.errors import redis_errors


class FinishedMatches:
    """The set of matches to record."""

    def __init__(self, redis: Redis) -> None:
        self._redis = redis

    async def pending(self) -> list[str]:
        """The game ids of the matches still to record (any process may record them)."""
        async with redis_errors():
            members = await self._redis.smembers(keys.FINISHED)
        return sorted(m.decode() if isinstance(m, bytes) else str(m) for m in members)

    async def done(self, game_id: str) -> None:
        """The match is recorded (or gone): off the set."""
        async with redis_errors():
            await self._redis.srem(keys.FINISHED, game_id)
