"""The whole table as a square PNG, drawn to be read on a phone (a photo there is 360
pixels wide: half this picture): a header band (game, hand, both sides' scores), the
other seats as labels along the top in turn order, the owner (or seat 0) as the label
at the bottom with their hand, and the line in the middle as it lies on a table. Once a
hand is over every hand is face up, and what it came to is written over the table."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from PIL import ImageDraw

from core.variants import Variant
from picture.board import draw_line, font, label_ends
from picture.events import draw_outcome, outcome_height
from picture.layout import Box, Placed, fit
from picture.png import canvas, png
from picture.scene import Scene
from picture.seats import (
    GAP,
    PAD,
    REGULAR,
    SMALLEST_TEXT,
    draw_label,
    draw_team,
    fitted,
    label_height,
)
from picture.tiles import PALETTE, Palette

SIZE = 720
# Steps of antialiased text between its ground and its ink, kept in the PNG's colours.
TEXT_BLENDS = 12
MARGIN = 32.0  # between the felt's edge and the line: room for the numbers at its ends
FELT = 360.0  # the least height left to the line (a hand's result makes the picture taller)
HAND_UNIT = 44.0  # the owner's tiles
SHOWN_UNIT = (30.0, 36.0)  # the smallest and largest unit of a hand shown face up
LINE_UNIT = (6.0, 40.0)
REVEALED_SHARE = 0.6  # a hand shown at a hand's end: at least this share of the line's size


@dataclass(frozen=True, slots=True)
class Areas:
    """The header band, the felt (the line's area), each place's label (the bottom
    first, then the others left to right) and the unit of the tiles each label shows."""

    header: Box
    line: Box
    seats: tuple[Box, ...]
    units: tuple[float, ...]
    height: int


def seat_places(scene: Scene) -> list[int]:
    """The seat drawn at each place: the owner (or seat 0) at the bottom, then the others
    in turn order, along the top from left to right."""
    n = len(scene.seats)
    bottom = scene.owner if scene.owner is not None else 0
    return [(bottom + k) % n for k in range(n)]


def areas(scene: Scene, width: int = SIZE) -> Areas:
    """Where each part of the picture goes; the picture is `width` wide and as tall as
    `Areas.height` says (square while a hand is played, taller with a hand's result)."""
    places = seat_places(scene)
    header_h = 8 + 34 + 32 * math.ceil(len(scene.sides) / _columns(scene)) + 8
    top = [scene.seats[s] for s in places[1:]]
    label_w = (width - 8) / len(top)
    shown = [len(s.tiles) for s in top if s.tiles is not None]
    unit, rows = _shown_unit(shown, label_w - 2 * PAD - 8)
    top_h = label_height(rows, unit, stacked=True)
    bottom = scene.seats[places[0]]
    bottom_unit, bottom_rows = HAND_UNIT, 0
    if bottom.tiles is not None:
        largest = HAND_UNIT if scene.owner is not None else SHOWN_UNIT[1]
        bottom_unit, bottom_rows = _shown_unit([len(bottom.tiles)], width - 2 * PAD - 16, largest)
    bottom_h = label_height(bottom_rows, bottom_unit, stacked=False)
    felt_y = header_h + 4 + top_h + 4
    band = outcome_height(scene.outcome) + 8 if scene.outcome is not None else 0.0
    height = max(width, round(felt_y + band + FELT + 4 + bottom_h + 4))
    felt = Box(4, felt_y, width - 8, height - 4 - bottom_h - 4 - felt_y)
    seats = [Box(4, height - 4 - bottom_h, width - 8, bottom_h)]
    seats += [Box(4 + k * label_w, header_h + 4, label_w, top_h) for k in range(len(top))]
    units = [bottom_unit] + [unit] * len(top)
    return Areas(Box(0, 0, width, header_h), felt, tuple(seats), tuple(units), height)


def _shown_unit(
    counts: list[int], room: float, largest: float = SHOWN_UNIT[1]
) -> tuple[float, int]:
    """The unit and rows of face-up hands of `counts` tiles, each in `room` pixels wide:
    one row if that keeps them at least `SHOWN_UNIT[0]`, else as few rows as do."""
    most = max(counts, default=0)
    if not most:
        return largest, 0
    for rows in range(1, most + 1):
        per_row = math.ceil(most / rows)
        unit = min(largest, room / (per_row + (per_row - 1) * GAP))
        if unit >= SHOWN_UNIT[0] or rows == most:
            return math.floor(unit * 2) / 2, rows
    raise AssertionError("unreachable")


def render_scene(scene: Scene, *, width: int = SIZE, palette: Palette = PALETTE) -> bytes:
    """The scene as a PNG `width` pixels wide (and as tall as `areas` makes it)."""
    where = areas(scene, width)
    image, draw = canvas(width, where.height, palette)
    _header(draw, scene, where.header, palette)
    shown: list[float] = []  # the units of hands face up but the owner's own
    places = seat_places(scene)
    for box, unit, seat_no in zip(where.seats, where.units, places, strict=True):
        seat = scene.seats[seat_no]
        stacked = seat_no != places[0]  # the labels along the top are narrow
        turn = scene.turn == seat_no
        draw_label(draw, seat, box, turn=turn, palette=palette, unit=unit, stacked=stacked)
        if seat.tiles is not None and seat_no != scene.owner:
            shown.append(unit)
    largest = min([LINE_UNIT[1], *(unit / REVEALED_SHARE for unit in shown)])
    _felt(draw, scene, where.line, largest, palette)
    # Not optimize (zlib's level 9): the bot draws a table at every move, and its CPU counts.
    inks = (palette.label, palette.face)
    grounds = (palette.label_ground, palette.felt, palette.back, palette.felt_edge)
    writings = [(ground, ink) for ink in inks for ground in grounds]
    return png(image, palette, writings, TEXT_BLENDS, optimize=False)


def _header(draw: ImageDraw.ImageDraw, scene: Scene, box: Box, palette: Palette) -> None:
    """The game and the hand, the boneyard (or the eggs carried); then each side's score,
    the number first and large, the side's names after it."""
    draw.rectangle((box.x, box.y, box.right - 1, box.bottom - 1), fill=palette.label_ground)
    draw.line((box.x, box.bottom - 2, box.right, box.bottom - 2), fill=palette.last, width=2)
    pad = 14.0
    room = box.w - 2 * pad
    right_text = scene.boneyard_text or scene.eggs_text or ""
    right_font = font(SMALLEST_TEXT, REGULAR)
    right_w = right_font.getlength(right_text) if right_text else 0.0
    title, text = fitted(scene.title, 26, room - right_w - 16)
    y = box.y + 8 + 17
    draw.text((box.x + pad, y), text, font=title, fill=palette.label, anchor="lm")
    if right_text:
        draw.text(
            (box.right - pad, y), right_text, font=right_font, fill=palette.label, anchor="rm"
        )
    columns = _columns(scene)
    col_w = room / columns
    teams = scene.variant is Variant.KOZEL
    for i, (side, score) in enumerate(zip(scene.sides, scene.points, strict=True)):
        row, col = divmod(i, columns)
        x = box.x + pad + col * col_w
        middle = y + 17 + 32 * (row + 0.5) + 4
        if teams:
            draw_team(draw, i, x, middle - 13, 26, palette)
            x += 32
        number = font(26)
        draw.text((x, middle), str(score), font=number, fill=palette.label, anchor="lm")
        x += number.getlength(str(score)) + 10
        face, shown = fitted(side, 22, box.x + pad + (col + 1) * col_w - 12 - x, True)
        draw.text((x, middle), shown, font=face, fill=palette.label, anchor="lm")


def _columns(scene: Scene) -> int:
    """The header's scores in two columns; a Kozel team's two names need a whole row."""
    return 1 if scene.variant is Variant.KOZEL else 2


def _felt(
    draw: ImageDraw.ImageDraw, scene: Scene, box: Box, largest: float, palette: Palette
) -> None:
    """The line inside `box` as it lies on the table, kept far enough in that the numbers
    at its ends fit too; what the hand or match came to over it, in a band of its own."""
    if scene.outcome is not None:
        band = Box(box.x + 10, box.y + 8, box.w - 20, outcome_height(scene.outcome))
        draw_outcome(draw, scene.outcome, band, palette)
        box = Box(box.x, band.bottom, box.w, box.bottom - band.bottom)
    if not scene.line:
        return
    frame = Box(box.x + MARGIN, box.y + MARGIN, box.w - 2 * MARGIN, box.h - 2 * MARGIN)
    unit, placed = fit(scene.line, frame, largest, LINE_UNIT[0], scene.lead)
    placed = centred(placed, frame)
    draw_line(draw, placed, unit, lead=scene.lead, last=scene.last, palette=palette)
    size = (round(box.right), round(box.bottom))
    label_ends(draw, placed, unit, size, palette, within=box)


def centred(placed: list[Placed], frame: Box) -> list[Placed]:
    """The line moved (by whole pixels) to the middle of `frame`."""
    left = min(p.box.x for p in placed)
    top = min(p.box.y for p in placed)
    dx = round((frame.right - max(p.box.right for p in placed) - (left - frame.x)) / 2)
    dy = round((frame.bottom - max(p.box.bottom for p in placed) - (top - frame.y)) / 2)
    return [
        replace(
            p,
            box=Box(p.box.x + dx, p.box.y + dy, p.box.w, p.box.h),
            first=(p.first[0] + dx, p.first[1] + dy),
            second=(p.second[0] + dx, p.second[1] + dy),
        )
        for p in placed
    ]
