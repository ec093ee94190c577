"""A picture's canvas (the felt, framed) and its PNG: the pixels mapped onto the table's
own colours before saving, which loses nothing visible and is what keeps a picture
within the time it may take (in RGB, saving alone took longer than 25 ms)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import astuple
from functools import cache

from PIL import Image, ImageDraw

from picture.tiles import Colour, Palette

# (ground, ink): text antialiased in `ink` over `ground`, whose blends the PNG keeps.
Writing = tuple[Colour, Colour]


def canvas(width: int, height: int, palette: Palette) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The felt, `width` by `height` pixels, and a drawing on it."""
    image = Image.new("RGB", (width, height), palette.felt)
    draw = ImageDraw.Draw(image)
    # A border of darker felt frames the table on either theme.
    rim = max(2, width // 120)
    draw.rectangle((0, 0, width - 1, height - 1), outline=palette.felt_edge, width=rim)
    return image, draw


def png(
    image: Image.Image,
    palette: Palette,
    writings: Sequence[Writing],
    blends: int,
    *,
    optimize: bool,
) -> bytes:
    """`image` as a PNG of the palette's colours and `blends` steps of each writing's
    antialiased text; `optimize` (zlib's hardest, for a picture drawn once) or level 3 (for
    the bot, which draws one at every move: a table then encodes in about 1.8 ms instead
    of 3.6 at level 6 and 17 at level 9, for some 17 KB instead of 12 and 10)."""
    out = io.BytesIO()
    colours = _palette_image(palette, tuple(writings), blends)
    indexed = image.quantize(palette=colours, dither=Image.Dither.NONE)
    if optimize:
        indexed.save(out, format="PNG", optimize=True)
    else:
        indexed.save(out, format="PNG", compress_level=3)
    return out.getvalue()


@cache
def _palette_image(palette: Palette, writings: tuple[Writing, ...], blends: int) -> Image.Image:
    """A 1-pixel image whose palette holds the table's colours and the writings' blends."""
    colours: list[tuple[int, ...]] = list(dict.fromkeys(astuple(palette)))
    for ground, ink in writings:
        for k in range(1, blends):
            colours.append(
                tuple(round(g + (i - g) * k / blends) for g, i in zip(ground, ink, strict=True))
            )
    colours = list(dict.fromkeys(colours))[:256]
    flat = [channel for colour in colours for channel in colour]
    image = Image.new("P", (1, 1))
    # quantize() reads all 256 entries: the rest repeat the felt, never nearer than it.
    image.putpalette(flat + list(palette.felt) * (256 - len(colours)))
    return image
