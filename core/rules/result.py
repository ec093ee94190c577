"""The result record every variant builds when a hand ends."""

from __future__ import annotations

from core.events import EndReason, HandResult
from core.state import MatchState


def hand_result(
    state: MatchState,
    reason: EndReason,
    *,
    winner: int | None,
    points: int,
    counts: tuple[int, ...],
    eggs_used: int = 0,
    cancelled_by_13: bool = False,
    hand_total: int = 0,
) -> HandResult:
    """The hand's result once its scores are written into `state`: every hand and
    the rest revealed (R8.3, R9.12), and the next leader the rules chose."""
    assert state.last_player is not None
    return HandResult(
        hand_no=state.hand_no,
        reason=reason,
        winner=winner,
        points=points,
        counts=counts,
        scores_after=tuple(state.scores),
        hands_after=tuple(map(tuple, state.hands)),  # hands are kept sorted
        rest=tuple(state.rest),
        last_player=state.last_player,
        next_leader=state.next_leader,
        eggs_used=eggs_used,
        eggs_after=state.eggs,
        cancelled_by_13=cancelled_by_13,
        hand_total=hand_total,
    )
