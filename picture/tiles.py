"""One domino drawn on the table: its face, its pips, a mark for the tile just played or
the lead, and a face-down tile for the tiles a seat still holds."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from picture.layout import Box, Placed, Point

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Palette:
    """The table's colours. The picture has its own opaque background, so it reads the same
    on Telegram's light and dark themes; the highlights are from the Okabe-Ito set, which
    colour-blind players can tell apart, and every mark has a shape as well as a colour."""

    felt: Colour = (28, 92, 64)
    felt_edge: Colour = (20, 66, 46)
    face: Colour = (250, 244, 226)
    pips: Colour = (24, 24, 28)
    edge: Colour = (38, 36, 34)
    last: Colour = (240, 170, 0)
    lead: Colour = (86, 180, 233)
    back: Colour = (122, 52, 40)
    label: Colour = (250, 244, 226)
    label_ground: Colour = (16, 40, 30)
    # Kozel's two teams: a numbered circle and a numbered diamond, in two more Okabe-Ito
    # colours.
    team_one: Colour = (204, 121, 167)
    team_two: Colour = (86, 180, 233)


PALETTE = Palette()

# Where the pips of each number sit in a half, in quarters of the half's side: `along`
# runs from the half showing tile[0] to the other, `across` at right angles. The six is
# two rows of three running along the tile, as on a real domino.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    5: ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
}

MARKS = ("last", "lead")


def pip_radius(unit: float) -> float:
    """The radius of a pip on a tile of this unit (never below a visible pixel and a bit)."""
    return max(1.2, unit * 0.1)


def _axes(placed: Placed) -> tuple[Point, Point]:
    """Unit vectors along the tile (from its first half to its second) and across it."""
    dx = placed.second[0] - placed.first[0]
    dy = placed.second[1] - placed.first[1]
    length = math.hypot(dx, dy) or 1.0
    along = (dx / length, dy / length)
    return along, (-along[1], along[0])


def _body(draw: ImageDraw.ImageDraw, box: Box, unit: float, fill: Colour, outline: Colour) -> None:
    # Pillow's rectangles include their far edge: a box w wide covers w pixels, not w + 1.
    x0, y0, x1, y1 = box.x, box.y, box.x + box.w - 1, box.y + box.h - 1
    width = max(1, round(unit * 0.05))
    draw.rounded_rectangle(
        (x0, y0, x1, y1), radius=max(1.0, unit * 0.16), fill=fill, outline=outline, width=width
    )


def draw_tile(
    draw: ImageDraw.ImageDraw,
    placed: Placed,
    unit: float,
    *,
    face: Colour,
    pips: Colour,
    edge: Colour,
    mark: str | None = None,
    palette: Palette = PALETTE,
) -> None:
    """Draw one domino face up at `placed.box`: its body, the divider between its halves and
    each half's pips; `mark` ("last" or "lead") outlines it, over its rim, in that mark's
    colour and shape (a frame and a dot, or corner brackets and a diamond)."""
    if mark is not None and mark not in MARKS:
        raise ValueError(f"unknown mark {mark!r}: expected one of {MARKS}")
    box = placed.box
    _body(draw, box, unit, face, edge)
    along, across = _axes(placed)
    middle = (
        (placed.first[0] + placed.second[0]) / 2,
        (placed.first[1] + placed.second[1]) / 2,
    )
    # The divider stops short of the rim, as the groove on a real tile does.
    reach = unit * 0.3
    draw.line(
        (
            middle[0] - across[0] * reach,
            middle[1] - across[1] * reach,
            middle[0] + across[0] * reach,
            middle[1] + across[1] * reach,
        ),
        fill=edge,
        width=max(1, round(unit * 0.04)),
    )
    radius = pip_radius(unit)
    step = unit * 0.25
    for value, (cx, cy) in zip(placed.tile, (placed.first, placed.second), strict=True):
        for a, c in PIPS[value]:
            x = cx + (a * along[0] + c * across[0]) * step
            y = cy + (a * along[1] + c * across[1]) * step
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=pips)
    if mark is not None:
        _draw_mark(draw, placed, middle, unit, mark, palette)


def _draw_mark(
    draw: ImageDraw.ImageDraw,
    placed: Placed,
    middle: Point,
    unit: float,
    mark: str,
    palette: Palette,
) -> None:
    # Within the tile's own box, so the mark never covers a neighbour's pips; the shape
    # says which mark it is without the colour: a full frame and a dot on the divider for
    # the tile just played, corner brackets and a diamond for the lead.
    colour = palette.last if mark == "last" else palette.lead
    box = placed.box
    width = max(2, round(unit * 0.12))
    # Over the rim itself: the pips nearest the edge start 0.16 unit in, so a frame 0.12
    # unit wide leaves them clear.
    x0, y0 = box.x, box.y
    x1, y1 = box.x + box.w - 1, box.y + box.h - 1
    size = max(2.0, unit * 0.12)
    mx, my = middle
    if mark == "last":
        draw.rounded_rectangle(
            (x0, y0, x1, y1), radius=max(1.0, unit * 0.16), outline=colour, width=width
        )
        draw.ellipse(
            (mx - size, my - size, mx + size, my + size), fill=colour, outline=palette.edge
        )
        return
    arm = unit * 0.45
    for cx, cy, dx, dy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
        # Each bracket starts at its corner and runs inwards along both sides.
        edge_x, edge_y = cx + dx * (width - 1) / 2, cy + dy * (width - 1) / 2
        draw.line(
            ((edge_x, cy + dy * arm), (edge_x, edge_y), (cx + dx * arm, edge_y)),
            fill=colour,
            width=width,
            joint="curve",
        )
    size *= 1.3  # a diamond looks smaller than a disc of the same reach
    draw.polygon(
        ((mx, my - size), (mx + size, my), (mx, my + size), (mx - size, my)),
        fill=colour,
        outline=palette.edge,
    )


def draw_back(
    draw: ImageDraw.ImageDraw, box: Box, unit: float, *, palette: Palette = PALETTE
) -> None:
    """Draw a face-down tile at `box`: the back colour with a small ivory emblem, so that a
    seat's tiles left can be counted at a glance."""
    _body(draw, box, unit, palette.back, palette.edge)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    size = max(1.5, unit * 0.14)
    draw.ellipse((cx - size, cy - size, cx + size, cy + size), fill=palette.face)
