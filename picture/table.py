"""The whole table as a PNG: a header band (game, hand, scores, boneyard), the seats around
the table with the owner (or seat 0) at the bottom, and the line of play in the middle."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PIL import ImageDraw

from core.variants import Variant
from picture.board import draw_line, font, label_ends
from picture.layout import Box, Placed, fit
from picture.png import canvas, png
from picture.scene import Scene
from picture.seats import REGULAR, draw_seat, draw_team, fitted
from picture.tiles import PALETTE, Palette

# Steps of antialiased text between its ground and its ink, kept in the PNG's colours.
TEXT_BLENDS = 12

# Where seats sit, by their place after the bottom seat in turn order (clockwise).
POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}


@dataclass(frozen=True, slots=True)
class Areas:
    """The header band, the line's area and each place's seat area (bottom first)."""

    header: Box
    line: Box
    seats: tuple[Box, ...]


def areas(players: int, width: int, height: int, owner_at_bottom: bool) -> Areas:
    """Where each part of the picture goes; the bottom seat is taller when it shows its
    owner's hand face up. Seat areas are in the order of `POSITIONS[players]`."""
    places = POSITIONS[players]
    header_h = round(height * 0.12)
    bottom_h = round(height * (0.2 if owner_at_bottom else 0.12))
    top_h = round(height * 0.12) if "top" in places else 0
    side_w = round(width * 0.2) if "left" in places else 0
    mid_y = header_h + top_h
    mid_h = height - bottom_h - mid_y
    boxes = {
        "bottom": Box(0, height - bottom_h, width, bottom_h),
        "top": Box(0, header_h, width, top_h),
        "left": Box(0, mid_y, side_w, mid_h),
        "right": Box(width - side_w, mid_y, side_w, mid_h),
    }
    return Areas(
        header=Box(0, 0, width, header_h),
        line=Box(side_w, mid_y, width - 2 * side_w, mid_h),
        seats=tuple(boxes[p] for p in places),
    )


def seat_places(scene: Scene) -> list[int]:
    """For each place in `POSITIONS` order, the seat drawn there (owner or seat 0 first)."""
    n = len(scene.seats)
    bottom = scene.owner if scene.owner is not None else 0
    return [(bottom + k) % n for k in range(n)]


def render_scene(
    scene: Scene, *, width: int = 720, height: int = 1000, palette: Palette = PALETTE
) -> bytes:
    """The scene as a PNG of `width` by `height` pixels."""
    image, draw = canvas(width, height, palette)
    n = len(scene.seats)
    bottom_hand = scene.owner is not None or scene.seats[0].tiles is not None
    where = areas(n, width, height, bottom_hand)
    _header(draw, scene, where.header, palette)
    for place, seat_no in enumerate(seat_places(scene)):
        box = where.seats[place]
        seat = scene.seats[seat_no]
        # The owner's own hand (or the bottom seat's, revealed) is what they look at most.
        max_unit = 50.0 if place == 0 and seat.tiles is not None else 20.0
        draw_seat(draw, seat, box, turn=scene.turn == seat_no, palette=palette, max_unit=max_unit)
    _line(draw, scene, where.line, palette)
    # Not optimize (zlib's level 9): the bot draws a table at every move, and its CPU counts.
    inks = (palette.label, palette.face)
    grounds = (palette.label_ground, palette.felt, palette.back, palette.felt_edge)
    writings = [(ground, ink) for ink in inks for ground in grounds]
    return png(image, palette, writings, TEXT_BLENDS, optimize=False)


def _header(draw: ImageDraw.ImageDraw, scene: Scene, box: Box, palette: Palette) -> None:
    draw.rectangle((box.x, box.y, box.right - 1, box.bottom - 1), fill=palette.label_ground)
    draw.line((box.x, box.bottom - 2, box.right, box.bottom - 2), fill=palette.last, width=2)
    pad = 14.0
    room = box.w - 2 * pad
    right_text = scene.boneyard_text or ""
    right_font = font(20, REGULAR)
    right_w = right_font.getlength(right_text) if right_text else 0.0
    title, text = fitted(scene.title, 26, room - right_w - 16)
    y = box.y + pad + 13
    draw.text((box.x + pad, y), text, font=title, fill=palette.label, anchor="lm")
    if right_text:
        draw.text(
            (box.right - pad, y), right_text, font=right_font, fill=palette.label, anchor="rm"
        )
    cols = 1 if len(scene.scores) <= 1 else 2
    col_w = room / cols
    rows = -(-len(scene.scores) // cols)
    row_h = min(28.0, (box.bottom - (y + 18) - 6) / max(1, rows))
    size = min(20, int(row_h * 0.8))
    teams = scene.variant is Variant.KOZEL
    for i, line in enumerate(scene.scores):
        row, col = divmod(i, cols)
        x = box.x + pad + col * col_w
        middle = y + 18 + row_h * (row + 0.5)
        badge = 0.0
        if teams and i < 2:  # the teams' scores; then eggs carried, if any
            badge = size * 1.1
            draw_team(draw, i, x, middle - badge / 2, badge, palette)
            badge += 6
        face, text = fitted(line, size, col_w - 10 - badge, True, 12)
        draw.text((x + badge, middle), text, font=face, fill=palette.label, anchor="lm")


def _line(draw: ImageDraw.ImageDraw, scene: Scene, box: Box, palette: Palette) -> None:
    """The snake inside `box`, kept far enough in that the end labels fit too; the result
    of a hand or match over it, in a band of its own."""
    if scene.banner:
        band = _banner(draw, scene.banner, box, palette)
        box = Box(box.x, band.bottom, box.w, box.bottom - band.bottom)
    if not scene.line:
        return
    margin = 40.0
    frame = Box(box.x + margin, box.y + margin, box.w - 2 * margin, box.h - 2 * margin)
    unit, placed = centred(*fit(scene.line, frame, max_unit=36.0, min_unit=6.0), frame)
    draw_line(draw, placed, unit, lead=scene.lead, last=scene.last, palette=palette)
    size = (round(box.right), round(box.bottom))
    label_ends(draw, placed, unit, size, palette, within=box)


def _banner(draw: ImageDraw.ImageDraw, text: str, box: Box, palette: Palette) -> Box:
    """A result written across the top of `box`; returns the band it took."""
    band = Box(box.x + 10, box.y + 10, box.w - 20, 44.0)
    draw.rounded_rectangle(
        (band.x, band.y, band.right, band.bottom),
        radius=10,
        fill=palette.label_ground,
        outline=palette.last,
        width=3,
    )
    face, shown = fitted(text, 22, band.w - 24, False, 13)
    middle = (band.x + band.w / 2, band.y + band.h / 2)
    draw.text(middle, shown, font=face, fill=palette.label, anchor="mm")
    return band


def centred(unit: float, placed: list[Placed], frame: Box) -> tuple[float, list[Placed]]:
    """The snake moved (by whole pixels) to the middle of `frame`."""
    left = min(p.box.x for p in placed)
    top = min(p.box.y for p in placed)
    dx = round((frame.right - max(p.box.right for p in placed) - (left - frame.x)) / 2)
    dy = round((frame.bottom - max(p.box.bottom for p in placed) - (top - frame.y)) / 2)
    moved = [
        replace(
            p,
            box=Box(p.box.x + dx, p.box.y + dy, p.box.w, p.box.h),
            first=(p.first[0] + dx, p.first[1] + dy),
            second=(p.second[0] + dx, p.second[1] + dy),
        )
        for p in placed
    ]
    return unit, moved
