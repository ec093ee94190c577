"""What the game store keeps about a person outside any game's record: their chosen
language and look, and the set of group games they sit in. Forgotten on /forgetme."""

from __future__ import annotations

from bot.store import keys
from bot.store.client import RedisClient
from bot.store.errors import redis_errors


class PersonalKeys:
    """A `PersonalData` holder: a person's language, look and game set."""

    def __init__(self, redis: RedisClient) -> None:
        self._redis = redis

    async def forget(self, user_id: int) -> None:
        # One key per command: they are in different slots of a cluster. Either may
        # go first: forgetting again finishes what a failure left.
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            pipe.delete(keys.language(user_id))
            pipe.delete(keys.look(user_id))
            pipe.delete(keys.person(user_id))
            await pipe.execute()
