"""The language each person chose with /lang, read on every update: kept in Redis for
every process, and for a short while in this one, so that most updates ask Redis
nothing. A choice made in another process reaches this one within `ttl` seconds."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from bot.store.games import GameStore

TTL = 30.0  # seconds a language read from Redis is kept here
SIZE = 10_000  # people remembered at most (the least recently seen are forgotten)


class Languages:
    """Read-through cache of the persons' chosen languages."""

    def __init__(
        self,
        store: GameStore,
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

    async def get(self, user_id: int) -> str | None:
        """The language `user_id` chose, or None."""
        now = self._clock()
        known = self._known.get(user_id)
        if known is not None and known[0] > now:
            self._known.move_to_end(user_id)
            return known[1]
        lang = await self._store.language(user_id)
        self._remember(user_id, lang, now)
        return lang

    async def set(self, user_id: int, lang: str) -> None:
        """Remember `user_id`'s choice, here and for every process."""
        await self._store.set_language(user_id, lang)
        self._remember(user_id, lang, self._clock())

    def _remember(self, user_id: int, lang: str | None, now: float) -> None:
        self._known[user_id] = (now + self._ttl, lang)
        self._known.move_to_end(user_id)
        while len(self._known) > self._size:
            self._known.popitem(last=False)
