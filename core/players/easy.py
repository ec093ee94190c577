"""Easy: a beginner. Lays whatever catches the eye, heavier tiles a little more
often, with no thought for the other players."""

from __future__ import annotations

import random

from core.engine import Move
from core.views import SeatView


class EasyPlayer:
    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = view.legal_moves
        weights = [1 + tile.value for tile, _ in moves]
        return rng.choices(moves, weights=weights)[0]
