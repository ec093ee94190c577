"""Tiles as bits of an int, ordered from the lightest to the heaviest tile (R9.1),
so that the heaviest tile of a set is its highest bit. The engine keeps each hand's
mask next to its tiles to answer "who can play?" in one AND; bot players simulate
whole hands on masks alone."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from core.tiles import ALL_TILES, Tile

BY_WEIGHT: Final[tuple[Tile, ...]] = tuple(sorted(ALL_TILES, key=Tile.heavier_key))
BIT: Final[dict[Tile, int]] = {tile: 1 << i for i, tile in enumerate(BY_WEIGHT)}
LOW: Final[tuple[int, ...]] = tuple(t.low for t in BY_WEIGHT)
HIGH: Final[tuple[int, ...]] = tuple(t.high for t in BY_WEIGHT)
VALUE: Final[tuple[int, ...]] = tuple(t.value for t in BY_WEIGHT)
SUIT: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i, t in enumerate(BY_WEIGHT) if t.has(n)) for n in range(7)
)
DOUBLES_MASK: Final = sum(1 << i for i, t in enumerate(BY_WEIGHT) if t.is_double)
FULL: Final = (1 << len(BY_WEIGHT)) - 1
ZERO_ZERO_BIT: Final = BIT[Tile(0, 0)]
SIX_SIX_BIT: Final = BIT[Tile(6, 6)]
# `BIT` indexed by low * 7 + high: no tuple to hash, where speed counts.
_BIT_AT: Final[list[int]] = [
    BIT[Tile.of(a, b)] if a <= b else 0 for a in range(7) for b in range(7)
]


def bit_of(tile: Tile) -> int:
    """The bit of one tile."""
    low, high = tile
    return _BIT_AT[low * 7 + high]


def mask_of(tiles: Iterable[Tile]) -> int:
    """The mask of distinct tiles."""
    mask = 0
    for low, high in tiles:
        mask |= _BIT_AT[low * 7 + high]
    return mask


def bits_of(mask: int) -> list[int]:
    """The single-bit masks of `mask`, lightest tile first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def tiles_of(mask: int) -> list[Tile]:
    """The tiles of a mask, lightest first."""
    return [BY_WEIGHT[bit.bit_length() - 1] for bit in bits_of(mask)]


def pips(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


def popcount(mask: int) -> int:
    return mask.bit_count()
