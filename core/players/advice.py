"""Advice on one decision: every legal move's expected points for the seat's side, as
a searching player sees them from the seat's view (nothing hidden is read). Hints and
the coach both speak this currency, so that what one recommends the other agrees with."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from core.engine import Move
from core.players.hard import Sample
from core.players.outcome import Scorer, points_scorer
from core.views import SeatView


@runtime_checkable
class Appraiser(Protocol):
    """A player that can weigh every legal move (the hard player and the expert)."""

    def samples_for(self, view: SeatView, rng: random.Random) -> list[Sample]: ...

    def evaluate(self, view: SeatView, samples: list[Sample], score: Scorer) -> list[float]: ...


@dataclass(frozen=True, slots=True)
class Appraisal:
    move: Move
    points: float  # the hand's expected points for the seat's side after this move


def appraise(player: Appraiser, view: SeatView, rng: random.Random) -> list[Appraisal]:
    """The legal moves of `view` (its seat must be to move), best first; equal ones in
    the order of `view.legal_moves`. Deterministic for a given view and `rng` state."""
    moves = list(view.legal_moves)
    if len(moves) == 1:  # nothing to choose: no search
        return [Appraisal(moves[0], 0.0)]
    values = player.evaluate(view, player.samples_for(view, rng), points_scorer(view))
    order = sorted(range(len(moves)), key=lambda k: (-values[k], k))
    return [Appraisal(moves[k], values[k]) for k in order]


def margin(appraisals: list[Appraisal]) -> float:
    """How many expected points the best move gains over the next best (0 with one)."""
    if len(appraisals) < 2:
        return 0.0
    return appraisals[0].points - appraisals[1].points


def cost(appraisals: list[Appraisal], played: Move) -> float:
    """The expected points `played` gives away against the best move (0 for the best)."""
    for appraisal in appraisals:
        if appraisal.move == played:
            return appraisals[0].points - appraisal.points
    raise ValueError(f"{played!r} is not among the appraised moves")
