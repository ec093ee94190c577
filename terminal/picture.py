"""`dominoes picture`: the PNG of a seeded position, the table as the group sees it (the
README shows one)."""

from __future__ import annotations

from pathlib import Path

from core.positions import seeded_position
from core.variants import Variant
from core.views import public_view
from picture.scene import scene_of
from picture.table import render_scene
from texts import Translate


def write_picture(
    path: Path, variant: Variant, players: int, seed: int, moves: int | None, t: Translate
) -> int:
    """Write the PNG of the position, as the group sees it (`moves` None: the first hand
    over); returns its size in bytes."""
    match = seeded_position(variant, players, seed, moves)
    names = [t("bot-name", n=n) for n in range(1, players + 1)]
    scene = scene_of(public_view(match), names, [True] * players, t)
    png = render_scene(scene)
    path.write_bytes(png)
    return len(png)
