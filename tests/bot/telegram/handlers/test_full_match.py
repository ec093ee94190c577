"""One full match against bots in each variant, driven by button presses to the end."""

from __future__ import annotations

import pytest

from bot.game.games import Games
from bot.game.state import Finished
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.handlers.driver import ALICE, open_game, play_to_the_end


@pytest.mark.parametrize(
    ("variant", "opponents", "level", "target"),
    [
        ("Draw game", "3 bots", "Easy", "100"),
        ("Draw game", "1 bot", "Hard", "50"),
        ("Block game", "2 bots", "Medium", "50"),
        ("Kozel", None, "Medium", "100"),
    ],
)
async def test_a_whole_match_by_button_presses(
    harness: TelegramHarness,
    games: Games,
    variant: str,
    opponents: str | None,
    level: str,
    target: str,
) -> None:
    game = await open_game(harness, variant, opponents, level, target)
    presses = await play_to_the_end(harness, game)
    assert presses > 5

    final = harness.fake.message(game.chat_id, game.message_id)
    record = await games.for_chat(ALICE.id)
    assert record is not None
    assert isinstance(record.state, Finished)
    if variant == "Kozel":
        assert "goats" in final.text
    else:
        assert "the match</b>" in final.text
    # The whole game lived in the one message the menu turned into.
    assert [m.message_id for m in harness.fake.messages.values()] == [game.message_id]
