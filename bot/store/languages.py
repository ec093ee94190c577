"""The language each person chose with /lang, and each group's: kept in Redis for
every process (`LanguageStore`), and read through a short cache in this one
(`Languages`), so that most updates ask Redis nothing. A choice made here is seen here
at once; one made in another process reaches this one within `ttl` seconds."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors

TTL = 30.0  # seconds a language read from Redis is kept here
SIZE = 10_000  # people and groups remembered at most (the least recently seen are forgotten)


class LanguageStore:
    """The chosen languages in Redis, by user id (a person) or chat id (a group: its id
    is negative, so never a person's)."""

    def __init__(self, redis: RedisClient) -> None:
        self._redis = redis

    async def get(self, chat_id: int) -> str | None:
        """The language a person chose with /lang, or a group's language, if any."""
        async with redis_errors():
            raw = await self._redis.get(keys.language(chat_id))
        return None if raw is None else text(raw)

    async def set(self, chat_id: int, lang: str) -> None:
        """Remember a person's or a group's language."""
        async with redis_errors():
            await self._redis.set(keys.language(chat_id), lang)

    async def adopt(self, chat_id: int, lang: str) -> str:
        """`lang` becomes the group's language unless it has one already; returns the
        one it has now. One transaction: of two first games at once, one sets it."""
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            pipe.set(keys.language(chat_id), lang, nx=True)
            pipe.get(keys.language(chat_id))
            _, raw = await pipe.execute()
        return lang if raw is None else text(raw)


class Languages:
    """Read-through cache of the languages of people (by user id) and groups (by chat
    id)."""

    def __init__(
        self,
        store: LanguageStore,
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
        """The language person or group `chat_id` chose, or None."""
        now = self._clock()
        known = self._known.get(chat_id)
        if known is not None and known[0] > now:
            self._known.move_to_end(chat_id)
            return known[1]
        lang = await self._store.get(chat_id)
        self._remember(chat_id, lang, now)
        return lang

    async def set(self, chat_id: int, lang: str) -> None:
        """Remember `chat_id`'s choice, here and for every process."""
        await self._store.set(chat_id, lang)
        self._remember(chat_id, lang, self._clock())

    async def adopt(self, chat_id: int, lang: str) -> str:
        """`lang` becomes the group's language unless it has one; returns its language."""
        kept = await self._store.adopt(chat_id, lang)
        self._remember(chat_id, kept, self._clock())
        return kept

    async def forget(self, user_id: int) -> None:
        """/forgetme: this process's copy of the person's choice goes (the store's copy
        is `bot.store.personal`'s to erase); other processes drop theirs within `ttl`."""
        self._known.pop(user_id, None)

    def _remember(self, chat_id: int, lang: str | None, now: float) -> None:
        self._known[chat_id] = (now + self._ttl, lang)
        self._known.move_to_end(chat_id)
        while len(self._known) > self._size:
            self._known.popitem(last=False)
