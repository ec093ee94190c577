"""The bot levels' ratings shown where people choose a level (R-free: measured data)."""

from __future__ import annotations

import itertools

from bot.game.level_ratings import LEAGUE
from core.players import Level


def test_every_level_has_a_rating_each_above_the_weaker_levels() -> None:
    # The levels are listed from the weakest: a figure out of order would tell a
    # person the wrong way round which bots are stronger.
    assert list(LEAGUE) == list(Level)
    figures = [LEAGUE[level] for level in Level]
    assert all(weaker < stronger for weaker, stronger in itertools.pairwise(figures))
