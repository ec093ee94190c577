"""A person is told when their turn comes: a new message (an edit notifies nobody),
the old one deleted so that their chat keeps one hand message per game, silent when
the turn comes back quickly; the others' hands are not edited for each move."""

from __future__ import annotations

from bot.game.state import Playing
from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    BOB,
    CAROL,
    DAVE,
    game_in,
    open_lobby,
    play_one_move,
    seat_everyone,
)


async def kozel_of_four(harness: TelegramHarness, clock: FakeClock) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    clock.advance(60)
    await harness.settle()


async def to_move(harness: TelegramHarness) -> int:
    game = await game_in(harness)
    assert isinstance(game.state, Playing)
    return game.human(game.state.turn).user_id


def hand_messages(harness: TelegramHarness, user_id: int) -> list[int]:
    """The messages in a person's private chat that carry buttons."""
    return [
        m.message_id
        for (chat, _), m in harness.fake.messages.items()
        if chat == user_id and m.markup is not None and m.markup.inline_keyboard
    ]


def turn_messages(harness: TelegramHarness, since: int) -> list[tuple[int, bool]]:
    """The new messages sent to private chats since call `since`: (chat, silent)."""
    return [
        (c.params["chat_id"], bool(c.params.get("disable_notification")))
        for c in harness.fake.calls[since:]
        if c.name == "sendMessage" and c.params["chat_id"] > 0
    ]


async def test_a_persons_turn_comes_as_a_new_message_and_the_old_one_is_deleted(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await kozel_of_four(harness, clock)
    for _ in range(6):
        clock.advance(30)
        before = len(harness.fake.calls)
        await play_one_move(harness)
        nxt = await to_move(harness)
        made = harness.fake.calls[before:]
        assert turn_messages(harness, before) == [(nxt, False)], [c.name for c in made]
        deleted = [c for c in made if c.name == "deleteMessage" and c.params["chat_id"] == nxt]
        assert len(deleted) == 1, "the old hand message was not deleted"
        assert len(hand_messages(harness, nxt)) == 1, "more than one hand message with buttons"


async def test_the_players_who_are_not_concerned_get_no_edit_for_a_move(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await kozel_of_four(harness, clock)
    for _ in range(6):
        mover = await to_move(harness)
        before = len(harness.fake.calls)
        await play_one_move(harness)
        nxt = await to_move(harness)
        touched = {
            c.params["chat_id"]
            for c in harness.fake.calls[before:]
            if c.params.get("chat_id", 0) > 0
        }
        assert touched <= {mover, nxt}, touched


async def test_a_turn_that_comes_back_quickly_is_silent_and_a_slow_one_notifies(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await kozel_of_four(harness, clock)
    clock.advance(60)
    # Quick play: a turn comes back to each person within 20 s of their last notified one.
    for _ in range(8):  # each gets a notified turn (the first mover's came at the deal)...
        clock.advance(1)
        await play_one_move(harness)
    before = len(harness.fake.calls)
    for _ in range(4):  # ... and the next round is silent
        clock.advance(1)
        await play_one_move(harness)
    quick = turn_messages(harness, before)
    assert quick, "no turn message in a round"
    assert all(silent for _, silent in quick), quick
    # A slow round: every turn notifies again.
    before = len(harness.fake.calls)
    for _ in range(4):
        clock.advance(25)
        await play_one_move(harness)
    slow = turn_messages(harness, before)
    assert slow, "no turn message in a round"
    assert not any(silent for _, silent in slow), slow
