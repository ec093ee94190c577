"""Picture speed: how long drawing the table takes and how big the PNG is.

    .venv/bin/python benchmarks/picture_speed.py [--pictures N]

Renders N (default 200) pictures of random valid lines of 1 to 28 tiles, drawn from a
seeded `random.Random(0)` (so every run draws the same lines), each with the last tile
and the lead marked, through `picture.board.render_line` at its default size (720 by
1000). One picture is rendered first and left out: it loads the font, once per process.
Prints the render time p50/p99 in milliseconds (`time.perf_counter`) and the bytes per
picture p50/max, each next to its target.

Then the whole table, `picture.table.render_scene` (720 wide, square while a hand is
played, taller with a hand's result), for N seeded positions (every variant and player
count in turn, dealt from seeds 1..N, easy bots playing 0 to 30 decisions of the first
hand), with the same figures.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.positions import seeded_position
from core.variants import Variant
from core.views import public_view
from picture.board import render_line
from picture.scene import Scene, scene_of
from picture.table import render_scene
from texts import Texts

Line = list[tuple[int, int]]

TILES = [(a, b) for a in range(7) for b in range(a, 7)]

P99_MS = 25.0
MAX_BYTES = 120 * 1024
MAX_WIDTH = 1280


def random_line(rng: random.Random, length: int) -> Line:
    """A chain of `length` distinct tiles (each turned to match its neighbour), grown from a
    random end; a draw that runs out of matching tiles is thrown away and drawn again."""
    while True:
        end = rng.randrange(7)
        line: Line = []
        left = TILES.copy()
        while len(line) < length:
            fits = [t for t in left if end in t]
            if not fits:
                break
            tile = rng.choice(fits)
            left.remove(tile)
            turned = tile if tile[0] == end else (tile[1], tile[0])
            line.append(turned)
            end = turned[1]
        if len(line) == length:
            return line


CASES = [(Variant.DRAW, n) for n in (2, 3, 4)] + [(Variant.BLOCK, n) for n in (2, 3, 4)]
CASES.append((Variant.KOZEL, 4))


def seeded_scene(seed: int) -> Scene:
    """The group picture of a seeded position: a hand in play, easy bots at every seat."""
    variant, players = CASES[seed % len(CASES)]
    match = seeded_position(variant, players, seed, random.Random(seed).randint(0, 30))
    names = [f"Игрок {i}" for i in range(players)]
    bots = [i > 0 for i in range(players)]
    return scene_of(public_view(match), names, bots, Texts().translator("ru"))


def report(label: str, times: list[float], sizes: list[float], widest: int) -> None:
    p99 = percentile(times, 99)
    print(label)
    print(
        f"render ms   p50 {statistics.median(times):6.1f}   p99 {p99:6.1f}"
        f"   target p99 <= {P99_MS:.0f} ms   {'ok' if p99 <= P99_MS else 'MISSED'}"
    )
    print(
        f"bytes       p50 {statistics.median(sizes):6.0f}   max {max(sizes):6.0f}"
        f"   target <= {MAX_BYTES} ({MAX_BYTES // 1024} KB)"
        f"   {'ok' if max(sizes) <= MAX_BYTES else 'MISSED'}"
    )
    print(
        f"width px    max {widest}   target <= {MAX_WIDTH}"
        f"   {'ok' if widest <= MAX_WIDTH else 'MISSED'}"
    )


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pictures", type=int, default=200)
    args = parser.parse_args(argv)
    rng = random.Random(0)
    lines = [random_line(rng, rng.randint(1, 28)) for _ in range(args.pictures)]
    render_line(lines[0], last=len(lines[0]) - 1, lead=0)
    times: list[float] = []
    sizes: list[float] = []
    widest = 0
    for line in lines:
        start = time.perf_counter()
        png = render_line(line, last=len(line) - 1, lead=0)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
        widest = max(widest, Image.open(io.BytesIO(png)).width)
    report(f"{len(lines)} pictures of 1..28 tiles, 720x1000", times, sizes, widest)
    scenes = [seeded_scene(seed) for seed in range(1, args.pictures + 1)]
    render_scene(scenes[0])
    times, sizes, widest, tallest = [], [], 0, 0
    for scene in scenes:
        start = time.perf_counter()
        png = render_scene(scene)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
        size = Image.open(io.BytesIO(png)).size
        widest, tallest = max(widest, size[0]), max(tallest, size[1])
    print()
    label = (
        f"{len(scenes)} whole tables (render_scene) of seeded positions, up to {widest}x{tallest}"
    )
    report(label, times, sizes, widest)


if __name__ == "__main__":
    main()
