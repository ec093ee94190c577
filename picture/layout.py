"""Where each tile of a line goes: a snake that bends to stay inside a phone-shaped frame.

Rows run left to right, then right to left, and so on down the frame; each row is a band
2 units high so a double laid across fits. A row stops one unit short of the frame's side
(the turn column); there the snake turns with a tile standing upright, its top half beside
the row's last tile and its bottom half beside the next row's first. A double is never the
turning tile: the tile before it is only laid in a row if the double fits after it.
A double across meets its neighbours at its centre (see `joints`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, float]

# Edges computed along different paths may differ in the last bit; that is touching.
EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in pixels, x to the right and y down."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def overlaps(self, other: Box) -> bool:
        """Whether the interiors meet; boxes that only share an edge do not overlap."""
        return (
            self.x < other.right - EPS
            and other.x < self.right - EPS
            and self.y < other.bottom - EPS
            and other.y < self.bottom - EPS
        )

    def inside(self, other: Box) -> bool:
        """Whether this box lies within `other` (edges may coincide)."""
        return (
            self.x >= other.x - EPS
            and self.y >= other.y - EPS
            and self.right <= other.right + EPS
            and self.bottom <= other.bottom + EPS
        )


@dataclass(frozen=True, slots=True)
class Placed:
    """One tile of the line where the picture draws it."""

    index: int
    tile: tuple[int, int]
    box: Box
    across: bool
    first: Point
    second: Point


def joints(placed: Placed) -> tuple[Point, Point]:
    """Where the tile meets the previous and the next tile of the line.

    A tile in line meets them with its halves (`first`, `second`); a double across meets
    both with its centre, since its two halves lie side by side across the snake.
    """
    if placed.across:
        return placed.box.centre, placed.box.centre
    return placed.first, placed.second


def _in_row(
    index: int, tile: tuple[int, int], start: float, way: int, c: float, u: float
) -> Placed:
    """A tile laid in a row from `start` in direction `way` (+1 right, -1 left)."""
    if tile[0] == tile[1]:
        x = start if way > 0 else start - u
        box = Box(x, c - u, u, 2 * u)
        mid = x + u / 2
        return Placed(index, tile, box, True, (mid, c - u / 2), (mid, c + u / 2))
    x = start if way > 0 else start - 2 * u
    box = Box(x, c - u / 2, 2 * u, u)
    halves = ((x + u / 2, c), (x + 3 * u / 2, c))
    first, second = halves if way > 0 else halves[::-1]
    return Placed(index, tile, box, False, first, second)


def lay_out(line: Sequence[tuple[int, int]], frame: Box, unit: float) -> list[Placed] | None:
    """Lay `line` out as a snake from the frame's top left, tiles 2*unit by unit.

    Returns None if it does not fit in `frame` at this unit.
    """
    u = unit
    left, right = frame.x + u, frame.right - u  # rows end here; the turn column lies beyond
    placed: list[Placed] = []
    cursor, way, c = frame.x, 1, frame.y + u  # the row's open end, its direction, its centre line
    row_empty = True
    for index, tile in enumerate(line):
        double = tile[0] == tile[1]
        nxt = line[index + 1] if index + 1 < len(line) else None
        # A double must fit after this tile, or it would have to turn the corner.
        need = u if double else 2 * u + (u if nxt is not None and nxt[0] == nxt[1] else 0)
        end = cursor + way * need
        if double or (end <= right + EPS if way > 0 else end >= left - EPS):
            placed.append(_in_row(index, tile, cursor, way, c, u))
            cursor += way * (u if double else 2 * u)
            row_empty = False
            continue
        if row_empty:  # two turns in a row would overlap: the frame is too narrow
            return None
        x = cursor if way > 0 else cursor - u
        mid = x + u / 2
        box = Box(x, c, u, 2 * u)
        placed.append(Placed(index, tile, box, False, (mid, c + u / 2), (mid, c + 3 * u / 2)))
        way, c, row_empty = -way, c + 2 * u, True
    if not all(p.box.inside(frame) for p in placed):
        return None
    return placed


def fit(
    line: Sequence[tuple[int, int]], frame: Box, max_unit: float = 40.0, min_unit: float = 8.0
) -> tuple[float, list[Placed]]:
    """The largest unit (in steps of half a pixel down from `max_unit`) at which `line` fits.

    Raises ValueError if it does not fit even at `min_unit`.
    """
    steps = int((max_unit - min_unit) / 0.5 + EPS)
    for step in range(steps + 1):
        unit = max_unit - step * 0.5
        placed = lay_out(line, frame, unit)
        if placed is not None:
            return unit, placed
    raise ValueError(f"{len(line)} tiles do not fit in {frame} even at a unit of {min_unit}")
