"""The variants and player counts the picture tests draw (positions: `core.positions`)."""

from __future__ import annotations

from core.variants import Variant

CASES: list[tuple[Variant, int]] = [
    *((Variant.DRAW, n) for n in (2, 3, 4)),
    *((Variant.BLOCK, n) for n in (2, 3, 4)),
    (Variant.KOZEL, 4),
]
