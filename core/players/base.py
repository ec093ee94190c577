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


class BotPlayer(Protocol):
    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """A legal move for `view.seat`, which must be the seat to move. Deterministic
        for a given view and `rng` state."""
        ...
