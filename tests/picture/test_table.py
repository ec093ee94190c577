"""The whole table as a PNG: small, square while a hand is played, the same every time,
every area inside the picture and apart, Cyrillic names drawn, a name of emoji drawn as a
stand-in, and two positions compared with committed pictures.

Regenerate the golden pictures after a deliberate change of the drawing with
    DOMINOES_UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/picture/test_table.py
and look at them before committing."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from core.positions import seeded_position as position
from core.variants import Variant
from core.views import public_view, seat_view
from picture.board import has_glyph
from picture.scene import Scene, scene_of
from picture.seats import fitted
from picture.table import areas, render_scene
from picture.tiles import PALETTE
from tests.picture.positions import CASES
from texts import Texts

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("DOMINOES_UPDATE_GOLDEN") == "1"
TEXTS = Texts()


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def kozel_group() -> Scene:
    match = position(Variant.KOZEL, 4, 7, moves=14)
    names = ["Алексей Петров-Водкин", "Бот 1", "Мария", "Бот 3"]
    return scene_of(public_view(match), names, [False, True, False, True], TEXTS.translator("ru"))


def draw_private() -> Scene:
    match = position(Variant.DRAW, 2, 3, moves=12)
    view = seat_view(match, 0)
    return scene_of(view, ["Élodie", "Bot 1"], [False, True], TEXTS.translator("en"), owner=0)


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_the_picture_is_small_square_and_the_same_every_time(
    variant: Variant, players: int
) -> None:
    match = position(variant, players, 11, moves=6)
    t = TEXTS.translator("en")
    scene = scene_of(public_view(match), ["Ann"] * players, [True] * players, t)
    png = render_scene(scene)
    image = opened(png)
    assert image.size == (720, 720)
    assert len(png) <= 120 * 1024
    assert render_scene(scene) == png


@pytest.mark.parametrize(("variant", "players"), CASES)
@pytest.mark.parametrize("owner", [None, 0])
@pytest.mark.parametrize("over", [False, True])
def test_areas_lie_inside_and_apart(
    variant: Variant, players: int, owner: int | None, over: bool
) -> None:
    match = position(variant, players, 4, moves=None if over else 8)
    view = public_view(match) if owner is None else seat_view(match, owner)
    scene = scene_of(view, ["Ann"] * players, [False] * players, TEXTS.translator("en"), owner)
    where = areas(scene)
    picture = type(where.line)(0, 0, 720, where.height)
    boxes = [where.header, where.line, *where.seats]
    assert len(where.seats) == players
    assert 720 <= where.height <= 1.35 * 720
    for i, box in enumerate(boxes):
        assert box.w > 0
        assert box.h > 0
        assert box.inside(picture)
        for other in boxes[i + 1 :]:
            assert not box.overlaps(other)


def test_the_owner_sits_at_the_bottom() -> None:
    scene = draw_private()
    assert scene.owner == 0
    assert scene.seats[0].tiles is not None


def _name_strip(png: bytes, scene: Scene) -> Image.Image:
    bottom = areas(scene).seats[0]
    box = (round(bottom.x) + 10, round(bottom.y) + 6, round(bottom.x) + 260, round(bottom.y) + 36)
    return opened(png).crop(box)


@pytest.mark.parametrize("name", ["Жанна", "Ёлка Щукина", "Łukasz Ørsted"])
def test_names_in_cyrillic_and_with_accents_are_drawn(name: str) -> None:
    match = position(Variant.BLOCK, 2, 5, moves=4)
    t = TEXTS.translator("ru")
    scene = scene_of(public_view(match), [name, "Бот"], [False, True], t)
    shown = render_scene(scene)
    other = render_scene(scene_of(public_view(match), ["Ббббб", "Бот"], [False, True], t))
    strip = _name_strip(shown, scene)
    colours = strip.getcolors(maxcolors=4096) or []
    ink = sum(count for count, colour in colours if colour == PALETTE.label)
    assert ink > 20, "no text-coloured pixels where the name goes"
    # A font without the letters would draw the same empty boxes for any name.
    assert ImageChops.difference(strip, _name_strip(other, scene)).getbbox() is not None


def test_what_the_font_cannot_draw_is_left_out_of_a_name() -> None:
    assert not has_glyph("🐺")
    assert not has_glyph("中")
    assert all(has_glyph(c) for c in "Жé Łø★")
    assert fitted("Саша 🐺", 22, 500)[1] == "Саша"
    assert fitted("🐺🎲", 22, 500)[1] == "?"  # nothing drawable: a question mark, not boxes


def test_a_name_of_emoji_is_drawn_as_the_player_by_their_seat() -> None:
    match = position(Variant.BLOCK, 2, 5, moves=4)
    t = TEXTS.translator("en")
    emoji = render_scene(scene_of(public_view(match), ["🐺🎲", "Bot"], [False, True], t))
    stand_in = render_scene(scene_of(public_view(match), ["Player 1", "Bot"], [False, True], t))
    assert ImageChops.difference(opened(emoji), opened(stand_in)).getbbox() is None


def _compare(name: str, png: bytes) -> None:
    path = GOLDEN / name
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"{path} is missing: run with DOMINOES_UPDATE_GOLDEN=1 to write it")
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    got, want = opened(png), opened(path.read_bytes())
    assert got.size == want.size
    red, green, blue = ImageChops.difference(got, want).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    far = sum(largest.histogram()[17:])
    share = far / (got.width * got.height)
    assert share <= 0.005, (
        f"{name}: {share:.2%} of pixels differ from the golden picture. If the change is "
        "meant, regenerate with DOMINOES_UPDATE_GOLDEN=1 .venv/bin/python -m pytest "
        "tests/picture/test_table.py, look at tests/picture/golden/ and commit it"
    )


def test_a_kozel_group_picture_matches_its_golden() -> None:
    _compare("kozel_group_ru.png", render_scene(kozel_group()))


def test_a_private_draw_picture_matches_its_golden() -> None:
    _compare("draw_private_en.png", render_scene(draw_private()))
