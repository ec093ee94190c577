"""Exact search of one hand with every tile known and nothing left to draw.

Alpha-beta with a transposition table over two sides: the seat's team in Kozel,
else the seat against all the others (a "paranoid" reduction of a many-player
game). Used by the hard player on sampled deals once few tiles remain.
"""

from __future__ import annotations

import math

from core.bits import HIGH, LOW, SUIT
from core.players.outcome import Scorer
from core.players.sim import placements

_EXACT, _LOWER, _UPPER = 0, 1, 2


class BudgetExceededError(Exception):
    """The search visited more positions than it was allowed."""


class Solver:
    def __init__(self, score: Scorer, n: int, me: int, *, teams: bool, budget: int) -> None:
        self.score = score
        self.n = n
        self.budget = budget
        self.ours = [(s % 2 == me % 2) if teams else (s == me) for s in range(n)]
        self.table: dict[tuple[int, ...], tuple[float, int]] = {}

    def solve(self, hands: list[int], left: int, right: int, seat: int, last: int) -> float | None:
        """The value of the position for the seat's side, or None over budget."""
        try:
            return self._search(hands, left, right, seat, 0, last, -math.inf, math.inf)
        except BudgetExceededError:
            return None

    def _search(
        self,
        hands: list[int],
        left: int,
        right: int,
        seat: int,
        passes: int,
        last: int,
        alpha: float,
        beta: float,
    ) -> float:
        n = self.n
        hand = hands[seat]
        playable = hand & (SUIT[left] | SUIT[right])
        nxt = seat + 1 if seat + 1 < n else 0
        if not playable:
            if passes + 1 >= n:
                return self.score(hands, last, False)
            return self._search(hands, left, right, nxt, passes + 1, last, alpha, beta)
        self.budget -= 1
        if self.budget < 0:
            raise BudgetExceededError
        # The ends' order does not matter (R9.13); `last` only matters once someone
        # goes out, which the search scores on the spot.
        key = (*hands, left, right, seat) if left <= right else (*hands, right, left, seat)
        entry = self.table.get(key)
        alpha0, beta0 = alpha, beta
        if entry is not None:
            value, flag = entry
            if flag == _EXACT:
                return value
            if flag == _LOWER:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                return value
        maximise = self.ours[seat]
        best = -math.inf if maximise else math.inf
        m = playable
        while m:
            bit = 1 << (m.bit_length() - 1)  # heaviest first: good move ordering
            m ^= bit
            i = bit.bit_length() - 1
            lo, hi = LOW[i], HIGH[i]
            rest = hand & ~bit
            hands[seat] = rest
            for new_left, new_right in placements(lo, hi, left, right):
                if not rest:
                    value = self.score(hands, seat, True)
                else:
                    value = self._search(hands, new_left, new_right, nxt, 0, seat, alpha, beta)
                if maximise:
                    best = max(best, value)
                    alpha = max(alpha, best)
                else:
                    best = min(best, value)
                    beta = min(beta, best)
                if alpha >= beta:
                    break
            hands[seat] = hand
            if alpha >= beta:
                break
        if best <= alpha0:
            self.table[key] = (best, _UPPER)
        elif best >= beta0:
            self.table[key] = (best, _LOWER)
        else:
            self.table[key] = (best, _EXACT)
        return best
