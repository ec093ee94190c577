"""The one signature every bot player has."""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Protocol

from core.engine import Move
from core.views import SeatView


class Level(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"  # direct games only: it thinks several times as long as hard


# The levels a group's bots may have: four people wait on every bot decision there,
# so the expert, which thinks several times as long as hard, is for direct games.
GROUP_LEVELS: tuple[Level, ...] = (Level.EASY, Level.MEDIUM, Level.HARD)


class BotPlayer(Protocol):
    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """A legal move for `view.seat`, which must be the seat to move. Deterministic
        for a given view and `rng` state."""
        ...
