"""A hand's result stays where its players read it (`bot.telegram.show.private`): in a
group game each person's private message shows the hand's result, and the next hand
comes as a new message under it instead of replacing it."""

from __future__ import annotations

from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    hand,
    open_lobby,
    play_one_move,
    play_to_hand_over,
    seat_everyone,
)

OVER = {ALICE.id: "<b>Hand 1 is over:</b>", BOB.id: "<b>Кон 1 окончен:</b>"}
NEXT = {ALICE.id: "· hand 2 ·", BOB.id: "· кон 2 ·"}


async def test_the_next_hand_comes_under_the_result_it_leaves_in_place(
    harness: TelegramHarness,
) -> None:
    await open_lobby(harness, "/new draw 2")
    await seat_everyone(harness, BOB.id)
    await play_to_hand_over(harness)
    results = {person: await hand(harness, person) for person in (ALICE.id, BOB.id)}
    for person, result in results.items():  # Bob speaks Russian
        assert result.text.startswith(OVER[person]), result.text
    await play_one_move(harness)  # Next hand
    for person, result in results.items():
        now = await hand(harness, person)
        assert now.message_id > result.message_id  # a new message, under the result
        assert NEXT[person] in now.text
        kept = harness.fake.message(person, result.message_id)  # still there, unchanged
        assert kept.text == result.text
