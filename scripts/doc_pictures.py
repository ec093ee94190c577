"""Draws docs/pictures/ again from seeded positions, the way the bot draws them:

    .venv/bin/python scripts/doc_pictures.py

Each picture is written at full size (720 wide, as sent) and, beside it as `-360.png`,
scaled to 360 wide: what a phone shows. Look at them before committing."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.positions import seeded_position
from core.state import Phase
from core.variants import Variant
from core.views import public_view, seat_view
from picture.scene import scene_of
from picture.table import render_scene
from texts import Texts

OUT = Path(__file__).resolve().parents[1] / "docs" / "pictures"
KOZEL_NAMES = ["Саша Кузнецов", "Наталья Владимирова", "Лёха", "Бот 4"]


def main() -> None:
    texts = Texts()
    ru, en = texts.translator("ru"), texts.translator("en")
    fr, it = texts.translator("fr"), texts.translator("it")
    kozel_bots = [False, False, False, True]
    mid = seeded_position(Variant.KOZEL, 4, 21, moves=14)
    over = seeded_position(Variant.KOZEL, 4, 21, moves=None)
    goats = seeded_position(Variant.KOZEL, 4, 3, moves=None)
    while not goats.match_over:
        goats.next_hand()
        while goats.turn is not None and goats.state.phase is Phase.PLAYING:
            goats.play(goats.turn, *goats.legal_moves()[0])
    draw = seeded_position(Variant.DRAW, 2, 3, moves=12)
    block = seeded_position(Variant.BLOCK, 3, 5, moves=9)
    pictures = {
        "kozel-ru": scene_of(public_view(mid), KOZEL_NAMES, kozel_bots, ru),
        "private-kozel-ru": scene_of(seat_view(mid, 0), KOZEL_NAMES, kozel_bots, ru, owner=0),
        "kozel-hand-over-ru": scene_of(public_view(over), KOZEL_NAMES, kozel_bots, ru),
        "kozel-goats-ru": scene_of(public_view(goats), KOZEL_NAMES, kozel_bots, ru),
        "kozel-over-it": scene_of(
            public_view(over), ["Giulia", "Bot 2", "Marco", "Bot 4"], kozel_bots, it
        ),
        "draw-en": scene_of(public_view(draw), ["Élodie", "Bot 1"], [False, True], en),
        "direct-draw-en": scene_of(
            seat_view(draw, 0), ["You", "Bot 1"], [False, True], en, owner=0
        ),
        "block-fr": scene_of(
            public_view(block), ["Camille", "Bot 1", "Bot 2"], [False, True, True], fr
        ),
    }
    for name, scene in pictures.items():
        path = OUT / f"{name}.png"
        path.write_bytes(render_scene(scene))
        image = Image.open(path)
        small = image.resize((360, round(image.height * 360 / image.width)), Image.LANCZOS)
        small.save(OUT / f"{name}-360.png", optimize=True)
        print(path.relative_to(OUT.parents[1]), image.size)


if __name__ == "__main__":
    main()
