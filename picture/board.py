"""The line of play as a PNG: laid out on green felt, the tile just played and the lead
marked, and the number at each open end written beside it; the bundled fonts, and which
characters they can draw."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

from picture.layout import Box, Placed, Point, fit
from picture.png import canvas, png
from picture.tiles import PALETTE, Palette, draw_tile

# Steps of the labels' antialiased text between its ground and its ink.
TEXT_BLENDS = 16

FONTS = Path(__file__).parent / "fonts"
BOLD = FONTS / "DejaVuSans-Bold.ttf"


@cache
def font(size: int, path: Path = BOLD) -> ImageFont.FreeTypeFont:
    """The bundled font at `size` pixels, loaded once per size (loading takes milliseconds)."""
    return ImageFont.truetype(str(path), size)


# A private-use code point: no font here draws it, so it shows the font's "missing" box.
_NOWHERE = "\U000f0000"


def _mask(char: str, path: Path) -> tuple[tuple[int, int], bytes]:
    mask = font(20, path).getmask(char)
    return mask.size, bytes(mask)


@cache
def has_glyph(char: str, path: Path = BOLD) -> bool:
    """Whether the font draws `char` (an emoji or a Chinese character it lacks would come
    out as an empty box)."""
    return _mask(char, path) != _mask(_NOWHERE, path)


def drawable(text: str, path: Path = BOLD) -> str:
    """`text` without the characters the font cannot draw."""
    return "".join(c for c in text if has_glyph(c, path))


def table_layout(
    line: Sequence[tuple[int, int]], width: int, height: int
) -> tuple[float, list[Placed]]:
    """The unit and the tiles' places of a non-empty `line` in a picture of this size."""
    # The margin leaves room for the end labels, which sit beyond the snake's ends.
    margin = max(24.0, min(width, height) * 0.08)
    return fit(line, Box(margin, margin, width - 2 * margin, height - 2 * margin))


def draw_line(
    draw: ImageDraw.ImageDraw,
    placed: Sequence[Placed],
    unit: float,
    *,
    lead: int | None,
    last: int | None,
    palette: Palette = PALETTE,
) -> None:
    """The line's tiles where they were laid out, the lead and the last tile marked."""
    marks = {i: m for i, m in ((lead, "lead"), (last, "last")) if i is not None}
    # Marked tiles go last, so that no neighbour covers their outline.
    for p in sorted(placed, key=lambda p: (p.index in marks, p.index == last)):
        draw_tile(
            draw,
            p,
            unit,
            face=palette.face,
            pips=palette.pips,
            edge=palette.edge,
            mark=marks.get(p.index),
            palette=palette,
        )


def render_line(
    line: Sequence[tuple[int, int]],
    *,
    last: int | None,
    lead: int | None,
    width: int = 720,
    height: int = 1000,
    palette: Palette = PALETTE,
) -> bytes:
    """The line of play as a PNG of `width` by `height` pixels. `last` and `lead` are
    indices into `line` of the tile just played and the first tile (None: no mark)."""
    image, draw = canvas(width, height, palette)
    if line:
        unit, placed = table_layout(line, width, height)
        draw_line(draw, placed, unit, lead=lead, last=last, palette=palette)
        label_ends(draw, placed, unit, (width, height), palette)
    return png(image, palette, [(palette.label_ground, palette.label)], TEXT_BLENDS, optimize=True)


def _outward(end: Placed, open_half: tuple[float, float], other: Placed | None) -> Point:
    """The direction from the snake out past this end tile."""
    centre = end.box.centre
    if not end.across and end.tile[0] != end.tile[1]:
        dx, dy = open_half[0] - centre[0], open_half[1] - centre[1]
    elif other is not None:
        # A double lies across the snake: its halves point sideways, its neighbour inwards.
        dx, dy = centre[0] - other.box.centre[0], centre[1] - other.box.centre[1]
    else:
        dx, dy = (-1.0, 0.0) if open_half is end.first else (1.0, 0.0)
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def label_radius(unit: float) -> float:
    """The radius of the disc an open end's number is written in."""
    return max(11.0, unit * 0.5)


def end_labels(
    placed: Sequence[Placed], unit: float, size: tuple[int, int]
) -> list[tuple[Point, int]]:
    """Where the number open at each end of the snake is written (the centre of its disc,
    just beyond the end tile, kept inside the picture) and that number: head, then tail."""
    ordered = sorted(placed, key=lambda p: p.index)
    head, tail = ordered[0], ordered[-1]
    radius = label_radius(unit)
    ends = (
        (head, head.first, head.tile[0], ordered[1] if len(ordered) > 1 else None),
        (tail, tail.second, tail.tile[1], ordered[-2] if len(ordered) > 1 else None),
    )
    labels = []
    for tile, half, number, neighbour in ends:
        ox, oy = _outward(tile, half, neighbour)
        box = tile.box
        # From the tile's centre to its rim along the way out, then a gap, then the disc.
        reach = abs(ox) * box.w / 2 + abs(oy) * box.h / 2 + unit * 0.25 + radius
        x = box.centre[0] + ox * reach
        y = box.centre[1] + oy * reach
        x = min(max(x, radius + 2), size[0] - radius - 2)
        y = min(max(y, radius + 2), size[1] - radius - 2)
        labels.append(((x, y), number))
    return labels


def label_ends(
    draw: ImageDraw.ImageDraw,
    placed: Sequence[Placed],
    unit: float,
    size: tuple[int, int],
    palette: Palette = PALETTE,
    within: Box | None = None,
) -> None:
    """Write the number open at each end of the snake in a disc just beyond it (kept
    inside `within`, if given)."""
    radius = label_radius(unit)
    text = font(round(radius * 1.15))
    for (ex, ey), number in end_labels(placed, unit, size):
        x, y = ex, ey
        if within is not None:
            x = min(max(ex, within.x + radius + 2), within.right - radius - 2)
            y = min(max(ey, within.y + radius + 2), within.bottom - radius - 2)
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius),
            fill=palette.label_ground,
            outline=palette.label,
            width=max(1, round(radius * 0.12)),
        )
        draw.text((x, y), str(number), font=text, fill=palette.label, anchor="mm")
