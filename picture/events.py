"""What a hand or the match came to, drawn over the table: a band with what happened in
large letters (a domino and by whom, a fish) and the points under it; the goats as an
event of their own, a goat's head beside their names (and "dry" when it is)."""

from __future__ import annotations

from PIL import ImageDraw

from picture.layout import Box
from picture.scene import Outcome
from picture.seats import SMALLEST_TEXT, fitted
from picture.tiles import Palette

TITLE = 30
DETAIL = 22
GOAT = 112  # the goat's head, in pixels


def outcome_height(outcome: Outcome) -> float:
    """The height of the band `outcome` is drawn in."""
    if outcome.goats:
        return GOAT + 24
    return 16 + TITLE + 8 + (DETAIL + 8) * len(outcome.details) + 8


def draw_outcome(draw: ImageDraw.ImageDraw, outcome: Outcome, box: Box, palette: Palette) -> None:
    """`outcome` in a band filling `box`."""
    draw.rounded_rectangle(
        (box.x, box.y, box.right, box.bottom),
        radius=12,
        fill=palette.label_ground,
        outline=palette.last,
        width=4,
    )
    x, room = box.x + 16, box.w - 32
    if outcome.goats:
        draw_goat(draw, box.x + 14, box.y + 12, GOAT, palette)
        x += GOAT + 12
        room -= GOAT + 12
    lines = [(outcome.title, TITLE, False), *((d, DETAIL, True) for d in outcome.details)]
    heights = [size + 8 for _, size, _ in lines]
    y = box.y + (box.h - sum(heights)) / 2
    for (text, size, regular), height in zip(lines, heights, strict=True):
        face, shown = fitted(text, size, room, regular, min(size, SMALLEST_TEXT))
        middle = y + height / 2
        if outcome.goats:
            draw.text((x, middle), shown, font=face, fill=palette.label, anchor="lm")
        else:
            draw.text(
                (box.x + box.w / 2, middle), shown, font=face, fill=palette.label, anchor="mm"
            )
        y += height


def draw_goat(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, palette: Palette) -> None:
    """A goat's head seen from the front in the square at (x, y): two horns sweeping back,
    ears out to the sides, a long face, eyes and a beard."""

    def at(px: float, py: float) -> tuple[float, float]:
        return (x + px * size, y + py * size)

    horn = max(3, round(size * 0.07))
    for side in (-1, 1):  # each horn a thick arc from the top of the head, outwards
        cx = 0.5 + side * 0.18
        left, right = (cx - 0.22, cx + 0.02) if side < 0 else (cx - 0.02, cx + 0.22)
        start, end = (180, 300) if side < 0 else (240, 360)
        draw.arc((*at(left, 0.0), *at(right, 0.5)), start, end, fill=palette.last, width=horn)
        ear = (
            at(0.5 + side * 0.16, 0.36),
            at(0.5 + side * 0.46, 0.34),
            at(0.5 + side * 0.18, 0.48),
        )
        draw.polygon(ear, fill=palette.face, outline=palette.edge)
    face = (
        at(0.32, 0.28),
        at(0.68, 0.28),
        at(0.66, 0.62),
        at(0.58, 0.84),
        at(0.42, 0.84),
        at(0.34, 0.62),
    )
    draw.polygon(face, fill=palette.face, outline=palette.edge)
    beard = (at(0.43, 0.82), at(0.57, 0.82), at(0.5, 1.0))
    draw.polygon(beard, fill=palette.face, outline=palette.edge)
    r = size * 0.045
    for ex in (0.41, 0.59):
        cx, cy = at(ex, 0.46)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=palette.pips)
    for nx in (0.46, 0.54):  # nostrils
        cx, cy = at(nx, 0.76)
        draw.ellipse((cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6), fill=palette.pips)
