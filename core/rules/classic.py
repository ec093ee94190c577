"""The draw and block games: leads (R3.1, R3.2) and scoring (R6)."""

from __future__ import annotations

from core.deal import Deal
from core.events import EndReason, HandResult, MatchResult, MisdealReason
from core.rules.result import hand_result
from core.state import MatchState
from core.tiles import DOUBLES, Tile, pip_count


def forced_opening(hands: list[list[Tile]]) -> tuple[int, Tile]:
    """R3.1: the highest double held leads; else the heaviest tile (R9.1).
    Only the players' hands count (R9.10)."""
    for double in reversed(DOUBLES):
        for seat, hand in enumerate(hands):
            if double in hand:
                return seat, double
    held = {tile: seat for seat, hand in enumerate(hands) for tile in hand}
    heaviest = max(held, key=Tile.heavier_key)
    return held[heaviest], heaviest


class ClassicRules:
    """Every player for themselves (R9.6); the winner scores the others' pips."""

    def misdeal(self, deal: Deal) -> tuple[int, MisdealReason] | None:
        return None

    def opening(self, state: MatchState) -> tuple[int, Tile | None]:
        if state.next_leader is not None:  # R3.2: the previous winner, any tile
            return state.next_leader, None
        return forced_opening(state.hands)  # first hand, or after a tie (R6.3)

    def end_hand(self, state: MatchState, reason: EndReason) -> HandResult:
        assert state.last_player is not None
        counts = tuple(pip_count(h) for h in state.hands)
        total = sum(counts)
        winner: int | None
        if reason is EndReason.DOMINO:
            winner = state.last_player  # R6.1, R9.7
            points = total - counts[winner]
        else:
            low = min(counts)
            lowest = [seat for seat, c in enumerate(counts) if c == low]
            if len(lowest) > 1:  # R6.3: a tie, nobody scores
                winner, points = None, 0
            else:  # R6.2, R9.2: the opponents' pips minus the winner's own, once
                winner = lowest[0]
                points = total - low - low
        if winner is not None:
            state.scores[winner] += points
        state.next_leader = winner  # R3.2 (None after a tie: R3.1 again)
        return hand_result(state, reason, winner=winner, points=points, counts=counts)

    def match_result(self, state: MatchState) -> MatchResult | None:
        target = state.settings.target
        for seat, score in enumerate(state.scores):  # R6.4: only one scores per hand
            if score >= target:
                return MatchResult(winner=seat, scores=tuple(state.scores))
        return None
