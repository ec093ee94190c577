"""One seat at the table: a dark panel with its name, a robot mark for a bot, its tiles
(face down, or face up for their owner and once the hand is over), its last action, and for
the seat to move a thick amber outline and a ▶ triangle (shape as well as colour)."""

from __future__ import annotations

from PIL import ImageDraw, ImageFont

from picture.board import BOLD, drawable, font
from picture.layout import Box, Placed
from picture.scene import SeatScene
from picture.tiles import Palette, draw_back, draw_tile

REGULAR = BOLD.with_name("DejaVuSans.ttf")
PAD = 8.0


def tile_grid(area: Box, count: int, max_unit: float) -> tuple[float, list[Box]]:
    """Upright tiles (unit wide, two units high) in rows filling `area` from its top left:
    the largest unit (down to 3 pixels) at which `count` of them fit, and their boxes."""
    unit = max_unit
    while True:
        gap = max(2.0, unit * 0.25)
        cols = max(1, int((area.w + gap) // (unit + gap)))
        rows = -(-count // cols) if count else 0
        if rows * (2 * unit + gap) - gap <= area.h or unit <= 3:
            break
        unit -= 0.5
    boxes = []
    for i in range(count):
        row, col = divmod(i, cols)
        boxes.append(
            Box(area.x + col * (unit + gap), area.y + row * (2 * unit + gap), unit, 2 * unit)
        )
    return unit, boxes


def upright(index: int, tile: tuple[int, int], box: Box) -> Placed:
    """A tile standing in `box` with tile[0] on top."""
    cx = box.x + box.w / 2
    return Placed(index, tile, box, False, (cx, box.y + box.w / 2), (cx, box.y + 1.5 * box.w))


def fitted(
    text: str, size: int, room: float, regular: bool = False, smallest: int = 15
) -> tuple[ImageFont.FreeTypeFont, str]:
    """The bundled font at `size`, smaller (not below `smallest`) if `text` would not fit in
    `room` pixels, and the text, cut with "…" if it still does not fit; what the font
    cannot draw (an emoji in a name) is left out."""
    path = REGULAR if regular else BOLD
    text = " ".join(drawable(text, path).split()) or "?"
    face = font(size, path)
    while size > smallest and face.getlength(text) > room:
        size -= 1
        face = font(size, path)
    cut = text
    while len(cut) > 1 and face.getlength(cut) > room:
        cut = cut[:-2].rstrip() + "…"
    return face, cut


def draw_robot(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    size: float,
    ink: tuple[int, int, int],
    ground: tuple[int, int, int],
) -> None:
    """A small robot head (antenna, square head, two eyes, a mouth) with its top left at
    (x, y), `size` pixels square."""
    s = size
    draw.line((x + s / 2, y, x + s / 2, y + s * 0.25), fill=ink, width=max(1, round(s / 10)))
    draw.ellipse((x + s * 0.42, y - s * 0.06, x + s * 0.58, y + s * 0.1), fill=ink)
    draw.rounded_rectangle((x, y + s * 0.22, x + s - 1, y + s - 1), radius=s * 0.15, fill=ink)
    for ex in (0.3, 0.7):
        r = s * 0.1
        cx, cy = x + s * ex, y + s * 0.52
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ground)
    draw.rectangle((x + s * 0.3, y + s * 0.76, x + s * 0.7, y + s * 0.84), fill=ground)


def draw_team(
    draw: ImageDraw.ImageDraw, team: int, x: float, y: float, size: float, palette: Palette
) -> None:
    """A Kozel team's badge in the square at (x, y): team 1's number in a circle, team 2's
    in a diamond (a shape and a number, not a colour alone)."""
    cx, cy = x + size / 2, y + size / 2
    if team == 0:
        draw.ellipse((x, y, x + size, y + size), fill=palette.team_one, outline=palette.label)
    else:
        corners = ((cx, y), (x + size, cy), (cx, y + size), (x, cy))
        draw.polygon(corners, fill=palette.team_two, outline=palette.label)
    number = font(max(8, round(size * 0.6)))
    draw.text((cx, cy + 1), str(team + 1), font=number, fill=palette.pips, anchor="mm")


def draw_seat(
    draw: ImageDraw.ImageDraw,
    seat: SeatScene,
    area: Box,
    *,
    turn: bool,
    palette: Palette,
    max_unit: float,
) -> Box:
    """Draw `seat` in `area`; returns the box its name was written in."""
    inner = Box(area.x + 3, area.y + 3, area.w - 6, area.h - 6)
    outline = palette.last if turn else palette.felt_edge
    draw.rounded_rectangle(
        (inner.x, inner.y, inner.right - 1, inner.bottom - 1),
        radius=10,
        fill=palette.label_ground,
        outline=outline,
        width=5 if turn else 2,
    )
    x, y = inner.x + PAD + 2, inner.y + PAD
    row = 26.0
    if turn:  # ▶ before the name
        draw.polygon(((x, y + 3), (x + 16, y + row / 2), (x, y + row - 3)), fill=palette.last)
        x += 22
    count = str(seat.count)
    count_font = font(18)
    count_w = count_font.getlength(count) + 14
    robot = row * 0.8 if seat.bot else 0.0
    badge = row * 0.85 if seat.team is not None else 0.0
    room = inner.right - PAD - x - (robot + 8 if robot else 0) - (badge + 8 if badge else 0)
    name_font, name = fitted(seat.name, 22, room)
    name_w = name_font.getlength(name)
    draw.text((x, y + row / 2), name, font=name_font, fill=palette.label, anchor="lm")
    name_box = Box(x, y, max(1.0, name_w), row)
    after = x + name_w + 8
    if robot:
        draw_robot(draw, after, y + row * 0.12, robot, palette.label, palette.label_ground)
        after += robot + 8
    if seat.team is not None:
        draw_team(draw, seat.team, after, y + (row - badge) / 2, badge, palette)
    # The tiles left, as a number in a small face-down frame at the bottom right.
    action_h = 26.0
    cx0, cy0 = inner.right - PAD - count_w, inner.bottom - PAD - action_h + 2
    draw.rounded_rectangle(
        (cx0, cy0, cx0 + count_w - 1, cy0 + action_h - 3),
        radius=5,
        fill=palette.back,
        outline=palette.face,
        width=1,
    )
    draw.text(
        (cx0 + count_w / 2, cy0 + (action_h - 3) / 2),
        count,
        font=count_font,
        fill=palette.face,
        anchor="mm",
    )
    tiles_area = Box(
        inner.x + PAD, y + row + 6, inner.w - 2 * PAD, inner.bottom - PAD - action_h - (y + row + 6)
    )
    shown = seat.tiles
    unit, boxes = tile_grid(tiles_area, seat.count if shown is None else len(shown), max_unit)
    if shown is None:
        for box in boxes:
            draw_back(draw, box, unit, palette=palette)
    else:
        for i, (tile, box) in enumerate(zip(shown, boxes, strict=True)):
            placed = upright(i, tile, box)
            draw_tile(draw, placed, unit, face=palette.face, pips=palette.pips, edge=palette.edge)
    if seat.action:
        small, action = fitted(seat.action, 18, inner.w - 2 * PAD - count_w - 18, True, 12)
        w = small.getlength(action) + 12
        ay = inner.bottom - PAD - action_h + 2
        draw.rounded_rectangle(
            (inner.x + PAD, ay, inner.x + PAD + w, ay + action_h - 3),
            radius=6,
            fill=palette.felt,
            outline=palette.label,
            width=1,
        )
        draw.text(
            (inner.x + PAD + 6, ay + (action_h - 3) / 2),
            action,
            font=small,
            fill=palette.label,
            anchor="lm",
        )
    return name_box
