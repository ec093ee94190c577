"""The exact solver agrees with a plain minimax written from the rules."""

from __future__ import annotations

import random

import pytest

from core.bits import BY_WEIGHT, pips
from core.players.outcome import Scorer
from core.players.solver import Solver


def naive(
    hands: list[int],
    left: int,
    right: int,
    seat: int,
    passes: int,
    last: int,
    ours: list[bool],
    score: Scorer,
) -> float:
    n = len(hands)
    moves = []
    for i, tile in enumerate(BY_WEIGHT):
        if not hands[seat] >> i & 1:
            continue
        seen = set()
        for end_number, other_end in ((left, right), (right, left)):
            if tile.has(end_number):
                new = (tile.other(end_number), other_end)
                key = tuple(sorted(new))
                if key not in seen:
                    seen.add(key)
                    moves.append((1 << i, new))
    if not moves:
        if passes + 1 >= n:
            return score(hands, last, False)
        return naive(hands, left, right, (seat + 1) % n, passes + 1, last, ours, score)
    values = []
    for bit, (a, b) in moves:
        after = list(hands)
        after[seat] &= ~bit
        if not after[seat]:
            values.append(score(after, seat, True))
        else:
            values.append(naive(after, a, b, (seat + 1) % n, 0, seat, ours, score))
    return max(values) if ours[seat] else min(values)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_solver_matches_plain_minimax_on_random_small_positions(n: int) -> None:
    rng = random.Random(n)
    for _ in range(150):
        bits = [1 << i for i in range(28)]
        rng.shuffle(bits)
        sizes = [rng.randint(1, 3) for _ in range(n)]
        hands, k = [], 0
        for size in sizes:
            hands.append(sum(bits[k : k + size]))
            k += size
        left, right = rng.randrange(7), rng.randrange(7)
        me = rng.randrange(n)

        def score(final: list[int], last: int, domino: bool, me: int = me) -> float:
            counts = [pips(h) for h in final]
            if domino:
                return 1.0 if last == me else -counts[me] / 10
            return -counts[me] + min(counts)

        ours = [s == me for s in range(n)]
        seat = rng.randrange(n)
        want = naive(list(hands), left, right, seat, 0, me, ours, score)
        got = Solver(score, n, me, teams=False, budget=10**6).solve(
            list(hands), left, right, seat, me
        )
        assert got == pytest.approx(want)
