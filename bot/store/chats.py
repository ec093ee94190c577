"""How far a group's conversation has gone: a count of the messages the bot saw there
(the people's commands it receives, and its own messages), shared by every process.
The count when the table was sent, kept with the table, says how many messages have
buried it since. Messages the bot is not shown (Telegram's privacy mode) are not
counted: a table is sent again at the bottom rather too late than too often."""

from __future__ import annotations

from datetime import timedelta

from bot.store import keys
from bot.store.client import RedisClient
from bot.store.errors import redis_errors

KEPT = timedelta(days=7)  # a quiet group's count is forgotten after this


class ChatMarks:
    """A count of the messages seen in each group."""

    def __init__(self, redis: RedisClient) -> None:
        self._redis = redis

    async def saw(self, chat_id: int) -> int:
        """One more message in `chat_id`; returns the count."""
        key = keys.conversation(chat_id)
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            pipe.incr(key)
            pipe.expire(key, KEPT)
            count, _ = await pipe.execute()
        return int(count)

    async def count(self, chat_id: int) -> int:
        """The messages seen in `chat_id` (0: none)."""
        async with redis_errors():
            raw = await self._redis.get(keys.conversation(chat_id))
        return int(raw) if raw is not None else 0
