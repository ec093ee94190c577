"""The line of play: two open ends, attaching tiles (R4.1, R4.3, R4.4, R9.13)."""

from __future__ import annotations

from core.line import End, Line
from tests.core.helpers import tile


def line_of(lead: str, *moves: tuple[str, End]) -> Line:
    line = Line()
    line.attach(tile(lead), None)
    for text, end in moves:
        assert end in line.placements(tile(text)), (text, end, line.ends())
        line.attach(tile(text), end)
    return line


def test_empty_line_accepts_any_tile_as_a_lead() -> None:
    line = Line()
    assert line.is_empty
    assert line.ends() is None
    assert line.fits(tile("2-5"))
    assert line.placements(tile("2-5")) == [None]


def test_after_the_lead_the_ends_are_the_lead_tiles_two_halves() -> None:
    """R4.1."""
    line = line_of("2-5")
    assert sorted(line.ends() or ()) == [2, 5]
    assert not line.is_empty


def test_attached_tile_touches_with_the_same_number_and_its_other_half_becomes_the_end() -> None:
    """R4.1: 3-5 laid against the 5 leaves a 3 there."""
    line = line_of("2-5")
    end = End.LEFT if line.number_at(End.LEFT) == 5 else End.RIGHT
    line.attach(tile("3-5"), end)
    assert line.number_at(end) == 3
    assert sorted(line.ends() or ()) == [2, 3]
    assert len(line.chain) == 2
    for (_, right), (left, _) in zip(line.chain, line.chain[1:], strict=False):
        assert right == left  # every junction touches equal numbers


def test_tile_bearing_neither_end_number_does_not_fit() -> None:
    """R4.1."""
    line = line_of("2-5")
    assert not line.fits(tile("3-4"))
    assert line.placements(tile("3-4")) == []


def test_double_never_opens_a_branch() -> None:
    """R4.3: 6-6, then 5-6 and 4-6 on both sides: the 6s of the double are covered,
    a 6 fits nowhere, and the line still has exactly two ends."""
    line = line_of("6-6", ("5-6", End.LEFT), ("4-6", End.RIGHT))
    assert line.ends() == (5, 4)
    assert line.placements(tile("2-6")) == []
    assert not line.fits(tile("6-0"))


def test_double_laid_crosswise_keeps_the_end_number() -> None:
    """R4.3: a double on a 5 leaves a 5; there are still two ends."""
    line = line_of("5-6", ("5-5", End.LEFT))
    assert line.ends() == (5, 6)
    assert line.chain[0] == (5, 5)


def test_tile_fitting_two_different_ends_offers_both_placements() -> None:
    """R4.4: ends 6 and 4; 4-6 fits both, the player chooses, and the choices differ."""
    line = line_of("1-4", ("1-6", End.LEFT))
    assert line.ends() == (6, 4)
    assert line.placements(tile("4-6")) == [End.LEFT, End.RIGHT]
    on_six, on_four = line.copy(), line.copy()
    on_six.attach(tile("4-6"), End.LEFT)
    on_four.attach(tile("4-6"), End.RIGHT)
    assert on_six.ends() == (4, 4)
    assert on_four.ends() == (6, 6)


def test_tile_fitting_two_equal_ends_offers_one_placement() -> None:
    """R4.4, R9.13: both ends show 6: either side gives the same line, one is offered."""
    line = line_of("6-6")
    assert line.placements(tile("3-6")) == [End.LEFT]
    a, b = line.copy(), line.copy()
    a.attach(tile("3-6"), End.LEFT)
    b.attach(tile("3-6"), End.RIGHT)
    assert sorted(a.ends() or ()) == sorted(b.ends() or ()) == [3, 6]
    assert a.chain == [(right, left) for left, right in reversed(b.chain)]  # mirror images


def test_copy_is_independent_of_the_original() -> None:
    line = line_of("2-5")
    twin = line.copy()
    twin.attach(tile("5-5"), End.RIGHT if twin.right == 5 else End.LEFT)
    assert len(line.chain) == 1
    assert len(twin.chain) == 2


def test_line_round_trips_through_a_list() -> None:
    line = line_of("6-6", ("5-6", End.LEFT), ("4-6", End.RIGHT), ("4-4", End.RIGHT))
    again = Line.from_list(line.to_list())
    assert again.chain == line.chain
    assert again.ends() == line.ends() == (5, 4)
    assert Line.from_list([]).is_empty
