"""Telegram's errors met in one place (`bot.telegram.outbox.calls`), seen from the
people's side: a 5xx on an edit is tried again at once, a reply Telegram does not take
is told as such, and a group whose announcement met a 5xx hears the rest at its pace."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from aiogram.exceptions import TelegramServerError
from aiogram.methods import EditMessageText, SendMessage, TelegramMethod

from bot.app import Pacing
from bot.game.level_ratings import LEAGUE
from bot.game.state import HandOver
from bot.game.worker import Rhythm
from bot.telegram.outbox.pace import Limit, Limits
from core.players import Level
from tests.bot.conftest import NO_LIMIT, FakeClock
from tests.bot.fake_telegram import Call, FakeTelegram, TelegramHarness, alert_of
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


async def test_telegram_down_on_a_menu_edit_shows_the_menu_once_it_answers_again(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """Every try answered 500: the press is answered at once, the menu stays in the
    chat's outbox and is shown when Telegram answers again; a warning, no error, and
    nothing escapes."""
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    before = fake.message(menu.chat_id, menu.message_id).text
    fake.fail_next.extend(server_errors(EditMessageText, 3))
    answer = await harness.press(ALICE, menu, menu.button("Draw game").callback_data or "")
    assert alert_of(answer) is None
    assert fake.message(menu.chat_id, menu.message_id).text == before
    clock.advance(1)
    await harness.settle()
    assert "Game: Draw game" in fake.message(menu.chat_id, menu.message_id).text
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
    limits=Limits(NO_LIMIT, Limit(interval=3.5, burst=3), NO_LIMIT),
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


ONE_A_SECOND = Pacing(
    limits=Limits(Limit(interval=1.0), NO_LIMIT, NO_LIMIT), rhythm=Rhythm(bot_delay=0)
)


@pytest.mark.parametrize("pace", [ONE_A_SECOND], indirect=True)
async def test_a_message_sent_anew_after_a_refused_edit_takes_a_turn_of_its_own(
    harness: TelegramHarness, clock: FakeClock, fake: FakeTelegram
) -> None:
    """An edit refused because its message is gone was a call: the new message waits
    for the chat's next turn (a second later here) instead of bunching with it."""
    await harness.send(ALICE, "/play")
    for label in ("Block game", "1 bot", f"Easy ≈ {LEAGUE[Level.EASY]}", "100"):
        menu = fake.last_in(ALICE.id)
        await harness.press(ALICE, menu, menu.button(label).callback_data or "")
        clock.advance(1)  # the menu shows the choice a second later
        await harness.settle()
    game = fake.last_in(ALICE.id)
    del fake.messages[(game.chat_id, game.message_id)]  # deleted by the person
    times: list[tuple[str, float]] = []

    async def timed(call: Call) -> None:
        times.append((call.name, clock.now().timestamp()))

    fake.observers.append(timed)
    await harness.press(ALICE, game, game.buttons()[0].callback_data or "")
    for _ in range(4):
        clock.advance(0.5)
        await harness.settle()
    sent = [(name, at) for name, at in times if name in ("editMessageText", "sendMessage")]
    assert [name for name, _ in sent] == ["editMessageText", "sendMessage"]
    assert sent[1][1] - sent[0][1] >= 1.0
