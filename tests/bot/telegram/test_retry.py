"""The retry on flood control (429): after `retry_after`, a few times; never inside
the pacer, which reschedules instead."""

from __future__ import annotations

from typing import Any

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramRetryAfter
from aiogram.methods import SendMessage

from bot.telegram.retry import RetryAfterMiddleware, paced

METHOD = SendMessage(chat_id=1, text="hi")


class Flaky:
    """A request that is refused `floods` times with `retry_after`, then succeeds."""

    def __init__(self, floods: int, retry_after: int = 2) -> None:
        self.floods, self.retry_after, self.calls = floods, retry_after, 0

    async def __call__(self, bot: Bot, method: Any) -> Any:
        self.calls += 1
        if self.calls <= self.floods:
            raise TelegramRetryAfter(method, "Too Many Requests", self.retry_after)
        return "sent"


class Sleeps:
    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


async def test_a_429_is_retried_after_the_wait_telegram_asks_for(bot: Bot) -> None:
    sleeps, request = Sleeps(), Flaky(floods=2, retry_after=3)
    result: Any = await RetryAfterMiddleware(sleeps)(request, bot, METHOD)
    assert result == "sent"
    assert sleeps.waits == [3, 3]
    assert request.calls == 3


async def test_it_gives_up_after_a_few_attempts(bot: Bot) -> None:
    sleeps, request = Sleeps(), Flaky(floods=10)
    with pytest.raises(TelegramRetryAfter):
        await RetryAfterMiddleware(sleeps, attempts=3)(request, bot, METHOD)
    assert request.calls == 3


async def test_a_very_long_wait_is_not_slept_on(bot: Bot) -> None:
    sleeps, request = Sleeps(), Flaky(floods=1, retry_after=3600)
    with pytest.raises(TelegramRetryAfter):
        await RetryAfterMiddleware(sleeps)(request, bot, METHOD)
    assert sleeps.waits == []


async def test_the_pacer_gets_the_429_itself(bot: Bot) -> None:
    sleeps, request = Sleeps(), Flaky(floods=1)
    with paced(), pytest.raises(TelegramRetryAfter):
        await RetryAfterMiddleware(sleeps)(request, bot, METHOD)
    assert sleeps.waits == []
    result: Any = await RetryAfterMiddleware(sleeps)(request, bot, METHOD)
    assert result == "sent"
