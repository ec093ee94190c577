"""The language each person chose with /lang, and each group's: a choice of the chat
(`bot.store.choices`), which a group's first game may also set."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.store import keys
from bot.store.choices import SIZE, TTL, Choices, ChoiceStore
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors


class LanguageStore(ChoiceStore):
    """The chosen languages in Redis, by user id (a person) or chat id (a group)."""

    def __init__(self, redis: RedisClient) -> None:
        super().__init__(redis, keys.language)
        self._redis = redis

    async def adopt(self, chat_id: int, lang: str) -> str:
        """`lang` becomes the group's language unless it has one already; returns the
        one it has now. One transaction: of two first games at once, one sets it."""
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            pipe.set(keys.language(chat_id), lang, nx=True)
            pipe.get(keys.language(chat_id))
            _, raw = await pipe.execute()
        return lang if raw is None else text(raw)


class Languages(Choices):
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
        super().__init__(store, ttl=ttl, size=size, clock=clock)
        self._languages = store

    async def adopt(self, chat_id: int, lang: str) -> str:
        """`lang` becomes the group's language unless it has one; returns its language."""
        kept = await self._languages.adopt(chat_id, lang)
        self._remember(chat_id, kept, self._clock())
        return kept
