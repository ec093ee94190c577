"""The bot's client: HTML by default, no link previews, a retry on flood control for
the calls made outside delivery, and every request counted for /metrics."""

from __future__ import annotations

import aiogram.methods
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.enums import ParseMode
from aiogram.methods.base import Response, TelegramMethod

from bot.telegram.observe import CallMetrics, Liveness
from bot.telegram.retry import RetryAfterMiddleware, Sleep

# Updates taken in at once (aiogram's limit in polling mode; in webhook mode, the posts
# Telegram makes at once): a crowd's further updates wait at Telegram's side. Of those
# taken in, `bot.telegram.admission` handles a few at a time, in order.
CONCURRENT_UPDATES = 64


def _response_types() -> list[type]:
    """aiogram reads every answer as `Response[<the method's result type>]`, a pydantic
    generic made on the spot. Pydantic keeps such a class only while something else
    refers to it: once the garbage collector has taken it, the next answer builds it
    again, schema and all, which cost about a third of an update's CPU over HTTP.
    Referring to each one once, here, keeps them all."""
    return [
        Response[method.__returning__]  # type: ignore[name-defined]
        for method in vars(aiogram.methods).values()
        if isinstance(method, type)
        and issubclass(method, TelegramMethod)
        and method is not TelegramMethod
    ]


RESPONSE_TYPES = _response_types()


def create_bot(
    token: str,
    session: BaseSession | None = None,
    sleep: Sleep | None = None,
    liveness: Liveness | None = None,
) -> Bot:
    """A bot that sends HTML, never shows link previews in game messages, retries a
    request Telegram answers with 429 after the wait it asks for (`sleep`: tests), and
    counts every request for /metrics (and its polls in `liveness`, for /healthz)."""
    bot = Bot(
        token=token,
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
    )
    retry = RetryAfterMiddleware() if sleep is None else RetryAfterMiddleware(sleep)
    bot.session.middleware(retry)
    # Inside the retry (registered after it): each attempt is counted.
    bot.session.middleware(CallMetrics(liveness))
    return bot
