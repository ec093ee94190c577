"""A person is told when their turn comes: a new message (an edit notifies nobody),
the old one deleted so that their chat keeps one hand message per game, an edit when
their own last move was under 10 s ago (they are at the chat); the others' hands are
not edited for each move."""

from __future__ import annotations

from bot.game.state import Playing
from bot.telegram.show.private import RETIRE_BATCH
from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    game_in,
    hand,
    kozel_of_four,
    play_one_move,
)


async def to_move(harness: TelegramHarness) -> int:
    game = await game_in(harness)
    assert isinstance(game.state, Playing)
    return game.human(game.state.turn).user_id


PEOPLE_IDS = (ALICE.id, BOB.id, CAROL.id, DAVE.id)


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


def deleted(harness: TelegramHarness, since: int, chat_id: int) -> list[int]:
    return [
        message_id
        for c in harness.fake.calls[since:]
        if c.name == "deleteMessages" and c.params["chat_id"] == chat_id
        for message_id in c.params["message_ids"]
    ]


async def test_a_persons_turn_comes_as_a_new_message_and_the_old_ones_are_deleted(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await kozel_of_four(harness, clock, 60)
    start = len(harness.fake.calls)
    for _ in range(100):
        clock.advance(30)
        before = len(harness.fake.calls)
        await play_one_move(harness)
        game = await game_in(harness)
        if not isinstance(game.state, Playing):
            break
        nxt = await to_move(harness)
        made = harness.fake.calls[before:]
        assert turn_messages(harness, before) == [(nxt, False)], [c.name for c in made]
        assert len(hand_messages(harness, nxt)) == 1, "more than one hand message with buttons"
        for person in PEOPLE_IDS:
            left = [m for (c, m) in harness.fake.messages if c == person]
            assert len(left) <= RETIRE_BATCH + 1, left
    else:
        raise AssertionError("the hand did not end")
    await harness.settle()
    # The older hand messages went a few at a time, in one call each, and the rest when
    # the hand ended: each person's chat keeps one message for the game.
    for person in PEOPLE_IDS:
        assert deleted(harness, start, person), f"no old hand message of {person} was deleted"
        assert len([m for (c, m) in harness.fake.messages if c == person]) == 1


async def test_the_players_who_are_not_concerned_get_no_edit_for_a_move(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await kozel_of_four(harness, clock, 60)
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


async def test_a_turn_that_comes_back_quickly_is_an_edit_and_a_slow_one_notifies(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await kozel_of_four(harness, clock, 60)
    clock.advance(60)
    for _ in range(8):  # each is told of a turn (the first mover's came at the deal)...
        clock.advance(1)
        await play_one_move(harness)
    before = len(harness.fake.calls)
    for _ in range(4):  # ... and the next round is shown in place: they are at the chat
        clock.advance(1)
        mover = await to_move(harness)
        shown = (await hand(harness, mover)).message_id
        await play_one_move(harness)
        assert (await hand(harness, mover)).message_id == shown
    assert turn_messages(harness, before) == []
    # A slow round: every turn is a new message, which notifies.
    before = len(harness.fake.calls)
    for _ in range(4):
        clock.advance(25)
        await play_one_move(harness)
    slow = turn_messages(harness, before)
    assert len(slow) == 4, slow
    assert not any(silent for _, silent in slow), slow
