"""Play-outs on bitmasks: the seats marked to lay their heaviest tile."""

from __future__ import annotations

import random

from core.players.sim import GREEDY, SMART, playout, shuffled_bits


def test_seats_marked_heaviest_play_out_as_the_greedy_policy() -> None:
    rng = random.Random(11)
    differed = 0
    for _ in range(300):
        order = list(range(28))
        rng.shuffle(order)
        n = rng.choice((2, 3, 4))
        size = rng.randint(2, 7)
        hands = [sum(1 << t for t in order[s * size : (s + 1) * size]) for s in range(n)]
        rest = shuffled_bits(sum(1 << t for t in order[n * size : n * size + 5]), rng)
        left, right = rng.randrange(7), rng.randrange(7)
        draws, teams = rng.random() < 0.5, n == 4
        args = (left, right, 0, draws)
        greedy_hands, smart_hands, marked_hands = list(hands), list(hands), list(hands)
        greedy = playout(greedy_hands, list(rest), *args, GREEDY, teams)
        marked = playout(marked_hands, list(rest), *args, SMART, teams, (1 << n) - 1)
        smart = playout(smart_hands, list(rest), *args, SMART, teams)
        assert (marked, marked_hands) == (greedy, greedy_hands)
        differed += (smart, smart_hands) != (greedy, greedy_hands)
    assert differed, "SMART differs from GREEDY somewhere, so the mark changed something"
