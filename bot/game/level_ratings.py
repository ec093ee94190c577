"""The bot levels' ratings on the people's scale (`bot.game.ratings`), measured in a
league of bot-only matches by `benchmarks/level_league.py` (its default run: 360
matches, 180 for each level; their sigmas ended between 2.5 and 3.4; run again once the
expert read each opponent by its plays): shown where people choose a level. Each
level started there as a person does, at 1000, so a figure is what a player of that
strength shows after as many matches; a person's figure, from fewer matches, is more
cautious. Measure again when a level's player changes."""

from __future__ import annotations

from collections.abc import Mapping

from core.players import Level

LEAGUE: Mapping[Level, int] = {
    Level.EASY: 871,
    Level.MEDIUM: 1575,
    Level.HARD: 1955,
    Level.EXPERT: 2297,
}
