"""How good the end of a hand is for one seat's side, with the match in view.

A score is the hand's result for the side (1 a win, 0 a loss, 0.5 a tie or eggs)
plus a small term for the points it moves, and a large one when it decides the
match (Kozel: the goats' mark, R7.6; draw and block: the target, R6.4).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from core.bits import SIX_SIX_BIT, ZERO_ZERO_BIT, pips
from core.rules.kozel import LONE_SIX_SIX, LONE_ZERO_ZERO, RULE_OF_13, losing_mark
from core.views import SeatView

# (hands after the hand as bitmasks, the seat that laid the last tile, went out?)
Scorer = Callable[[list[int], int, bool], float]

PER_POINT = 0.004  # a point matters, a won hand matters more
MATCH = 2.0  # deciding the match outweighs any single hand
# Kozel is lost on points, not hands: a hand's worth includes how it moves the
# chance of keeping clear of the goats' mark (R7.6).
KOZEL_MATCH = 4.0
KOZEL_SPREAD = 30.0  # points of lead worth a factor e in the odds of the match


def kozel_count_bits(hand: int) -> int:
    """R7.5 on a bitmask."""
    if hand == ZERO_ZERO_BIT:
        return LONE_ZERO_ZERO
    if hand == SIX_SIX_BIT:
        return LONE_SIX_SIX
    return pips(hand)


def scorer_for(view: SeatView, kozel_match: float = KOZEL_MATCH) -> Scorer:
    """The scoring function for `view.seat`'s side in the current match; in Kozel,
    `kozel_match` weighs the match's odds against the hand's result."""
    if view.has_teams:
        return _kozel_scorer(view, kozel_match)
    return _classic_scorer(view)


def points_scorer(view: SeatView) -> Scorer:
    """The points the hand moves for `view.seat`'s side: scored by it (draw, block) or
    written to the other team (Kozel) count for it, scored or written against it count
    against it; a tie or eggs, nothing. The currency of hints and the coach."""
    me, scores, eggs = view.seat, view.scores, view.eggs

    if view.has_teams:

        def kozel(hands: list[int], last: int, domino: bool) -> float:
            counts = [kozel_count_bits(h) for h in hands]
            winner, _, written = kozel_hand(counts, last, domino, scores, eggs)
            if winner < 0:
                return 0.0
            return float(written if winner == me % 2 else -written)

        return kozel

    def classic(hands: list[int], last: int, domino: bool) -> float:
        winner, points = classic_hand([pips(h) for h in hands], last, domino)
        if winner < 0:
            return 0.0
        return float(points if winner == me else -points)

    return classic


def classic_hand(counts: list[int], last: int, domino: bool) -> tuple[int, int]:
    """R6.1, R6.2, R6.3, R9.2 on the hands' pip counts: the winning seat (-1: a tie,
    nobody scores) and the points it scores."""
    total = sum(counts)
    if domino:
        return last, total - counts[last]
    low = min(counts)
    if counts.count(low) > 1:
        return -1, 0
    return counts.index(low), total - 2 * low


def kozel_hand(
    counts: list[int], last: int, domino: bool, scores: tuple[int, ...], eggs: int
) -> tuple[int, int, int]:
    """R7.1, R7.2, R7.3, R7.4, R9.4 on the hands' Kozel counts (R7.5), with the scores
    and the eggs carried in: the winning team (-1: eggs, nobody records), the hand's
    total, and the points written to the other team (0 when the rule of 13 drops them)."""
    team = (counts[0] + counts[2], counts[1] + counts[3])
    if domino:
        winner = last % 2
        total = team[1 - winner]
    elif team[0] == team[1]:
        return -1, team[0] + team[1], 0
    else:
        winner = 0 if team[0] < team[1] else 1
        total = team[0] + team[1]
    written = total + eggs
    if scores[1 - winner] == 0 and written < RULE_OF_13:
        written = 0
    return winner, total, written


def _classic_scorer(view: SeatView) -> Scorer:
    me, target = view.seat, view.target
    scores = view.scores

    def score(hands: list[int], last: int, domino: bool) -> float:
        winner, points = classic_hand([pips(h) for h in hands], last, domino)
        if winner < 0:  # R6.3: a tie, nobody scores
            return 0.5
        return _value(winner == me, points, decides=scores[winner] + points >= target)

    return score


def _kozel_scorer(view: SeatView, weight: float) -> Scorer:
    mine = view.seat % 2
    scores, eggs = view.scores, view.eggs
    mark = losing_mark(view.target)

    def score(hands: list[int], last: int, domino: bool) -> float:
        counts = [kozel_count_bits(h) for h in hands]
        winner, _, written = kozel_hand(counts, last, domino, scores, eggs)
        if winner < 0:  # eggs: nobody records now; the carry is a coin flip later
            return 0.5 + weight * match_chance(scores[mine], scores[1 - mine], mark)
        after = [scores[0], scores[1]]
        after[1 - winner] += written
        won = 1.0 if winner == mine else 0.0
        return won + weight * match_chance(after[mine], after[1 - mine], mark)

    return score


def _value(won: bool, points: int, *, decides: bool) -> float:
    """A won or lost hand, the points it moves, and whether it ends the match."""
    sign = 1.0 if won else -1.0
    return (1.0 if won else 0.0) + sign * (PER_POINT * points + (MATCH if decides else 0.0))


def match_chance(ours: int, theirs: int, mark: int) -> float:
    """A rough chance of winning a Kozel match from these penalty scores: the team
    further below the goats' mark is ahead, by the odds of a logistic curve."""
    if theirs >= mark:
        return 1.0
    if ours >= mark:
        return 0.0
    return 1.0 / (1.0 + math.exp((ours - theirs) / KOZEL_SPREAD))
