"""What the /play menu may choose for a direct game."""

from __future__ import annotations

from bot.game.options import GameOptions, opponent_choices
from core.players import Level
from core.variants import Variant


def test_the_opponents_a_person_may_choose_come_from_the_rules() -> None:
    assert opponent_choices(Variant.DRAW) == [1, 2, 3]
    assert opponent_choices(Variant.BLOCK) == [1, 2, 3]
    assert opponent_choices(Variant.KOZEL) == [3]


def test_a_direct_game_seats_its_person_and_the_bots_chosen() -> None:
    assert GameOptions(Variant.DRAW, 2, Level.EASY, 50).n_players == 3
    assert GameOptions(Variant.KOZEL, 3, Level.HARD, 100).n_players == 4
