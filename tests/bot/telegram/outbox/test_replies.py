"""Replies outside the games' messages (`bot.telegram.outbox.replies`): a menu press is
answered at once and the menu follows when its chat's turn comes; presses that come
while the chat waits fold into one edit showing the last; replies go before a game's
messages; without Redis a reply goes at once; two presses waiting for one reply are
both answered."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from fakeredis import FakeServer

from bot.app import Pacing
from bot.game.worker import Rhythm
from bot.telegram.outbox.pace import Limit, Limits
from tests.bot.conftest import NO_LIMIT, FakeClock
from tests.bot.fake_telegram import Call, FakeTelegram, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    BOB,
    GROUP,
    game_in,
    open_lobby,
    table,
    tap,
)
from tests.bot.telegram.handlers.driver import ALICE, open_game

# A private chat may have one call every five seconds: the /play menu takes it.
SLOW_CHAT = Pacing(limits=Limits(Limit(5.0), NO_LIMIT, NO_LIMIT), rhythm=Rhythm(bot_delay=0))


ANSWERED_WITHIN = 10.0  # real seconds for presses to be answered once their reply went


async def until(ready: Callable[[], bool], what: str) -> None:
    """Wait (real time, the clock still) until `ready()`."""
    deadline = asyncio.get_running_loop().time() + ANSWERED_WITHIN
    while not ready():
        assert asyncio.get_running_loop().time() < deadline, f"never came: {what}"
        await asyncio.sleep(0.001)


def edits_of(fake: FakeTelegram, message_id: int) -> list[Call]:
    return [c for c in fake.named("editMessageText") if c.params["message_id"] == message_id]


@pytest.mark.parametrize("pace", [SLOW_CHAT], indirect=True)
async def test_a_menu_press_is_answered_at_once_and_its_menu_follows_in_its_turn(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    fake.limit(lambda: clock.now().timestamp())
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    answer = await harness.press(ALICE, menu, menu.button("Draw game").callback_data or "")
    assert alert_of(answer) is None  # answered without waiting
    assert "Game: Draw game" not in fake.message(menu.chat_id, menu.message_id).text
    clock.advance(5)
    await harness.settle()
    assert "Game: Draw game" in fake.message(menu.chat_id, menu.message_id).text
    assert fake.floods == 0


@pytest.mark.parametrize("pace", [SLOW_CHAT], indirect=True)
async def test_presses_made_while_the_chat_waits_fold_into_one_edit_of_the_last(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A person who changes their mind while the menu waits sees the last choice, once:
    no choice already passed is shown."""
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    for label in ("Draw game", "Block game", "Kozel", "Draw game", "Block game"):
        shown = fake.message(menu.chat_id, menu.message_id)
        await harness.press(ALICE, shown, menu.button(label).callback_data or "")
        clock.advance(0.5)
        await harness.settle()
    assert edits_of(fake, menu.message_id) == []
    clock.advance(5)
    await harness.settle()
    edits = edits_of(fake, menu.message_id)
    assert len(edits) == 1
    assert "Game: Block game" in edits[0].params["text"]


@pytest.mark.parametrize("pace", [SLOW_CHAT], indirect=True)
async def test_a_menu_whose_message_was_deleted_meanwhile_is_not_sent_again(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The menu's message went meanwhile (the person deleted it): a stale menu sent anew
    would sit under whatever replaced it."""
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    await harness.press(ALICE, menu, menu.button("Draw game").callback_data or "")
    del fake.messages[(menu.chat_id, menu.message_id)]
    sent = len(fake.named("sendMessage"))
    clock.advance(5)
    await harness.settle()
    assert len(fake.named("sendMessage")) == sent
    assert not [m for (chat, _), m in fake.messages.items() if chat == ALICE.id]


ONE_A_SECOND = Pacing(limits=Limits(Limit(1.0), NO_LIMIT, NO_LIMIT), rhythm=Rhythm(bot_delay=0))


@pytest.mark.parametrize("pace", [ONE_A_SECOND], indirect=True)
async def test_a_reply_goes_before_the_games_message_waiting_in_its_chat(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50", clock=clock)
    clock.advance(1)
    await harness.settle()
    calls = len(fake.calls)
    await harness.press(ALICE, game, game.buttons()[0].callback_data or "")  # shown at once
    shown = fake.message(game.chat_id, game.message_id)
    await harness.press(ALICE, shown, shown.buttons()[0].callback_data or "")  # waits
    await harness.send(ALICE, "/score")  # waits for the chat's turn too, and goes first
    clock.advance(1)
    await harness.settle()
    made = [c.name for c in fake.calls[calls:] if c.name != "answerCallbackQuery"]
    assert made == ["editMessageText", "sendMessage", "editMessageText"]


async def test_without_redis_a_reply_goes_at_once(
    harness: TelegramHarness, fake: FakeTelegram, server: FakeServer
) -> None:
    """The store out of reach: a command is still answered (that the store is out of
    reach), without the chat's outbox."""
    server.connected = False
    try:
        await harness.send(ALICE, "/play")
    finally:
        server.connected = True
    told = fake.last_in(ALICE.id).text
    assert told
    assert len(fake.named("sendMessage")) == 1


@pytest.mark.parametrize("pace", [SLOW_CHAT], indirect=True)
async def test_join_pressed_twice_while_the_person_s_chat_waits_answers_both_presses(
    harness: TelegramHarness, fake: FakeTelegram
) -> None:
    """Bob's chat has just had its call (/start): his private message for the lobby
    waits for its turn, and he presses Join again meanwhile. Both presses wait for that
    one message, and both are answered once it is sent: he sits down once."""
    await open_lobby(harness, chat_id=GROUP)
    await harness.send(BOB, "/start")
    lobby = await table(harness, GROUP)
    harness.moves_the_clock = False  # the presses wait; the test moves the clock
    presses = [asyncio.create_task(tap(harness, BOB.id, lobby, "Join")) for _ in range(2)]
    await until(lambda: harness.outbox.awaited > 0, "the presses waiting for his message")
    await harness.elapse(1)
    assert not any(p.done() for p in presses)  # his chat's turn has not come
    await harness.elapse(5)
    # Answered once it is sent: in real time on a real Redis (the clock stays put).
    _, pending = await asyncio.wait(presses, timeout=ANSWERED_WITHIN)
    assert not pending, "a press was never answered"
    alerts = [alert_of(await p) for p in presses]
    assert alerts.count(None) >= 1
    game = await game_in(harness, GROUP)
    assert [seat for seat, _ in game.humans() if game.human(seat).user_id == BOB.id] != []
    assert len([c for c in fake.named("sendMessage") if c.params["chat_id"] == BOB.id]) == 2
