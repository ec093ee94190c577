"""Admission (`bot.telegram.admission`): a few updates at a time, in order; a press
that waited too long for its turn is answered that the bot is busy, and nothing else
is done for it; a command waits its turn."""

from __future__ import annotations

import asyncio
from typing import Any

from aiogram import Bot
from aiogram.methods import AnswerCallbackQuery
from aiogram.types import TelegramObject, Update

from bot.telegram.admission import Admission
from tests.bot.fake_telegram import TelegramHarness, user
from tests.bot.telegram.handlers.driver import ALICE, open_game
from texts import Texts


class Clock:
    def __init__(self) -> None:
        self.at = 0.0

    def __call__(self) -> float:
        return self.at


class Held:
    """A handler that records what it handles and holds each until released."""

    def __init__(self) -> None:
        self.handled: list[int] = []
        self.release = asyncio.Event()

    async def __call__(self, event: TelegramObject, _data: dict[str, Any]) -> str:
        assert isinstance(event, Update)
        self.handled.append(event.update_id)
        await self.release.wait()
        return "handled"


async def test_a_press_that_waited_past_its_patience_is_answered_busy_and_not_handled(
    harness: TelegramHarness, bot: Bot, texts: Texts
) -> None:
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    clock = Clock()
    admission = Admission(texts, at_once=1, patience=1.0, clock=clock)
    held = Held()
    data = game.buttons()[0].callback_data or ""
    first = harness.press_update(ALICE, game, data, "q-first")
    late = harness.press_update(user(2002, "Bob", "ru"), game, data, "q-late")
    running = asyncio.create_task(admission(held, first, {"bot": bot}))
    waiting = asyncio.create_task(admission(held, late, {"bot": bot}))
    await asyncio.sleep(0)
    clock.at = 1.5  # the second waited longer than its patience
    held.release.set()
    assert await running == "handled"
    assert await waiting is None
    assert held.handled == [first.update_id]
    answers = harness.fake.named("answerCallbackQuery")
    busy = [a for a in answers if a.params["callback_query_id"] == "q-late"]
    assert [a.params["text"] for a in busy] == [texts.get("ru", "error-busy")]
    assert busy[0].params["show_alert"] is False


async def test_a_press_served_within_its_patience_is_handled(
    harness: TelegramHarness, bot: Bot, texts: Texts
) -> None:
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    clock = Clock()
    admission = Admission(texts, at_once=1, patience=1.0, clock=clock)
    held = Held()
    data = game.buttons()[0].callback_data or ""
    first = harness.press_update(ALICE, game, data, "q-1")
    second = harness.press_update(ALICE, game, data, "q-2")
    running = asyncio.create_task(admission(held, first, {"bot": bot}))
    waiting = asyncio.create_task(admission(held, second, {"bot": bot}))
    await asyncio.sleep(0)
    clock.at = 0.9
    held.release.set()
    assert [await running, await waiting] == ["handled", "handled"]
    assert held.handled == [first.update_id, second.update_id]  # in the order they came


async def test_a_command_waits_its_turn_however_long(
    harness: TelegramHarness, bot: Bot, texts: Texts
) -> None:
    await harness.send(ALICE, "/help")
    command = harness.last_update
    assert command is not None
    clock = Clock()
    admission = Admission(texts, at_once=1, patience=1.0, clock=clock)
    held = Held()
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    press = harness.press_update(ALICE, game, game.buttons()[0].callback_data or "")
    running = asyncio.create_task(admission(held, press, {"bot": bot}))
    waiting = asyncio.create_task(admission(held, command, {"bot": bot}))
    await asyncio.sleep(0)
    clock.at = 60
    held.release.set()
    assert [await running, await waiting] == ["handled", "handled"]


async def test_in_webhook_mode_a_shed_press_is_answered_in_the_reply(
    harness: TelegramHarness, bot: Bot, texts: Texts
) -> None:
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    clock = Clock()
    admission = Admission(texts, at_once=1, patience=1.0, clock=clock, in_reply=True)
    held = Held()
    data = game.buttons()[0].callback_data or ""
    first = harness.press_update(ALICE, game, data, "q-a")
    late = harness.press_update(ALICE, game, data, "q-b")
    running = asyncio.create_task(admission(held, first, {"bot": bot}))
    waiting = asyncio.create_task(admission(held, late, {"bot": bot}))
    await asyncio.sleep(0)
    clock.at = 2.0
    held.release.set()
    await running
    reply = await waiting
    assert isinstance(reply, AnswerCallbackQuery)
    assert (reply.callback_query_id, reply.text) == ("q-b", texts.get("en", "error-busy"))
    answered = [a.params["callback_query_id"] for a in harness.fake.named("answerCallbackQuery")]
    assert "q-b" not in answered  # no request of its own
