"""A group's next hand is dealt by itself a few seconds after the hand's result is
told, and the result always comes before the next hand's table; Next hand stays for
the impatient."""

from __future__ import annotations

from bot.game.state import HandOver, Playing
from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    BOB,
    CAROL,
    DAVE,
    GROUP,
    game_in,
    match_of,
    open_lobby,
    play_one_move,
    seat_everyone,
    table,
)


async def to_the_end_of_the_first_hand(harness: TelegramHarness, clock: FakeClock) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    for _ in range(200):
        clock.advance(1)
        await harness.settle()
        if isinstance((await game_in(harness)).state, HandOver):
            return
        await play_one_move(harness)
    raise AssertionError("the first hand did not end")


def result_posts(harness: TelegramHarness) -> list[int]:
    """Where, among all calls, each hand's result was sent to the group."""
    return [
        i
        for i, c in enumerate(harness.fake.calls)
        if c.name == "sendMessage"
        and c.params["chat_id"] == GROUP
        and "is over" in c.params["text"]
    ]


async def test_the_next_hand_is_dealt_by_itself_after_the_result_is_told(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await to_the_end_of_the_first_hand(harness, clock)
    clock.advance(2)
    await harness.settle()
    game = await game_in(harness)
    if not isinstance(game.state, HandOver):
        assert not game.is_active, "the hand is neither over nor the match finished"
        return  # the first hand ended the match
    assert result_posts(harness), "the hand's result was not told"
    assert "Next hand" in [b.text for b in (await table(harness)).buttons()]

    clock.advance(5)
    await harness.settle()
    game = await game_in(harness)
    assert isinstance(game.state, Playing)
    assert match_of(game).state.hand_no == 2
    told = result_posts(harness)[0]
    second_table = [
        i
        for i, c in enumerate(harness.fake.calls)
        if c.params.get("chat_id") == GROUP and "hand 2" in str(c.params.get("text", ""))
    ]
    assert second_table, "the second hand's table was not shown"
    assert told < second_table[0], "the next hand's table came before the result"


async def test_the_next_hand_comes_six_seconds_after_the_result_is_told(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    told_at = dealt_at = None
    for second in range(400):
        clock.advance(1)
        await harness.settle()
        game = await game_in(harness)
        if told_at is None and result_posts(harness):
            told_at = second
        if isinstance(game.state, Playing) and match_of(game).state.hand_no == 2:
            dealt_at = second
            break
        if not game.is_active:
            return  # the first hand ended the match
        if isinstance(game.state, Playing):
            await play_one_move(harness)
            if told_at is None and result_posts(harness):
                told_at = second
    assert told_at is not None
    assert dealt_at is not None
    assert 6 <= dealt_at - told_at <= 7, (told_at, dealt_at)
