"""Kozel: redeals (R2.3), leads (R3.3, R3.4) and penalty points (R7)."""

from __future__ import annotations

from core.deal import Deal
from core.events import EndReason, HandResult, MatchResult, MisdealReason
from core.rules.result import hand_result
from core.state import MatchState
from core.tiles import Tile, pip_count

ONE_ONE = Tile(1, 1)
ZERO_ZERO = Tile(0, 0)
SIX_SIX = Tile(6, 6)
RULE_OF_13 = 13  # R7.4
LONE_ZERO_ZERO = 25  # R7.5
LONE_SIX_SIX = 50  # R7.5


def kozel_count(hand: list[Tile] | tuple[Tile, ...]) -> int:
    """R7.5, R9.3: the pip count, but a lone 0-0 counts 25 and a lone 6-6 counts 50."""
    if len(hand) == 1:
        if hand[0] == ZERO_ZERO:
            return LONE_ZERO_ZERO
        if hand[0] == SIX_SIX:
            return LONE_SIX_SIX
    return pip_count(hand)


def losing_mark(target: int) -> int:
    """R7.6: the score that makes a team the goats: 51, 101 or 151."""
    return target + 1


def misdeal_reason(hand: tuple[Tile, ...]) -> MisdealReason | None:
    """R2.3: five or more doubles, or six or more tiles bearing one number
    (a double bears its number once)."""
    bearing = [0] * 7
    doubles = 0
    for low, high in hand:
        bearing[low] += 1
        if high == low:
            doubles += 1
        else:
            bearing[high] += 1
    if doubles >= 5:
        return MisdealReason.DOUBLES
    if max(bearing) >= 6:
        return MisdealReason.SUIT
    return None


class KozelRules:
    """Two teams, seats 0+2 against 1+3 (R2.2); points are penalties."""

    def misdeal(self, deal: Deal) -> tuple[int, MisdealReason] | None:
        for seat, hand in enumerate(deal.hands):
            reason = misdeal_reason(hand)
            if reason is not None:
                return seat, reason
        return None

    def opening(self, state: MatchState) -> tuple[int, Tile | None]:
        if state.hand_no == 1:  # R3.3: the holder of 1-1 leads it
            seat = next(s for s, hand in enumerate(state.hands) if ONE_ONE in hand)
            return seat, ONE_ONE
        assert state.next_leader is not None  # R3.4: set by every Kozel hand
        return state.next_leader, None

    def end_hand(self, state: MatchState, reason: EndReason) -> HandResult:
        assert state.last_player is not None
        counts = tuple(kozel_count(h) for h in state.hands)
        team_points = (counts[0] + counts[2], counts[1] + counts[3])
        eggs_in = state.eggs
        winner: int | None
        if reason is EndReason.DOMINO:  # R7.1: the other team's two hands
            winner = state.last_player % 2
            hand_total = team_points[1 - winner]
        elif team_points[0] == team_points[1]:  # R7.3: eggs, carried and accumulated
            winner, hand_total = None, sum(counts)
        else:  # R7.2: the fish; the heavier team records all four hands
            winner = 0 if team_points[0] < team_points[1] else 1
            hand_total = sum(counts)

        points, eggs_used, cancelled = 0, 0, False
        if winner is None:
            state.eggs = eggs_in + hand_total  # R9.11
        else:
            loser = 1 - winner
            written = hand_total + eggs_in  # R9.4: eggs count towards the 13
            eggs_used, state.eggs = eggs_in, 0
            if state.scores[loser] == 0 and written < RULE_OF_13:
                cancelled = True  # R7.4: not recorded, the eggs are used up
            else:
                points = written
                state.scores[loser] += points
        state.next_leader = state.last_player  # R3.4
        return hand_result(
            state,
            reason,
            winner=winner,
            points=points,
            counts=counts,
            eggs_used=eggs_used,
            cancelled_by_13=cancelled,
            hand_total=hand_total,
        )

    def match_result(self, state: MatchState) -> MatchResult | None:
        mark = losing_mark(state.settings.target)
        for team, score in enumerate(state.scores):
            if score >= mark:  # only one team records per hand
                winner = 1 - team
                return MatchResult(
                    winner=winner,
                    scores=tuple(state.scores),
                    goats=team,
                    dry=state.scores[winner] == 0,  # R7.7
                )
        return None
