"""Seeded positions for the picture tests: easy bots play from a seeded deal."""

from __future__ import annotations

from core.engine import Match
from core.positions import seeded_position
from core.variants import Variant

CASES: list[tuple[Variant, int]] = [
    *((Variant.DRAW, n) for n in (2, 3, 4)),
    *((Variant.BLOCK, n) for n in (2, 3, 4)),
    (Variant.KOZEL, 4),
]


def position(variant: Variant, players: int, seed: int, moves: int | None) -> Match:
    """See `core.positions.seeded_position`."""
    return seeded_position(variant, players, seed, moves)
