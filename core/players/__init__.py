"""Bot players. Every level has one signature: `choose(view, rng) -> move`, where the
view is one seat's `SeatView` (nothing hidden) and `rng` the only source of chance."""

from __future__ import annotations

import random

from core.players.base import BotPlayer, Level
from core.players.easy import EasyPlayer
from core.players.hard import Clock, HardPlayer
from core.players.medium import MediumPlayer


def player_for(level: Level | str, clock: Clock | None = None) -> BotPlayer:
    """The bot player of a level (`GameError`-free: an unknown level is a ValueError).
    `clock` gives the hard player its wall-clock safety net; core reads no clock itself."""
    players: dict[Level, BotPlayer] = {
        Level.EASY: EasyPlayer(),
        Level.MEDIUM: MediumPlayer(),
        Level.HARD: HardPlayer(clock=clock),
    }
    return players[Level(level)]


def decision_rng(game_seed: int, hand_no: int, decision_no: int) -> random.Random:
    """The chance of one bot decision, derived from the game's seed and the decision's
    place in it, so that a whole game, bots included, replays exactly."""
    return random.Random(f"{game_seed}:{hand_no}:{decision_no}")


__all__ = [
    "BotPlayer",
    "EasyPlayer",
    "HardPlayer",
    "Level",
    "MediumPlayer",
    "decision_rng",
    "player_for",
]
