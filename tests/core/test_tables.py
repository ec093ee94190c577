"""The engine's lookup tables answer exactly what the placement rules say."""

from __future__ import annotations

import random

import pytest

from core.bits import BIT, bit_of, mask_of
from core.line import End, Line, Move
from core.tables import fitting, known_moves, moves_of, placement
from core.tiles import ALL_TILES, Tile

EVERY_LINE = [Line()] + [Line.from_list([[a, b]]) for a in range(7) for b in range(7)]


def expected_placement(tile: Tile, said: End | None, line: Line) -> Move | None:
    """R4.1, R4.4, R9.13 written out: the end the tile goes to, or None when the
    decision is no legal move."""
    ends = line.ends()
    if ends is None:
        return tile, None  # a lead: the end said is ignored
    left, right = ends
    fits = [end for end, number in ((End.LEFT, left), (End.RIGHT, right)) if tile.has(number)]
    if not fits:
        return None
    if left == right:
        return tile, End.LEFT  # both ends make the same line: one placement
    if said in fits:
        return tile, said
    if said is None and len(fits) == 1:
        return tile, fits[0]
    return None


def test_bit_of_is_the_tiles_bit() -> None:
    assert [bit_of(t) for t in ALL_TILES] == [BIT[t] for t in ALL_TILES]
    assert mask_of(ALL_TILES) == (1 << 28) - 1


def test_fitting_is_every_tile_bearing_an_end_number() -> None:
    """R4.1: a tile fits when one of its halves shows the number of an end."""
    for left in range(7):
        for right in range(7):
            want = mask_of(t for t in ALL_TILES if t.has(left) or t.has(right))
            assert fitting(left, right) == want


@pytest.mark.parametrize("said", [None, End.LEFT, End.RIGHT])
def test_placement_of_every_tile_on_every_line(said: End | None) -> None:
    """R4.1, R4.4, R9.13: the move a decision makes, or None when it is none."""
    for line in EVERY_LINE:
        for tile in ALL_TILES:
            assert placement(tile, said, line) == expected_placement(tile, said, line)


def test_moves_of_a_hand_are_the_lines_moves_however_often_asked() -> None:
    """R4.4: one move per distinct placement, the same from the shared table as from
    the line itself, including for hands that share their playable tiles."""
    rng = random.Random(5)
    for _ in range(3000):
        line = rng.choice(EVERY_LINE[1:])
        hand = sorted(rng.sample(ALL_TILES, rng.randint(1, 9)))
        want = tuple(line.moves(hand))
        assert moves_of(line, hand, mask_of(hand)) == want
        playable = mask_of(hand) & fitting(line.left, line.right)
        assert known_moves(line.left, line.right, playable) == want
        assert moves_of(line, hand, mask_of(hand)) == want
