"""Hints and the coach of a direct game: the expert's appraisal of the person's
decision, in expected points for their side (`core.players.advice`), and what the
person's seat keeps of it. Deterministic: the appraisal's chance comes from the game's
seed and the decision's place, so a hint asked twice says the same. The coach judges
every move a person makes, so it weighs a quarter of the hint's deals (`COACH_SHARE`).

The coach names a move only when it gave away more than `COACH_THRESHOLD` expected
points: below that, an estimate from sampled deals is too unsure (a second appraisal
with other samples confirms fewer of them) and the lesson too small to be worth a line
(measured in `benchmarks/coach_threshold.py`, where the figure is justified)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass

from bot.game.seats import CoachNote, HumanSeat
from core.engine import Match, Move
from core.players import BotPlayer, HardPlayer, Level
from core.players.advice import Appraisal, Appraiser, appraise, cost, margin
from core.views import seat_view

# Expected points; see the module's doc. `benchmarks/coach_threshold.py --hands 120` (a
# medium bot standing in for the person), re-measured once the expert read each opponent
# by its plays: at 6, a second appraisal confirms 86% of the moves named and names the
# same better move for 84% (Kozel alone: 81% and 77%), and a line comes after 40% of the
# hands; at 4, 83% and 82% (one hand in two); at 8, 88% and 86% (29%).
COACH_THRESHOLD = 6.0
# The coach appraises every move a person makes, before the bots answer it: it weighs
# this share of the deals a hint weighs, to keep the press quick.
COACH_SHARE = 0.25


def coach_player(expert: Appraiser) -> Appraiser:
    """The coach's appraiser: the expert with `COACH_SHARE` of its effort."""
    if not isinstance(expert, HardPlayer):
        return expert
    return dataclasses.replace(
        expert,
        work=int(expert.work * COACH_SHARE),
        samples=max(int(expert.samples * COACH_SHARE), 1),
        exact_samples=max(int(expert.exact_samples * COACH_SHARE), 1),
        decision_nodes=max(int(expert.decision_nodes * COACH_SHARE), 1),
    )


@dataclass(frozen=True, slots=True)
class Hint:
    """What the expert would play, and by how many expected points it prefers it to
    the next best (`runner_up` None: the only move)."""

    best: Move
    runner_up: Move | None
    margin: float
    ends: tuple[int, int] | None


class Advisor:
    """Appraises a person's decisions as the table's expert player would."""

    def __init__(self, players: Mapping[Level, BotPlayer]) -> None:
        expert = players[Level.EXPERT]
        if not isinstance(expert, Appraiser):
            raise TypeError(f"the expert player {expert!r} cannot appraise moves")
        self._player = expert
        self._coach = coach_player(expert)

    def coach(
        self, person: HumanSeat, match: Match, seat: int, seed: int, played: Move
    ) -> HumanSeat:
        """The person's seat with the coach's note on `played`, the legal move they are
        about to make at `seat`. A decision they asked a hint for is judged by that
        hint's appraisal, so that the move it named never costs anything."""
        hinted = person.hinted == decision_key(match)
        appraisals = self._appraise(self._player if hinted else self._coach, match, seat, seed)
        return coached(person, appraisals, played, match.state.hand_no, match.state.line.ends())

    def hint(self, match: Match, seat: int, seed: int) -> Hint:
        """The hint for the decision `seat` faces now (the expert's whole effort)."""
        appraisals = self._appraise(self._player, match, seat, seed)
        runner_up = appraisals[1].move if len(appraisals) > 1 else None
        return Hint(appraisals[0].move, runner_up, margin(appraisals), match.state.line.ends())

    @staticmethod
    def _appraise(player: Appraiser, match: Match, seat: int, seed: int) -> list[Appraisal]:
        hand_no, decision = decision_key(match)
        rng = random.Random(f"{seed}:{hand_no}:{decision}:advice")
        return appraise(player, seat_view(match, seat), rng)


def decision_key(match: Match) -> tuple[int, int]:
    """The decision a hint is for: the hand, and the number of decisions made in it."""
    return match.state.hand_no, len(match.state.decisions)


def hinted(seat: HumanSeat, key: tuple[int, int]) -> HumanSeat:
    """The seat once it asked a hint for decision `key` (a second ask counts once)."""
    if seat.hinted == key:
        return seat
    return seat.model_copy(update={"hints": seat.hints + 1, "hinted": key})


def coached(
    seat: HumanSeat,
    appraisals: list[Appraisal],
    played: Move,
    hand_no: int,
    ends: tuple[int, int] | None,
) -> HumanSeat:
    """The seat with its hand's coach note, once `played` gave away more than the
    threshold and more than the note's move so far."""
    lost = cost(appraisals, played)
    note = seat.coach if seat.coach is not None and seat.coach.hand_no == hand_no else None
    if lost <= COACH_THRESHOLD or (note is not None and lost <= note.cost):
        return seat
    better = appraisals[0].move
    fresh = CoachNote(
        hand_no=hand_no,
        cost=round(lost, 1),
        played=_stored(played),
        better=_stored(better),
        ends=ends,
    )
    return seat.model_copy(update={"coach": fresh})


def _stored(move: Move) -> tuple[str, str | None]:
    tile, end = move
    return str(tile), None if end is None else end.value
