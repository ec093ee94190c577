"""The score sheet in a group: /score shows it once a hand is over, and so does the
match's result."""

from __future__ import annotations

from bot.game.state import Finished
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    GROUP,
    group_texts,
    open_lobby,
    play_to_hand_over,
    play_to_the_end,
    seat_everyone,
)
from texts import Texts


async def test_score_shows_the_sheet_once_a_hand_is_over(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness, "/new draw 2")
    await seat_everyone(harness, BOB.id)
    title = texts.get("en", "sheet-title")
    await harness.send(ALICE, "/score", chat_id=GROUP)
    assert title not in harness.fake.last_in(GROUP).text
    await play_to_hand_over(harness)
    await harness.send(ALICE, "/score", chat_id=GROUP)
    reply = harness.fake.last_in(GROUP).text
    assert title in reply
    assert "\n1. " in reply


async def test_the_matchs_result_ends_with_the_sheet(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness, "/new draw 2")
    await seat_everyone(harness, BOB.id)
    record = await play_to_the_end(harness)
    assert isinstance(record.state, Finished)
    result = next(t for t in reversed(group_texts(harness)) if "Rematch" not in t and "wins" in t)
    hands = len(record.state.match.state.results)
    assert texts.get("en", "sheet-title") in result
    assert f"\n{hands}. " in result
