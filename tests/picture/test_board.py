"""The table as a PNG: small enough for Telegram, the same bytes every time, each tile's
pips where the layout puts its halves, doubles across, the marks and the open ends."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from picture.board import end_labels, label_radius, render_line, table_layout
from picture.layout import Placed
from picture.tiles import PALETTE
from tests.picture.test_layout import FULL

Line = list[tuple[int, int]]

SHORT: Line = [(3, 5), (5, 5), (5, 1), (1, 1), (1, 6)]


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def pixel(image: Image.Image, at: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(at[0]), round(at[1])))
    assert isinstance(value, tuple)
    return value


def test_a_full_line_fits_telegram_limits() -> None:
    png = render_line(FULL, last=27, lead=0)
    image = opened(png)
    assert image.size == (720, 1000)
    assert image.width <= 1280
    assert len(png) <= 120 * 1024


def test_the_same_line_gives_the_same_bytes() -> None:
    assert render_line(FULL, last=27, lead=3) == render_line(FULL, last=27, lead=3)


@pytest.mark.parametrize("line", [SHORT, FULL], ids=["short", "full"])
def test_each_half_shows_a_centre_pip_for_odd_numbers_only(line: Line) -> None:
    image = opened(render_line(line, last=None, lead=None))
    _, placed = table_layout(line, 720, 1000)
    for p in placed:
        for value, centre in zip(p.tile, (p.first, p.second), strict=True):
            expected = PALETTE.pips if value % 2 else PALETTE.face
            assert pixel(image, centre) == expected, (p.index, p.tile, value)


def test_a_double_is_drawn_across_the_snake() -> None:
    image = opened(render_line(SHORT, last=None, lead=None))
    unit, placed = table_layout(SHORT, 720, 1000)
    in_row = [p for p in placed if p.box.w > p.box.h]  # laid left to right
    doubles = [p for p in placed if p.tile[0] == p.tile[1]]
    assert doubles
    assert in_row
    for p in doubles:
        assert p.across
        cx, cy = p.box.centre
        # Half a unit above the row's centre line a double is ivory, where a tile in line
        # ends and the felt shows.
        assert pixel(image, (cx, cy - unit * 0.75)) == PALETTE.face
        assert pixel(image, (cx, cy + unit * 0.75)) == PALETTE.face
    for p in in_row:
        cx, cy = p.box.centre
        assert pixel(image, (cx, cy - unit * 0.75)) == PALETTE.felt


def test_the_last_tile_and_the_lead_are_outlined() -> None:
    image = opened(render_line(SHORT, last=4, lead=0))
    unit, placed = table_layout(SHORT, 720, 1000)

    def outline(p: Placed) -> tuple[int, ...]:
        return pixel(image, (p.box.x + unit * 0.25, p.box.y + unit * 0.06))

    assert outline(placed[4]) == PALETTE.last
    assert outline(placed[0]) == PALETTE.lead
    assert outline(placed[2]) == PALETTE.face


@pytest.mark.parametrize(
    "line",
    [SHORT, FULL, [(2, 4)], [(6, 6)], [(4, 4), (4, 0)]],
    ids=["short", "full", "one", "one-double", "double-at-the-head"],
)
def test_each_open_end_is_written_in_a_disc_beyond_the_snake(line: Line) -> None:
    image = opened(render_line(line, last=None, lead=None))
    unit, placed = table_layout(line, 720, 1000)
    labels = end_labels(placed, unit, image.size)
    assert [n for _, n in labels] == [line[0][0], line[-1][1]]
    radius = label_radius(unit)
    for (x, y), _ in labels:
        assert radius <= x <= image.width - radius
        assert radius <= y <= image.height - radius
        # Below the digit, inside the disc's rim, the disc's own colour shows.
        assert pixel(image, (x, y + radius * 0.7)) == PALETTE.label_ground
        for p in placed:  # and no tile lies under the disc
            b = p.box
            nearest = (min(max(x, b.x), b.right), min(max(y, b.y), b.bottom))
            assert (nearest[0] - x) ** 2 + (nearest[1] - y) ** 2 > radius**2


def test_an_empty_table_is_felt() -> None:
    image = opened(render_line([], last=None, lead=None))
    assert pixel(image, (360, 500)) == PALETTE.felt
    assert len(image.getcolors() or []) == 2  # the felt and its darker rim
