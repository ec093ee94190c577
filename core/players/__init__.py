"""Bot players. Every level has one signature: `choose(view, rng) -> move`, where the
view is one seat's `SeatView` (nothing hidden) and `rng` the only source of chance."""

from __future__ import annotations

from core.players.base import BotPlayer, Level
from core.players.easy import EasyPlayer
from core.players.hard import HardPlayer
from core.players.medium import MediumPlayer


def player_for(level: Level | str) -> BotPlayer:
    """The bot player of a level (`GameError`-free: an unknown level is a ValueError)."""
    players: dict[Level, BotPlayer] = {
        Level.EASY: EasyPlayer(),
        Level.MEDIUM: MediumPlayer(),
        Level.HARD: HardPlayer(),
    }
    return players[Level(level)]


__all__ = ["BotPlayer", "EasyPlayer", "HardPlayer", "Level", "MediumPlayer", "player_for"]
