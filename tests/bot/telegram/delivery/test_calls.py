"""Telegram's errors met in one place (`bot.telegram.delivery.calls`), seen from the
people's side: a 5xx on an edit is tried again at once, a reply Telegram does not take
is told as such, and a group whose announcement met a 5xx hears the rest at its pace."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramServerError
from aiogram.methods import EditMessageText, SendMessage, TelegramMethod
from fakeredis import FakeAsyncRedis

from bot.app import Pacing
from bot.game.state import HandOver
from bot.game.worker import Rhythm
from bot.store.pace import Limit, Limits, Pace
from bot.telegram.delivery.calls import Calls
from bot.telegram.delivery.timing import Timing
from bot.telegram.render.content import Content
from tests.bot.conftest import NO_LIMIT, FakeClock, FakeSleep
from tests.bot.fake_telegram import FakeTelegram, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    GROUP,
    game_in,
    group_texts,
    open_lobby,
    play_one_move,
    table,
    tap,
)
from tests.bot.telegram.handlers.driver import ALICE, open_game
from texts import Texts

Hook = Callable[[TelegramMethod[Any]], Exception | None]


def server_errors(kind: type, times: int, chat_id: int | None = None) -> list[Hook]:
    """`times` answers of 500 to the next calls of `kind` (to `chat_id`, if given)."""
    left = [times]

    def hook(method: TelegramMethod[Any]) -> Exception | None:
        if not isinstance(method, kind) or left[0] <= 0:
            return None
        if chat_id is not None and getattr(method, "chat_id", None) != chat_id:
            return None
        left[0] -= 1
        return TelegramServerError(method, "Internal Server Error")

    return [hook] * times


async def test_a_500_on_a_menu_edit_is_tried_again_and_the_menu_moves_on(
    harness: TelegramHarness, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    fake.fail_next.extend(server_errors(EditMessageText, 1))
    answer = await harness.press(ALICE, menu, menu.button("Draw game").callback_data or "")
    assert alert_of(answer) is None
    assert fake.fail_next == []  # the 500 was answered, and the edit tried again
    assert "Game: Draw game" in fake.message(menu.chat_id, menu.message_id).text
    assert "Traceback" not in caplog.text


async def test_telegram_down_on_a_menu_edit_is_told_and_logged_as_a_warning(
    harness: TelegramHarness, fake: FakeTelegram, texts: Texts, caplog: pytest.LogCaptureFixture
) -> None:
    """Every try answered 500: the press says Telegram did not take the answer; no
    error is logged (nothing is wrong with the bot) and nothing escapes."""
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    before = fake.message(menu.chat_id, menu.message_id).text
    fake.fail_next.extend(server_errors(EditMessageText, 3))
    answer = await harness.press(ALICE, menu, menu.button("Draw game").callback_data or "")
    assert alert_of(answer) == texts.get("en", "error-telegram")
    assert fake.message(menu.chat_id, menu.message_id).text == before
    assert "Traceback" not in caplog.text


async def test_after_a_500_on_a_direct_games_edit_the_next_press_is_not_out_of_date(
    harness: TelegramHarness, fake: FakeTelegram
) -> None:
    """The edit that shows a move meets a 500: it is tried again in the same delivery,
    so the message carries the new version and the next press is played."""
    game = await open_game(harness, "Block game", "1 bot", "Easy", "100")
    fake.fail_next.extend(server_errors(EditMessageText, 1, chat_id=ALICE.id))
    shown = fake.message(game.chat_id, game.message_id)
    assert (
        alert_of(await harness.press(ALICE, shown, shown.buttons()[0].callback_data or "")) is None
    )
    assert fake.fail_next == []
    shown = fake.message(game.chat_id, game.message_id)
    answer = await harness.press(ALICE, shown, shown.buttons()[0].callback_data or "")
    assert alert_of(answer) is None


GROUP_PACE = Pacing(
    limits=Limits(NO_LIMIT, Limit(interval=3.5, burst=3), NO_LIMIT, groups=None),
    rhythm=Rhythm(bot_delay=0),
)


@pytest.mark.parametrize("pace", [GROUP_PACE], indirect=True)
async def test_after_a_500_on_a_groups_announcement_the_group_hears_on_at_its_pace(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A hand's result is posted once (it may have gone out: never twice), and the rest
    (the table, the next hand) follows within the group's pace, not long after."""
    await open_lobby(harness)
    await tap(harness, ALICE.id, await table(harness), "Start")  # Alice and three bots

    def result_post(method: TelegramMethod[Any]) -> Exception | None:
        if (
            isinstance(method, SendMessage)
            and method.chat_id == GROUP
            and ("is over:</b>" in method.text)
        ):
            return TelegramServerError(method, "Internal Server Error")
        return None

    fake.fail_next.append(result_post)  # used once: the fake drops it when it answers
    for _ in range(300):
        game = await game_in(harness)
        if isinstance(game.state, HandOver):
            break
        await play_one_move(harness)
        clock.advance(4)
    assert isinstance((await game_in(harness)).state, HandOver)
    failed_at = clock.now().timestamp()
    calls = len(fake.calls)
    for _ in range(10):  # 10 s of the group's pace after the failed post
        clock.advance(1)
        await harness.settle()
    to_group = [c for c in fake.calls[calls:] if c.params.get("chat_id") == GROUP]
    assert to_group, "the group heard nothing after the failed post"
    assert clock.now().timestamp() - failed_at <= 10
    told = [t for t in group_texts(harness) if "is over:</b>" in t]
    assert len(told) <= 1


async def test_a_message_sent_anew_after_a_refused_edit_takes_a_slot_of_its_own(
    bot: Bot, redis: FakeAsyncRedis, clock: FakeClock, fake: FakeTelegram, sleep: FakeSleep
) -> None:
    """Telegram's limits enforced: an edit refused because its message is gone was a
    call; the new message waits for the chat's next slot instead of bunching with it."""
    fake.limit(lambda: clock.now().timestamp())
    # Three at once, as the fake counts: one call more in that second is refused.
    limits = Limits(private=Limit(1.0, burst=3))
    calls = Calls(bot, Pace(redis, limits), clock.now, Timing(), sleep)
    assert await calls.book(ALICE.id, 5.0) is None
    first = await calls.send(ALICE.id, Content("first"))
    del fake.messages[(ALICE.id, first)]  # deleted by the person
    assert await calls.book(ALICE.id, 5.0) is None
    put = await calls.put(ALICE.id, first, Content("again"))
    assert [call.name for call in fake.calls[-2:]] == ["editMessageText", "sendMessage"]
    for n in range(3):  # the pace's next slots
        assert await calls.book(ALICE.id, 5.0) is None
        await calls.send(ALICE.id, Content(f"more {n}"))
    assert put.message_id != first
    assert fake.floods == 0
