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
        Level.HARD: hard_player(clock),
        Level.EXPERT: expert_player(clock),
    }
    return players[Level(level)]


def hard_player(clock: Clock | None = None) -> HardPlayer:
    """The hard level: its effort counted in play-out steps (`HardPlayer.work`), spread
    evenly over the hand, so that late decisions weigh more deals at the same worst case."""
    return HardPlayer(
        work=HARD_WORK,
        samples=HARD_SAMPLES,
        self_model=PARTNER_AS_SELF,
        signal=SIGNAL,
        clock=clock,
    )


def expert_player(clock: Clock | None = None) -> HardPlayer:
    """Hard's search with several times its effort: more deals, searched exactly from
    more tiles in hands, and each opponent read as heavy first or as the levels play,
    whichever its plays tell (a few tenths of a second a decision; `clock` caps it at
    `EXPERT_TIME_CAP`)."""
    return HardPlayer(
        work=EXPERT_WORK,
        samples=EXPERT_SAMPLES,
        exact_samples=EXPERT_EXACT_SAMPLES,
        exact_tiles=EXPERT_EXACT_TILES,
        exact_nodes=EXPERT_EXACT_NODES,
        decision_nodes=EXPERT_DECISION_NODES,
        self_model=PARTNER_AS_SELF,
        signal=SIGNAL,
        levels=EXPERT_LEVELS,
        clock=clock,
        time_cap=EXPERT_TIME_CAP,
    )


# Measured in benchmarks/abw_strength.py and benchmarks/ai_strength.py (docs/capacity.md).
HARD_WORK = 18_000  # play-outs x tiles in hands per decision: hard's p99 as before it
HARD_SAMPLES = 800
EXPERT_WORK = 100_000
EXPERT_SAMPLES = 3000
EXPERT_EXACT_SAMPLES = 200
EXPERT_EXACT_TILES = 16
EXPERT_EXACT_NODES = 6000
EXPERT_DECISION_NODES = 300_000
EXPERT_TIME_CAP = 0.8
PARTNER_AS_SELF = True  # Kozel: a partner's plays read by `SelfModel`, the others' as heavy first
SIGNAL = 0.05  # Kozel: of moves about as good, the one `SelfModel` expects (a convention)
EXPERT_LEVELS = 0.5  # the prior that an opponent chooses as the levels do (`SelfModel`)


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
    "hard_player",
    "player_for",
]
