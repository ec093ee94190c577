"""What the Telegram side tells operators: every Bot API call counted by method and
outcome (a session middleware, beside the retry on 429), every update counted and
timed (the dispatcher's outermost middleware), and whether updates still come, for
/healthz (`Liveness`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiogram import BaseMiddleware
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramConflictError,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramNotFound,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)
from aiogram.methods import GetUpdates
from aiogram.methods.base import TelegramType
from aiogram.types import TelegramObject, Update
from aiogram.types.update import UpdateTypeLookupError

from bot.metrics import TELEGRAM_CALLS, UPDATE_SECONDS, UPDATES
from bot.telegram.middlewares import Handler

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod

# A long poll asks Telegram to wait this long for updates (aiogram's own default).
POLLING_TIMEOUT = 10
# Polling is alive while getUpdates answers: with no update it still answers every
# POLLING_TIMEOUT seconds, so this long without an answer means it is stuck or failing.
POLL_STALE = 3 * POLLING_TIMEOUT

_OUTCOMES: tuple[tuple[type[Exception], str], ...] = (
    (TelegramRetryAfter, "429"),
    (TelegramForbiddenError, "403"),
    (TelegramUnauthorizedError, "401"),
    (TelegramNotFound, "404"),
    (TelegramConflictError, "409"),
    (TelegramBadRequest, "400"),
    (TelegramServerError, "5xx"),
    (TelegramNetworkError, "network"),
)


def outcome_of(error: Exception) -> str:
    """The label of a failed call."""
    return next((label for kind, label in _OUTCOMES if isinstance(error, kind)), "error")


class Liveness:
    """Whether updates can reach the bot: in polling mode, when getUpdates last
    answered; in webhook mode, whether the webhook is set and the server listens.
    `mode` is None while the bot starts."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.mode: str | None = None
        self.last_poll: float | None = None  # when getUpdates last answered
        self.last_update: float | None = None  # when the last update came, either way

    def polling(self) -> None:
        """Polling starts now (its first answer may take POLLING_TIMEOUT)."""
        self.mode = "polling"
        self.last_poll = self._clock()

    def listening(self) -> None:
        """The webhook is set and the server takes Telegram's posts."""
        self.mode = "webhook"

    def polled(self) -> None:
        self.last_poll = self._clock()

    def update_came(self) -> None:
        self.last_update = self._clock()

    def since_update(self) -> float | None:
        """Seconds since the last update, or None before the first."""
        return None if self.last_update is None else self._clock() - self.last_update

    def problem(self) -> str | None:
        """Why updates cannot reach the bot now, or None when they can."""
        if self.mode is None:
            return "starting: not polling or listening yet"
        if self.mode == "polling" and self.last_poll is not None:
            quiet = self._clock() - self.last_poll
            if quiet > POLL_STALE:
                return f"getUpdates has not answered for {quiet:.0f} s"
        return None


class CallMetrics(BaseRequestMiddleware):
    """Counts each request to the Bot API by method and outcome. Registered after the
    retry on 429, so it sits inside it: each attempt counts, and so does each 429."""

    def __init__(self, liveness: Liveness | None = None) -> None:
        self._liveness = liveness

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        name = method.__api_method__
        try:
            response = await make_request(bot, method)
        except Exception as error:
            TELEGRAM_CALLS.labels(name, outcome_of(error)).inc()
            raise
        TELEGRAM_CALLS.labels(name, "ok").inc()
        if self._liveness is not None and isinstance(method, GetUpdates):
            self._liveness.polled()
        return response


class UpdateMetrics(BaseMiddleware):
    """The outermost middleware: counts and times every update by kind (a duplicate
    that another process handled is counted too: it arrived)."""

    def __init__(self, liveness: Liveness | None = None) -> None:
        self._liveness = liveness

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if not isinstance(event, Update):
            return await handler(event, data)
        if self._liveness is not None:
            self._liveness.update_came()
        kind = _kind(event)
        started = time.perf_counter()
        try:
            return await handler(event, data)
        finally:
            UPDATES.labels(kind).inc()
            UPDATE_SECONDS.labels(kind).observe(time.perf_counter() - started)


def _kind(update: Update) -> str:
    try:
        return update.event_type
    except UpdateTypeLookupError:  # a kind newer than this aiogram
        return "unknown"
