"""What a person (by user id) or a group (by chat id: negative, so never a person's)
chose for their chat, one value each, kept in Redis for every process (`ChoiceStore`)
and read through a short cache in this one (`Choices`), so that most updates ask Redis
nothing. A choice made here is seen here at once; one made in another process reaches
this one within `ttl` seconds. The chosen languages and looks are such choices."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors

TTL = 30.0  # seconds a choice read from Redis is kept here
SIZE = 10_000  # people and groups remembered at most (the least recently seen are forgotten)


class ChoiceStore:
    """One kind of choice in Redis, under `key(chat_id)`."""

    def __init__(self, redis: RedisClient, key: Callable[[int], str]) -> None:
        self._redis = redis
        self._key = key

    async def get(self, chat_id: int) -> str | None:
        """The value `chat_id` chose, if any."""
        async with redis_errors():
            raw = await self._redis.get(self._key(chat_id))
        return None if raw is None else text(raw)

    async def set(self, chat_id: int, value: str) -> None:
        """Remember `chat_id`'s choice."""
        async with redis_errors():
            await self._redis.set(self._key(chat_id), value)

    async def forget(self, chat_id: int) -> None:
        """/forgetme: the choice goes."""
        async with redis_errors():
            await self._redis.delete(self._key(chat_id))


class Choices:
    """Read-through cache of one kind of choice, by person or group."""

    def __init__(
        self,
        store: ChoiceStore,
        *,
        ttl: float = TTL,
        size: int = SIZE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = store
        self._ttl = ttl
        self._size = size
        self._clock = clock
        self._known: OrderedDict[int, tuple[float, str | None]] = OrderedDict()

    async def get(self, chat_id: int) -> str | None:
        """What person or group `chat_id` chose, or None."""
        now = self._clock()
        known = self._known.get(chat_id)
        if known is not None and known[0] > now:
            self._known.move_to_end(chat_id)
            return known[1]
        value = await self._store.get(chat_id)
        self._remember(chat_id, value, now)
        return value

    async def set(self, chat_id: int, value: str) -> None:
        """Remember `chat_id`'s choice, here and for every process."""
        await self._store.set(chat_id, value)
        self._remember(chat_id, value, self._clock())

    async def forget(self, user_id: int) -> None:
        """/forgetme: this process's copy of the person's choice goes (the store's copy
        is erased by the store's own `forget`); other processes drop theirs within
        `ttl`."""
        self._known.pop(user_id, None)

    def _remember(self, chat_id: int, value: str | None, now: float) -> None:
        self._known[chat_id] = (now + self._ttl, value)
        self._known.move_to_end(chat_id)
        while len(self._known) > self._size:
            self._known.popitem(last=False)
