"""The table read on a phone, where a photo is 360 pixels wide: measured on the rendered
pictures of every variant, in play, at a hand's end and at the goats, the smallest text
is at least 9 pixels tall there and the smallest pip at least 3 pixels across; and a
hand shown face up at a hand's end is at least 60% of the size of the tiles in play.

Text: every string the picture draws is recorded with its font, and that font's line
("Hg|", from the top of a capital to the bottom of a descender) is drawn and scaled to
the phone's width the way a phone scales the photo, then measured. Pips: the picture's
pixels of the pips' colour, in round connected patches, measured across."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

import picture.board
import picture.seats
from core.positions import seeded_position as position
from core.state import Phase
from core.variants import Variant
from core.views import public_view, seat_view
from picture.scene import Scene, scene_of
from picture.table import render_scene
from picture.tiles import PALETTE, draw_tile
from tests.picture.positions import CASES
from texts import Texts

PHONE = 360
T = Texts().translator("ru")
NAMES = ("Александра Константинопольская", "👨‍👩‍👧‍👦🐐", "Z̴̢̛̖̗a̸̡̢l̵̨̛g̶̡o̷̢", "Bob")


def scenes(variant: Variant, players: int, seed: int) -> Iterator[tuple[str, Scene]]:
    """The group's and the first seat's pictures mid-hand, at the hand's end; and for
    Kozel the match's end."""
    names = list(NAMES[:players])
    bots = [False] * players
    playing = position(variant, players, seed, moves=12)
    over = position(variant, players, seed, moves=None)
    for name, match in (("playing", playing), ("over", over)):
        yield f"{name} group", scene_of(public_view(match), names, bots, T)
        yield f"{name} own", scene_of(seat_view(match, 0), names, bots, T, owner=0)
    if variant is Variant.KOZEL:
        while not over.match_over:
            over.next_hand()
            while over.turn is not None and over.state.phase is Phase.PLAYING:
                over.play(over.turn, *over.legal_moves()[0])
        yield "goats", scene_of(public_view(over), names, bots, T)


class Recorded:
    """What one picture drew: each string's font, and each tile's unit (in the line or
    in a label)."""

    def __init__(self) -> None:
        self.fonts: list[ImageFont.FreeTypeFont] = []
        self.line_units: list[float] = []
        self.label_units: list[float] = []


def render_recording(scene: Scene, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, Recorded]:
    seen = Recorded()
    text = ImageDraw.ImageDraw.text

    def recording_text(self: ImageDraw.ImageDraw, xy: Any, string: Any, *a: Any, **k: Any) -> None:
        if str(string).strip():
            seen.fonts.append(k["font"])
        text(self, xy, string, *a, **k)

    def in_line(*a: Any, **k: Any) -> None:
        seen.line_units.append(a[2] if len(a) > 2 else k["unit"])
        draw_tile(*a, **k)

    def in_label(*a: Any, **k: Any) -> None:
        seen.label_units.append(a[2] if len(a) > 2 else k["unit"])
        draw_tile(*a, **k)

    with monkeypatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", recording_text)
        patch.setattr(picture.board, "draw_tile", in_line)
        patch.setattr(picture.seats, "draw_tile", in_label)
        png = render_scene(scene)
    return png, seen


def line_height_on_phone(face: ImageFont.FreeTypeFont, width: int) -> float:
    """The height of the font's line drawn in a picture `width` wide, on a phone."""
    probe = Image.new("L", (400, 200), 0)
    ImageDraw.Draw(probe).text((10, 40), "Hg|", font=face, fill=255)
    scale = PHONE / width
    small = probe.resize((round(400 * scale), round(200 * scale)), Image.Resampling.LANCZOS)
    inked = small.point(lambda v: 255 if v >= 128 else 0).getbbox()
    assert inked is not None
    return inked[3] - inked[1]


def pip_sizes(image: Image.Image) -> list[int]:
    """The width of each round patch of the pips' colour (a pip, a goat's eye)."""
    rgb = image.convert("RGB")
    width = rgb.width
    ink = bytes(PALETTE.pips)
    data = rgb.tobytes()
    todo = {i for i in range(rgb.width * rgb.height) if data[3 * i : 3 * i + 3] == ink}
    sizes = []
    while todo:
        start = todo.pop()
        patch, stack = [start], [start]
        while stack:
            i = stack.pop()
            for j in (i - 1, i + 1, i - width, i + width):
                if j in todo:
                    todo.remove(j)
                    patch.append(j)
                    stack.append(j)
        xs = [i % width for i in patch]
        ys = [i // width for i in patch]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        round_patch = abs(w - h) <= 1 and 0.6 <= len(patch) / (w * h) <= 0.95
        if round_patch and w >= 2:  # a letter's stroke in that colour is not a pip
            sizes.append(w)
    return sizes


@pytest.mark.parametrize(("variant", "players"), CASES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_table_reads_on_a_phone(
    variant: Variant, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, scene in scenes(variant, players, seed):
        png, seen = render_recording(scene, monkeypatch)
        image = Image.open(io.BytesIO(png))
        assert image.width == 720
        assert image.height <= 1.35 * image.width, name  # square, or close to it
        smallest_text = min(line_height_on_phone(face, image.width) for face in set(seen.fonts))
        assert smallest_text >= 9, (name, smallest_text)
        pips = pip_sizes(image)
        assert pips, name
        assert min(pips) * PHONE / image.width >= 3, (name, min(pips))
        if scene.seats[0].tiles is not None and scene.owner is None and seen.line_units:
            # Every hand face up at the hand's end, next to the line's tiles.
            assert min(seen.label_units) >= 0.6 * max(seen.line_units), name


def test_the_measures_catch_what_is_too_small() -> None:
    """A font of 14 pixels, and pips of a unit of 20, are caught."""
    assert line_height_on_phone(ImageFont.truetype(str(picture.board.BOLD), 14), 720) < 9
    image = Image.new("RGB", (200, 100), PALETTE.face)
    draw = ImageDraw.Draw(image)
    r = 20 * 0.1
    draw.ellipse((50 - r, 50 - r, 50 + r, 50 + r), fill=PALETTE.pips)
    assert min(pip_sizes(image)) * PHONE / 720 < 3
