"""`dominoes picture`: a seeded position in play, its lead and last tile found in the
line, and its PNG written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from core.events import Played
from core.state import Phase
from core.tiles import Tile
from core.variants import Variant
from core.views import public_view
from terminal.cli import main
from terminal.picture import marks, seeded_position


def _tile(pair: tuple[int, int]) -> Tile:
    return Tile.of(*pair)


@pytest.mark.parametrize(
    ("variant", "players"), [(Variant.DRAW, 2), (Variant.BLOCK, 3), (Variant.KOZEL, 4)]
)
@pytest.mark.parametrize("moves", [1, 5, 12, 40])
def test_the_lead_and_the_last_tile_are_found_in_the_line(
    variant: Variant, players: int, moves: int
) -> None:
    match = seeded_position(variant, players, seed=3, moves=moves)
    view = public_view(match)
    assert view.phase is Phase.PLAYING  # the hand stays on the table
    played = [e for e in view.history if isinstance(e, Played)]
    where = marks(match)
    assert where.lead is not None
    assert where.last is not None
    lead = next(e.tile for e in played if e.end is None)
    assert _tile(view.line[where.lead]) == lead
    assert _tile(view.line[where.last]) == played[-1].tile
    assert where.last in (0, len(view.line) - 1)


def test_the_same_seed_gives_the_same_position() -> None:
    one = seeded_position(Variant.DRAW, 4, seed=11, moves=20)
    two = seeded_position(Variant.DRAW, 4, seed=11, moves=20)
    assert public_view(one).line == public_view(two).line


def test_dominoes_picture_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.png"
    assert main(["picture", str(path), "kozel", "--seed", "5", "--moves", "20"]) == 0
    image = Image.open(io.BytesIO(path.read_bytes()))
    assert image.format == "PNG"
    assert image.width <= 1280
    assert f"{path}:" in capsys.readouterr().out
