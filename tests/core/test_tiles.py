"""Tiles of the double-six set (R1)."""

from __future__ import annotations

import pytest

from core.errors import ErrorCode, GameError
from core.tiles import ALL_TILES, DOUBLES, Tile, format_tiles, parse_tiles, pip_count
from tests.core.helpers import tile, tiles


def test_double_six_set_has_each_of_the_28_tiles_once() -> None:
    """R1.1: 28 tiles a-b with 0 <= a <= b <= 6, each exactly once."""
    expected = {(a, b) for a in range(7) for b in range(a, 7)}
    assert len(ALL_TILES) == 28
    assert {(t.low, t.high) for t in ALL_TILES} == expected
    assert all(0 <= t.low <= t.high <= 6 for t in ALL_TILES)


def test_tile_halves_are_normalised_whatever_their_order() -> None:
    """R1.1: 5-3 and 3-5 are the same tile of the set, and the same object."""
    assert Tile.of(5, 3) == Tile.of(3, 5) == Tile(3, 5)
    assert Tile.parse("5-3") is Tile.parse("3-5")
    assert Tile.parse(" 3|5 ") == Tile(3, 5)
    assert str(Tile.of(6, 2)) == "2-6"


@pytest.mark.parametrize("text", ["7-1", "9-9", "x", "", "1-2-3", "-1-2", "12", "1 2", "٣-٤"])
def test_text_that_is_not_a_tile_of_the_set_is_refused(text: str) -> None:
    """R1.1: only the 28 tiles of the double-six set exist."""
    with pytest.raises(GameError) as info:
        Tile.parse(text)
    assert info.value.code is ErrorCode.BAD_TILE


@pytest.mark.parametrize(("a", "b"), [(7, 0), (-1, 3), (0, 7)])
def test_halves_outside_zero_to_six_are_refused(a: int, b: int) -> None:
    """R1.1."""
    with pytest.raises(GameError) as info:
        Tile.of(a, b)
    assert info.value.code is ErrorCode.BAD_TILE


def test_doubles_are_the_seven_tiles_with_equal_halves() -> None:
    """R1.2: 0-0, 1-1 ... 6-6."""
    assert [str(t) for t in DOUBLES] == [f"{n}-{n}" for n in range(7)]
    assert tile("4-4").is_double
    assert not tile("4-5").is_double
    assert sum(t.is_double for t in ALL_TILES) == 7


def test_tile_value_is_the_sum_of_its_halves() -> None:
    """R1.3: 6-6 is 12, 2-5 is 7, 0-0 is 0."""
    assert tile("6-6").value == 12
    assert tile("2-5").value == 7
    assert tile("0-0").value == 0


def test_pip_count_of_a_hand_is_the_sum_of_its_tile_values() -> None:
    """R1.3: the whole set holds 168 pips."""
    assert pip_count(tiles("6-6 2-5 0-0 1-3")) == 12 + 7 + 0 + 4
    assert pip_count([]) == 0
    assert pip_count(ALL_TILES) == 168


def test_heavier_tile_of_equal_value_is_the_one_with_the_higher_half() -> None:
    """R9.1 (R3.1): 6-3 beats 5-4; value comes first."""
    assert tile("3-6").heavier_key() > tile("4-5").heavier_key()
    assert tile("4-6").heavier_key() > tile("3-6").heavier_key()
    heaviest = max(tiles("4-5 3-6 2-6 1-6"), key=Tile.heavier_key)
    assert heaviest == tile("3-6")


def test_tile_knows_its_numbers_and_the_half_opposite_a_number() -> None:
    """R4.1: the touching halves bear the same number; the other half becomes the end."""
    t = tile("2-5")
    assert t.has(2)
    assert t.has(5)
    assert not t.has(3)
    assert t.other(2) == 5
    assert t.other(5) == 2
    assert tile("4-4").other(4) == 4


def test_ordinal_numbers_the_set_from_0_to_27() -> None:
    assert [t.ordinal for t in ALL_TILES] == list(range(28))


def test_tile_lists_format_sorted_and_parse_back() -> None:
    hand = tiles("6-6 0-1 3-4")
    assert format_tiles(hand) == ["0-1", "3-4", "6-6"]
    assert parse_tiles(format_tiles(hand)) == sorted(hand)
