"""How the searching levels choose a move, read from the table: a model of a partner
that is one of them, for weighting sampled deals by how likely its plays were.

A conditional logit over the seat's options (each tile it held that fitted, at each end):
features of the option as the seat saw it (its own hand, the line, what each seat was
proven to lack), weights fitted on the hard level's own decisions by
`benchmarks/fit_self_model.py`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.bits import BIT, FULL, HIGH, LOW, SUIT
from core.players.knowledge import ObservedPlay
from core.players.sim import placements

N_FEATURES = 8
# Fitted by `benchmarks/fit_self_model.py` on hard's decisions (with `signal` 0.05) in
# 1200 hands of abw333's engine, seeds from 700000: followed plays, then chosen leads
# (nobody is shut out by a lead: its last two weights are 0).
FOLLOW = (1.219, 1.967, 0.564, 0.717, -0.968, 1.247, 1.064, -0.910)
LEAD = (0.237, 0.724, 0.340, 0.340, -1.788, 0.724, 0.0, 0.0)


def features(
    hand: int,
    line: int,
    ends: tuple[int, int] | None,
    option: tuple[int, int, int],
    lacks: tuple[int, ...],
    seat: int,
) -> list[float]:
    """The option (tile's bit index, ends after) of a seat holding `hand` (the tile
    included) with `line` laid: its pips, a double, own tiles that fit after, own tiles
    of the number it opens, the others' tiles of that number, both ends alike, the
    next seat and the partner proven unable to follow."""
    i, new_left, new_right = option
    bit = 1 << i
    lo, hi = LOW[i], HIGH[i]
    rest = hand & ~bit
    unknown = FULL & ~(line | hand)
    f = [0.0] * N_FEATURES
    f[0] = (lo + hi) / 12
    f[1] = 1.0 if lo == hi else 0.0
    f[2] = (rest & (SUIT[new_left] | SUIT[new_right])).bit_count() / 3
    opened = _opened(i, ends, new_left, new_right)
    f[3] = (rest & opened).bit_count() / 3
    f[4] = (opened & unknown).bit_count() / 3
    f[5] = 1.0 if new_left == new_right else 0.0
    n = len(lacks)
    if n:
        after = 1 << new_left | 1 << new_right
        f[6] = 1.0 if lacks[(seat + 1) % n] & after == after else 0.0
        f[7] = 1.0 if n == 4 and lacks[(seat + 2) % n] & after == after else 0.0
    return f


def _opened(i: int, ends: tuple[int, int] | None, new_left: int, new_right: int) -> int:
    """The tiles of the number(s) laying tile `i` opens: both of its numbers on a lead."""
    if ends is None:
        return SUIT[LOW[i]] | SUIT[HIGH[i]]
    return SUIT[new_left if new_left != ends[0] else new_right]


def options(hand: int, ends: tuple[int, int] | None) -> list[tuple[int, int, int]]:
    """Every (tile's bit index, ends after) open to `hand` against `ends` (None: a lead)."""
    out = []
    fit = FULL if ends is None else SUIT[ends[0]] | SUIT[ends[1]]
    m = hand & fit
    while m:
        bit = m & -m
        m ^= bit
        i = bit.bit_length() - 1
        if ends is None:
            out.append((i, LOW[i], HIGH[i]))
            continue
        for left, right in placements(LOW[i], HIGH[i], ends[0], ends[1]):
            out.append((i, left, right))
    return out


# One option of a past play, all but what depends on the seat's hand folded in:
# (tile bit, static score, tiles that fit after, tiles of the number opened,
# those of them not on the line then, whether it is the option taken).
_Option = tuple[int, float, int, int, int, bool]


@dataclass(frozen=True, slots=True)
class SelfModel:
    follow: tuple[float, ...] = FOLLOW
    lead: tuple[float, ...] = LEAD

    def prepare(self, play: ObservedPlay) -> list[_Option]:
        """The options any hand could have had at `play` (see `log_likelihood`): each
        scored by `features` with the hand reduced to the tile itself, which leaves out
        only what the rest of a hand changes."""
        w = self.lead if play.ends_before is None else self.follow
        ends = play.ends_before
        chosen = BIT[play.tile]
        free = FULL & ~play.line_before
        out: list[_Option] = []
        for option in options(free, ends):
            i, new_left, new_right = option
            bit = 1 << i
            alone = features(bit, play.line_before, ends, option, play.lacks_before, play.seat)
            static = sum(a * x for a, x in zip(w, alone, strict=True))
            opened = _opened(i, ends, new_left, new_right)
            taken = bit == chosen and (ends is None or (new_left, new_right) == play.ends_after)
            fits = SUIT[new_left] | SUIT[new_right]
            out.append((bit, static, fits, opened, opened & free & ~bit, taken))
        return out

    def scores(
        self,
        hand: int,
        line: int,
        ends: tuple[int, int] | None,
        lacks: tuple[int, ...],
        seat: int,
    ) -> dict[tuple[int, int, int], float]:
        """Each option's logit (tile's bit index, ends after) for a seat holding `hand`."""
        weights = self.lead if ends is None else self.follow
        return {
            option: sum(
                w * x
                for w, x in zip(
                    weights, features(hand, line, ends, option, lacks, seat), strict=True
                )
            )
            for option in options(hand, ends)
        }

    def log_likelihood(self, hand: int, play: ObservedPlay, prepared: list[_Option]) -> float:
        """log P(the seat laid `play` | it held `hand`, the tile included), over the
        options `prepare(play)` returned."""
        w = self.lead if play.ends_before is None else self.follow
        w2, w3, w4 = w[2] / 3, w[3] / 3, w[4] / 3
        scores = []
        target = None
        for bit, static, fits, opened, opened_free, taken in prepared:
            if not hand & bit:
                continue
            rest = hand & ~bit
            s = (
                static
                + w2 * (rest & fits).bit_count()
                + w3 * (rest & opened).bit_count()
                - w4 * (opened_free & hand).bit_count()
            )
            scores.append(s)
            if taken:
                target = s
        if target is None or len(scores) < 2:
            return 0.0
        best = max(scores)
        return target - best - math.log(sum(math.exp(s - best) for s in scores))
