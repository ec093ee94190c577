"""One seat at the table as a compact label on the table's edge: its name, a robot mark
for a bot, a Kozel team's badge, and side by side the tiles it has left and its last
action; its tiles face up for their owner and once the hand is over. The seat to move
has a thick amber outline and a ▶ triangle (shape as well as colour). No text is drawn
smaller than `SMALLEST_TEXT` pixels: a name that does not fit is cut, not shrunk."""

from __future__ import annotations

from PIL import ImageDraw, ImageFont

from picture.board import BOLD, drawable, font
from picture.layout import Box, Placed
from picture.scene import SeatScene
from picture.tiles import Palette, draw_back, draw_tile

REGULAR = BOLD.with_name("DejaVuSans.ttf")
PAD = 6.0
ROW = 30.0  # a label's row of text
SMALLEST_TEXT = 20  # pixels, in a 720-pixel picture: 10 on a phone's 360
GAP = 0.2  # between tiles standing in a row, in units


def tile_grid(area: Box, count: int, max_unit: float) -> tuple[float, list[Box]]:
    """Upright tiles (unit wide, two units high) in rows filling `area` from its top left:
    the largest unit (down to 3 pixels) at which `count` of them fit, and their boxes."""
    unit = max_unit
    while True:
        gap = max(2.0, unit * GAP)
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
    text: str, size: int, room: float, regular: bool = False, smallest: int = SMALLEST_TEXT
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
    number = font(SMALLEST_TEXT)
    draw.text((cx, cy + 1), str(team + 1), font=number, fill=palette.pips, anchor="mm")


def label_height(rows_of_tiles: int, unit: float, *, stacked: bool) -> float:
    """A label's height: a row for its name, and its count and action beside it, or
    (`stacked`) under it; or its tiles standing in `rows_of_tiles` rows under it."""
    if rows_of_tiles:
        tiles = rows_of_tiles * 2 * unit + (rows_of_tiles - 1) * unit * GAP
        return PAD + ROW + 4 + tiles + PAD + 2
    return PAD + ROW + (4 + ROW if stacked else 0) + PAD


def draw_label(
    draw: ImageDraw.ImageDraw,
    seat: SeatScene,
    area: Box,
    *,
    turn: bool,
    palette: Palette,
    unit: float,
    stacked: bool,
) -> Box:
    """Draw `seat` as a label filling `area`, its tiles (if face up) standing at `unit`
    under its name; its count and action beside its name, or (`stacked`, a narrow label)
    under it while its tiles are face down. Returns the box its name was written in."""
    draw.rounded_rectangle(
        (area.x, area.y, area.right - 1, area.bottom - 1),
        radius=10,
        fill=palette.label_ground,
        outline=palette.last if turn else palette.felt_edge,
        width=5 if turn else 2,
    )
    x, y, right = area.x + PAD + 4, area.y + PAD, area.right - PAD - 4
    if turn:  # ▶ before the name
        draw.polygon(((x, y + 5), (x + 16, y + ROW / 2), (x, y + ROW - 5)), fill=palette.last)
        x += 22
    if not stacked:
        right -= _chips(draw, seat, right, y, palette, from_right=True) + 8
    elif seat.tiles is None:
        _chips(draw, seat, area.x + PAD + 4, y + ROW + 4, palette, from_right=False)
    marks = (ROW * 0.8 + 6 if seat.bot else 0.0) + (ROW * 0.9 + 6 if seat.team is not None else 0)
    name_font, name = fitted(seat.name, 24, right - x - marks)
    name_w = name_font.getlength(name)
    draw.text((x, y + ROW / 2), name, font=name_font, fill=palette.label, anchor="lm")
    after = x + name_w + 6
    if seat.bot:
        draw_robot(draw, after, y + ROW * 0.12, ROW * 0.8, palette.label, palette.label_ground)
        after += ROW * 0.8 + 6
    if seat.team is not None:
        draw_team(draw, seat.team, after, y + ROW * 0.05, ROW * 0.9, palette)
    if seat.tiles is not None:
        tiles = Box(area.x + PAD + 4, y + ROW + 4, area.w - 2 * PAD - 8, area.bottom - y - ROW - 8)
        _, boxes = tile_grid(tiles, len(seat.tiles), unit)
        for i, (tile, box) in enumerate(zip(seat.tiles, boxes, strict=True)):
            placed = upright(i, tile, box)
            draw_tile(draw, placed, box.w, face=palette.face, pips=palette.pips, edge=palette.edge)
    return Box(x, y, max(1.0, name_w), ROW)


def _chips(
    draw: ImageDraw.ImageDraw,
    seat: SeatScene,
    x: float,
    y: float,
    palette: Palette,
    *,
    from_right: bool,
) -> float:
    """The seat's tiles left (a face-down tile and the number), then its last action,
    on the row at `y`, from `x` rightwards (or leftwards, `from_right`); returns the
    width they take."""
    face = font(SMALLEST_TEXT)
    count = str(seat.count)
    count_w = face.getlength(count) + 30
    action_font, action = fitted(seat.action or "", SMALLEST_TEXT, 120, True)
    action_w = action_font.getlength(action) + 14 if seat.action else 0.0
    width = count_w + (action_w + 6 if action_w else 0.0)
    left = x - width if from_right else x
    draw.rounded_rectangle(
        (left, y + 1, left + count_w, y + ROW - 1), radius=6, fill=palette.felt_edge
    )
    draw_back(draw, Box(left + 5, y + 5, 11, ROW - 10), 11, palette=palette)
    draw.text((left + 21, y + ROW / 2), count, font=face, fill=palette.face, anchor="lm")
    if action_w:
        ax = left + count_w + 6
        draw.rounded_rectangle(
            (ax, y + 1, ax + action_w, y + ROW - 1),
            radius=6,
            fill=palette.felt,
            outline=palette.label,
        )
        draw.text((ax + 7, y + ROW / 2), action, font=action_font, fill=palette.label, anchor="lm")
    return width
