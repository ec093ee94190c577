"""Deals of the unseen tiles that fit what a seat knows, for the hard player's samples.

A deal gives every other seat exactly its number of tiles, none bearing a number the
seat is proven to lack (`Knowledge.allowed`), and leaves the others to the boneyard or
out of play, which may hold anything. Deals are drawn uniformly from all such deals,
one seat at a time: the unseen tiles are grouped by which of the seats still to be dealt
may hold them, and a seat's hand is chosen by how many tiles it takes from each group,
in proportion to the number of complete deals that choice leaves. No choice leads to a
dead end, so nothing is retried and no constraint is ever dropped.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from core.bits import bits_of
from core.players.knowledge import Knowledge


@dataclass(slots=True)
class _Choices:
    """A seat's choices, given the sizes of the groups left to the seats from it on:
    what it takes ((group, how many) pairs), the choices of the seat after it, and the
    running total of the complete deals each choice leads to (for `bisect`)."""

    takes: list[tuple[tuple[int, int], ...]]
    after: list[_Choices | None]  # None after the last seat
    cumulative: list[int]

    @property
    def deals(self) -> int:
        return self.cumulative[-1] if self.cumulative else 0


class NoConsistentDealError(Exception):
    """No deal fits the view: the view contradicts itself, which a legal one cannot."""


class ConstrainedDealer:
    """Deals for one view. Building it counts the deals (a few hundred products of
    binomials at most); each deal then costs one weighted choice per seat and a partial
    shuffle of the tiles it takes."""

    def __init__(self, know: Knowledge) -> None:
        self.seat = know.seat
        self.own = know.own
        self.n_players = know.n_players
        self.unseen = know.unseen
        self.seats = [s for s in range(know.n_players) if s != know.seat]
        self.needs = [know.hand_sizes[s] for s in self.seats]
        allowed = [know.allowed(s) for s in self.seats]
        # By signature: bit j set when the j-th seat to be dealt may hold the tile.
        by_signature = [0] * (1 << len(self.seats))
        for bit in bits_of(know.unseen):
            signature = 0
            for j, mask in enumerate(allowed):
                if mask & bit:
                    signature |= 1 << j
            by_signature[signature] |= bit
        # groups[level][g]: the tiles that, of the seats from `level` on, exactly those
        # of the bits of g may hold (bit 0: the seat dealt at `level`).
        self.groups: list[list[int]] = []
        for level in range(len(self.seats) + 1):
            merged = [0] * (1 << (len(self.seats) - level))
            for signature, tiles in enumerate(by_signature):
                merged[signature >> level] |= tiles
            self.groups.append(merged)
        self._memo: dict[tuple[int, tuple[int, ...]], _Choices] = {}
        self.first = self._choices(0, tuple(tiles.bit_count() for tiles in self.groups[0]))
        if not self.first.deals:
            raise NoConsistentDealError(
                f"no deal of the unseen tiles gives seats {self.seats} {self.needs} tiles"
                f" without a number they are proven to lack: {know}"
            )

    def deal(self, rng: random.Random) -> list[int]:
        """Every seat's hand as a mask: the seat's own, and a uniformly drawn consistent
        deal of the others."""
        hands = [0] * self.n_players
        hands[self.seat] = self.own
        pool = self.unseen
        choices: _Choices | None = self.first
        random_float = rng.random
        for level, seat in enumerate(self.seats):
            assert choices is not None
            cumulative = choices.cumulative
            # One choice: always for the last seat, and for every seat when no void
            # tells the groups apart.
            pick = (
                0
                if len(cumulative) == 1
                else bisect.bisect_right(cumulative, random_float() * cumulative[-1])
            )
            groups = self.groups[level]
            hand = 0
            for group, need in choices.takes[pick]:
                bits = bits_of(groups[group] & pool)
                count = len(bits)
                for k in range(need):  # a partial Fisher-Yates shuffle
                    j = k + int(random_float() * (count - k))
                    bits[k], bits[j] = bits[j], bits[k]
                    hand |= bits[k]
            hands[seat] = hand
            pool &= ~hand
            choices = choices.after[pick]
        return hands

    def _choices(self, level: int, sizes: tuple[int, ...]) -> _Choices:
        """The choices of the seat dealt at `level` that leave complete deals, given the
        sizes of the groups left (the rest then takes whatever is left, in one way)."""
        key = (level, sizes)
        known = self._memo.get(key)
        if known is not None:
            return known
        found = _Choices([], [], [])
        open_groups = [g for g in range(1, len(sizes), 2) if sizes[g]]  # bit 0: this seat
        total = 0
        for takes in _compositions(self.needs[level], [sizes[g] for g in open_groups]):
            left = list(sizes)
            ways = 1
            for group, take in zip(open_groups, takes, strict=True):
                left[group] -= take
                ways *= math.comb(sizes[group], take)
            after: _Choices | None = None
            if level + 1 < len(self.seats):
                merged = [0] * (len(sizes) // 2)
                for group, size in enumerate(left):
                    merged[group >> 1] += size
                after = self._choices(level + 1, tuple(merged))
                ways *= after.deals
            if ways:
                total += ways
                found.cumulative.append(total)
                pairs = zip(open_groups, takes, strict=True)
                found.takes.append(tuple((g, t) for g, t in pairs if t))
                found.after.append(after)
        self._memo[key] = found
        return found


def _compositions(total: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write `total` as a sum of one term per cap, each between 0 and it."""
    if not caps:
        if total == 0:
            yield ()
        return
    head, rest = caps[0], caps[1:]
    room = sum(rest)
    for take in range(max(0, total - room), min(head, total) + 1):
        for tail in _compositions(total - take, rest):
            yield (take, *tail)
