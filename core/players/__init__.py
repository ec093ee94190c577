"""Bot players. Every level has one signature: `choose(view, rng) -> move`, where the
view is one seat's `SeatView` (nothing hidden) and `rng` the only source of chance."""

from __future__ import annotations

import random

from core.players.base import GROUP_LEVELS, BotPlayer, Level
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
        Level.EXPERT: expert_player(clock),
    }
    return players[Level(level)]


def expert_player(clock: Clock | None = None) -> HardPlayer:
    """Hard's search with about ten times its effort: more deals, weighed exactly from
    earlier in the hand (up to a second a decision; `clock` caps it there)."""
    return HardPlayer(
        samples=EXPERT_SAMPLES,
        playouts=EXPERT_PLAYOUTS,
        exact_samples=EXPERT_EXACT_SAMPLES,
        exact_tiles=EXPERT_EXACT_TILES,
        exact_nodes=EXPERT_EXACT_NODES,
        decision_nodes=EXPERT_DECISION_NODES,
        clock=clock,
        time_cap=EXPERT_TIME_CAP,
    )


EXPERT_SAMPLES = 800
EXPERT_PLAYOUTS = 8000
EXPERT_EXACT_SAMPLES = 200
EXPERT_EXACT_TILES = 16
EXPERT_EXACT_NODES = 6000
EXPERT_DECISION_NODES = 300_000
EXPERT_TIME_CAP = 0.8


def decision_rng(game_seed: int, hand_no: int, decision_no: int) -> random.Random:
    """The chance of one bot decision, derived from the game's seed and the decision's
    place in it, so that a whole game, bots included, replays exactly."""
    return random.Random(f"{game_seed}:{hand_no}:{decision_no}")


__all__ = [
    "GROUP_LEVELS",
    "BotPlayer",
    "EasyPlayer",
    "HardPlayer",
    "Level",
    "MediumPlayer",
    "decision_rng",
    "expert_player",
    "player_for",
]
