"""What the game store keeps about a person outside any game's record: their chosen
language and the set of group games they sit in. Forgotten on /forgetme."""

from __future__ import annotations

from redis.asyncio import Redis

from bot.store import keys
from bot.store.errors import redis_errors


class PersonalKeys:
    """A `PersonalData` holder: a person's language and game set."""

    def __init__(self, redis: Redis) -> None:
        self._redis = redis

    async def forget(self, user_id: int) -> None:
        async with redis_errors():
            await self._redis.delete(keys.language(user_id), keys.person(user_id))
