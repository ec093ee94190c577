"""One domino drawn: the pips of 0..6 in their standard patterns, turned with the tile, the
marks told apart by shape as well as colour, and a face-down tile."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image, ImageChops, ImageDraw

from picture.layout import Box, Placed
from picture.tiles import PALETTE, Palette, draw_back, draw_tile

UNIT = 40.0


def horizontal(tile: tuple[int, int], x: float = 20, y: float = 30) -> Placed:
    """A tile lying left to right, tile[0] on the left."""
    box = Box(x, y, 2 * UNIT, UNIT)
    cy = y + UNIT / 2
    return Placed(0, tile, box, False, (x + UNIT / 2, cy), (x + 1.5 * UNIT, cy))


def vertical(tile: tuple[int, int], x: float = 30, y: float = 20) -> Placed:
    """A tile standing upright, tile[0] on top (as a double lies across a row)."""
    box = Box(x, y, UNIT, 2 * UNIT)
    cx = x + UNIT / 2
    return Placed(0, tile, box, tile[0] == tile[1], (cx, y + UNIT / 2), (cx, y + 1.5 * UNIT))


def drawn(placed: Placed, mark: str | None = None, palette: Palette = PALETTE) -> Image.Image:
    image = Image.new("RGB", (140, 140), palette.felt)
    draw_tile(
        ImageDraw.Draw(image),
        placed,
        UNIT,
        face=palette.face,
        pips=palette.pips,
        edge=palette.edge,
        mark=mark,
        palette=palette,
    )
    return image


def pixel(image: Image.Image, at: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(at[0]), round(at[1])))
    assert isinstance(value, tuple)
    return value


def grid(centre: tuple[float, float]) -> list[tuple[float, float]]:
    """The nine places a pip may take in a half, a quarter of the half apart."""
    step = UNIT / 4
    return [(centre[0] + a * step, centre[1] + b * step) for a in (-1, 0, 1) for b in (-1, 0, 1)]


@pytest.mark.parametrize("value", range(7))
@pytest.mark.parametrize("shape", [horizontal, vertical])
def test_each_half_shows_its_number_of_pips(value: int, shape: object) -> None:
    assert callable(shape)
    placed = shape((value, 6 - value))
    image = drawn(placed)
    for number, centre in ((value, placed.first), (6 - value, placed.second)):
        dark = [p for p in grid(centre) if pixel(image, p) == PALETTE.pips]
        assert len(dark) == number


@pytest.mark.parametrize("value", range(7))
def test_the_centre_of_a_half_is_a_pip_for_odd_numbers_only(value: int) -> None:
    placed = horizontal((value, value))
    expected = PALETTE.pips if value % 2 else PALETTE.face
    assert pixel(drawn(placed), placed.first) == expected
    assert pixel(drawn(vertical((value, value))), vertical((value, value)).second) == expected


def test_the_six_runs_along_the_tile_whichever_way_it_lies() -> None:
    step = UNIT / 4
    flat = horizontal((6, 0))
    (x, y), image = flat.first, drawn(flat)
    assert pixel(image, (x, y - step)) == PALETTE.pips  # rows of three, left to right
    assert pixel(image, (x - step, y)) == PALETTE.face
    upright = vertical((6, 0))
    (x, y), image = upright.first, drawn(upright)
    assert pixel(image, (x - step, y)) == PALETTE.pips  # columns of three, top to bottom
    assert pixel(image, (x, y - step)) == PALETTE.face


def test_the_tile_is_ivory_with_a_dark_rim_and_a_divider_between_its_halves() -> None:
    placed = horizontal((0, 0))
    image = drawn(placed)
    box = placed.box
    assert pixel(image, (box.x + box.w / 2, box.y + box.h / 2)) == PALETTE.edge
    assert pixel(image, (box.x + box.w / 2, box.y)) == PALETTE.edge
    assert pixel(image, (box.x + box.w / 4, box.y + box.h / 4)) == PALETTE.face
    assert pixel(image, (box.x - 3, box.y + box.h / 2)) == PALETTE.felt


@pytest.mark.parametrize("mark", ["last", "lead"])
def test_a_mark_outlines_the_tile_in_its_colour(mark: str) -> None:
    placed = horizontal((2, 5))
    image = drawn(placed, mark)
    colour = PALETTE.last if mark == "last" else PALETTE.lead
    box = placed.box
    assert pixel(image, (box.x + UNIT * 0.25, box.y + UNIT * 0.06)) == colour
    assert pixel(image, (box.x + box.w - UNIT * 0.06, box.y + box.h - UNIT * 0.25)) == colour
    # Within the tile's box: a neighbour's pips are never covered.
    assert pixel(image, (box.x + box.w / 2, box.y - 1)) == PALETTE.felt
    assert pixel(image, (box.x + box.w + 1, box.y + box.h / 2)) == PALETTE.felt


def test_the_marks_differ_in_shape_not_only_in_colour() -> None:
    one_colour = dataclasses.replace(PALETTE, lead=PALETTE.last)
    placed = horizontal((2, 5))
    last, lead = drawn(placed, "last", one_colour), drawn(placed, "lead", one_colour)
    assert ImageChops.difference(last, lead).getbbox() is not None


def test_an_unknown_mark_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown mark"):
        drawn(horizontal((1, 2)), "best")


def test_a_face_down_tile_shows_its_back_and_no_pips() -> None:
    image = Image.new("RGB", (140, 140), PALETTE.felt)
    box = Box(30, 20, UNIT, 2 * UNIT)
    draw_back(ImageDraw.Draw(image), box, UNIT)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    assert pixel(image, (cx, cy)) == PALETTE.face  # the emblem
    for point in (*grid((cx, box.y + UNIT / 2)), *grid((cx, box.y + 1.5 * UNIT))):
        assert pixel(image, point) == PALETTE.back


@pytest.mark.parametrize("mark", ["last", "lead"])
@pytest.mark.parametrize("shape", [horizontal, vertical])
def test_a_mark_leaves_every_pip_showing(mark: str, shape: object) -> None:
    assert callable(shape)
    for value in range(7):
        placed = shape((value, 6 - value))
        image = drawn(placed, mark)
        for number, centre in ((value, placed.first), (6 - value, placed.second)):
            assert sum(pixel(image, p) == PALETTE.pips for p in grid(centre)) == number
