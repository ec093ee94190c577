"""Where each tile of a line goes, as players lay it on a table: the lead in the middle,
and each arm running straight toward its side of the table and turning at its edge.

The line is read left to right; the lead (the first tile played) sits at the frame's
centre. The right arm runs right from it, turns down at the right edge and comes back
the other way below, and so on down; the left arm runs left, turns up at the left edge
and comes back above. So the right arm keeps to the lead's row and those below it, the
left arm to the lead's row and those above it, and the two never cross or wrap around
each other. Each row is a band 2 units high, so a double laid across fits, and rows are
`PITCH` units apart, so tiles of different rows never touch (doubles included). A row
stops one unit short of the frame's side (the turn column); there the arm turns on an
upright tile, its near half beside the row's last tile and its far half beside the next
row's first. A double is never the turning tile: the tile before it is only laid in a
row if the double fits after it. A double across meets its neighbours at its centre
(see `joints`).
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


PITCH = 2.25  # units from a row's centre line to the next one's
LEAD_PLACES = (0.5, 0.35, 0.65, 0.2, 0.8)  # where the lead may sit, across the frame


def _in_row(
    tile: tuple[int, int], start: float, way: int, c: float, u: float
) -> tuple[Box, Point, Point]:
    """A tile laid in a row from `start` in direction `way` (+1 right, -1 left): its box,
    and the centres of its near half (touching the tile before it) and its far half."""
    if tile[0] == tile[1]:
        x = start if way > 0 else start - u
        mid = x + u / 2
        return Box(x, c - u, u, 2 * u), (mid, c - u / 2), (mid, c + u / 2)
    x = start if way > 0 else start - 2 * u
    halves = ((x + u / 2, c), (x + 3 * u / 2, c))
    near, far = halves if way > 0 else halves[::-1]
    return Box(x, c - u / 2, 2 * u, u), near, far


@dataclass(frozen=True, slots=True)
class _Arm:
    """One arm's course: where it starts (the lead's side), which way it first runs, and
    which way it turns at the edges (+1 down, -1 up)."""

    indices: Sequence[int]
    start: float
    way: int
    turn: int
    outward: bool  # the arm reads the line left to right (the right arm)


def _lay_arm(
    line: Sequence[tuple[int, int]], arm: _Arm, frame: Box, c: float, u: float
) -> list[Placed] | None:
    """The arm's tiles, from the lead outward; None if the frame is too narrow for it."""
    left, right = frame.x + u, frame.right - u  # rows end here; the turn column lies beyond
    placed: list[Placed] = []
    cursor, way = arm.start, arm.way
    row_empty = False  # the lead's row holds the lead
    for k, index in enumerate(arm.indices):
        # Tile (a, b) of the line: the right arm meets a first, the left arm b.
        tile = line[index] if arm.outward else line[index][::-1]
        double = tile[0] == tile[1]
        following = line[arm.indices[k + 1]] if k + 1 < len(arm.indices) else None
        # A double must fit after this tile, or it would have to turn the corner.
        need = u if double else 2 * u + (u if following and following[0] == following[1] else 0)
        end = cursor + way * need
        if double or (end <= right + EPS if way > 0 else end >= left - EPS):
            box, near, far = _in_row(tile, cursor, way, c, u)
            cursor += way * (u if double else 2 * u)
            row_empty = False
        else:
            if row_empty:  # two turns in a row would overlap: the frame is too narrow
                return None
            x = cursor if way > 0 else cursor - u
            mid, half_way = x + u / 2, c + arm.turn * PITCH * u / 2
            box = Box(x, half_way - u, u, 2 * u)
            near, far = (mid, half_way - arm.turn * u / 2), (mid, half_way + arm.turn * u / 2)
            way, c, row_empty = -way, c + arm.turn * PITCH * u, True
        first, second = (near, far) if arm.outward else (far, near)
        placed.append(Placed(index, line[index], box, double, first, second))
    return placed


def lay_out(
    line: Sequence[tuple[int, int]], frame: Box, unit: float, lead: int | None = None
) -> list[Placed] | None:
    """Lay `line` out as played, tiles 2*unit by unit, `lead` (the index of the first
    tile played; the middle one if unknown) at the centre of the frame and its arms
    running from it. Returns None if it does not fit in `frame` at this unit."""
    if not line:
        return []
    first = lead if lead is not None and 0 <= lead < len(line) else len(line) // 2
    # The lead in the middle; else further to one side, for a long arm and a short one.
    # The same few places for every line, so that a line grown at its ends is never laid
    # out larger than before it grew.
    for where in LEAD_PLACES:
        placed = _lay_out_at(line, frame, unit, first, frame.x + frame.w * where)
        if placed is not None:
            return placed
    return None


def _lay_out_at(
    line: Sequence[tuple[int, int]], frame: Box, unit: float, first: int, cx: float
) -> list[Placed] | None:
    """`lay_out` with the lead's centre at `cx`."""
    u = unit
    tile = line[first]
    box, near, far = _in_row(tile, cx - (u / 2 if tile[0] == tile[1] else u), 1, 0.0, u)
    placed = [Placed(first, tile, box, tile[0] == tile[1], near, far)]
    arms = (
        _Arm(range(first + 1, len(line)), box.right, 1, 1, True),
        _Arm(range(first - 1, -1, -1), box.x, -1, -1, False),
    )
    for arm in arms:
        laid = _lay_arm(line, arm, frame, 0.0, u)
        if laid is None:
            return None
        placed += laid
    placed.sort(key=lambda p: p.index)
    top = min(p.box.y for p in placed)
    height = max(p.box.bottom for p in placed) - top
    if height > frame.h + EPS:
        return None
    dy = frame.y + (frame.h - height) / 2 - top  # the whole line centred in the frame
    placed = [_moved(p, 0.0, dy) for p in placed]
    if not all(p.box.inside(frame) for p in placed):
        return None
    return placed


def _moved(p: Placed, dx: float, dy: float) -> Placed:
    return Placed(
        p.index,
        p.tile,
        Box(p.box.x + dx, p.box.y + dy, p.box.w, p.box.h),
        p.across,
        (p.first[0] + dx, p.first[1] + dy),
        (p.second[0] + dx, p.second[1] + dy),
    )


def fit(
    line: Sequence[tuple[int, int]],
    frame: Box,
    max_unit: float = 40.0,
    min_unit: float = 8.0,
    lead: int | None = None,
) -> tuple[float, list[Placed]]:
    """The largest unit (in steps of half a pixel down from `max_unit`) at which `line`
    fits, laid out from `lead`.

    Raises ValueError if it does not fit even at `min_unit`.
    """
    steps = int((max_unit - min_unit) / 0.5 + EPS)
    for step in range(steps + 1):
        unit = max_unit - step * 0.5
        placed = lay_out(line, frame, unit, lead)
        if placed is not None:
            return unit, placed
    raise ValueError(f"{len(line)} tiles do not fit in {frame} even at a unit of {min_unit}")
