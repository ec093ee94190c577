"""Telegram's flood control: a 429 answer says how long to wait (`retry_after`).
aiogram does not retry by itself; this request middleware does, for every call,
after the wait Telegram asks for.

The outbox opts out (`paced()`, in `bot.telegram.outbox.calls`): instead of sleeping on
an old message it holds the chat, and later sends whatever is then the latest content.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramRetryAfter
from aiogram.methods.base import TelegramType

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
ATTEMPTS = 5
MAX_WAIT = 120.0  # seconds; a longer wait is not waited for here: the error goes up

_paced: ContextVar[bool] = ContextVar("paced", default=False)


@contextmanager
def paced() -> Iterator[None]:
    """Within this block (and the tasks it starts) a 429 is raised, not waited for."""
    token = _paced.set(True)
    try:
        yield
    finally:
        _paced.reset(token)


class RetryAfterMiddleware(BaseRequestMiddleware):
    """Waits `retry_after` seconds and sends the same request again (a few times)."""

    def __init__(
        self, sleep: Sleep = asyncio.sleep, attempts: int = ATTEMPTS, max_wait: float = MAX_WAIT
    ) -> None:
        self._sleep = sleep
        self._attempts = attempts
        self._max_wait = max_wait

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        for attempt in range(1, self._attempts + 1):
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as exc:
                if _paced.get() or attempt == self._attempts or exc.retry_after > self._max_wait:
                    raise
                log.warning(
                    "flood control on %s: retrying in %ss", method.__api_method__, exc.retry_after
                )
                await self._sleep(exc.retry_after)
        raise AssertionError("unreachable")  # the loop returns or raises
