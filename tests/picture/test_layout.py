"""The snake layout: tiles never overlap, stay in the frame, touch along the line, and doubles
lie across; fit() finds a legible unit for a whole set on a phone-shaped frame."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from core.engine import Match
from core.views import public_view
from picture.layout import Box, Placed, fit, joints, lay_out
from picture.scene import marks

Line = list[tuple[int, int]]

# All 28 tiles of a double-six set in one line.
FULL: Line = [
    *((0, 0), (0, 1), (1, 1), (1, 2), (2, 0), (0, 3), (3, 1), (1, 4), (4, 0), (0, 5)),
    *((5, 1), (1, 6), (6, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 2), (2, 5), (5, 3)),
    *((3, 6), (6, 4), (4, 4), (4, 5), (5, 5), (5, 6), (6, 6), (6, 0)),
]

PHONE = Box(280, 0, 720, 1000)  # centred in a 1280-wide picture
SMALL_PHONE = Box(0, 0, 640, 900)


def is_line(line: Line) -> bool:
    chained = all(a[1] == b[0] for a, b in itertools.pairwise(line))
    distinct = len({tuple(sorted(t)) for t in line}) == len(line)
    return chained and distinct and all(0 <= p <= 6 for t in line for p in t)


@st.composite
def lines(draw: st.DrawFn) -> Line:
    """A valid line: a chain of distinct tiles, grown from a random end while it can."""
    length = draw(st.integers(0, 28))
    line: Line = []
    end = draw(st.integers(0, 6))
    used: set[tuple[int, int]] = set()
    while len(line) < length:
        options = [p for p in range(7) if (min(end, p), max(end, p)) not in used]
        if not options:
            break
        nxt = draw(st.sampled_from(options))
        line.append((end, nxt))
        used.add((min(end, nxt), max(end, nxt)))
        end = nxt
    return line


frames = st.builds(
    Box,
    x=st.integers(0, 300).map(float),
    y=st.integers(0, 300).map(float),
    w=st.integers(150, 900).map(float),
    h=st.integers(150, 1300).map(float),
)
units = st.integers(16, 80).map(lambda n: n / 2)


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def check(line: Line, frame: Box, unit: float, placed: list[Placed]) -> None:
    """Every invariant of a layout."""
    assert [p.index for p in placed] == list(range(len(line)))
    assert [p.tile for p in placed] == line
    for p in placed:
        assert p.box.inside(frame), p
        long, short = max(p.box.w, p.box.h), min(p.box.w, p.box.h)
        assert math.isclose(long, 2 * unit)
        assert math.isclose(short, unit)
        assert p.across == (p.tile[0] == p.tile[1])
        for half in (p.first, p.second):
            assert p.box.x < half[0] < p.box.right
            assert p.box.y < half[1] < p.box.bottom
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            assert not a.box.overlaps(b.box), (a, b)
    for a, b in itertools.pairwise(placed):
        # A tile's `second` meets the next tile's `first`; a double across meets at its centre.
        assert distance(joints(a)[1], joints(b)[0]) <= unit * 1.5 + 1e-6, (a, b)
    for i, p in enumerate(placed):
        if p.across:
            # The snake's way at a double: from a neighbour's joint to the double's centre.
            if i > 0:
                other = joints(placed[i - 1])[1]
            elif i + 1 < len(placed):
                other = joints(placed[i + 1])[0]
            else:
                continue  # a lone double has no way to lie across
            dx, dy = abs(p.box.centre[0] - other[0]), abs(p.box.centre[1] - other[1])
            assert (dx > dy) == (p.box.h > p.box.w), p
        else:
            # The halves follow the snake's way, so the long side lies along it.
            dx, dy = abs(p.second[0] - p.first[0]), abs(p.second[1] - p.first[1])
            assert (dx > dy) == (p.box.w > p.box.h), p


def test_full_line_is_a_line() -> None:
    assert len(FULL) == 28
    assert is_line(FULL)


@given(lines())
def test_generated_lines_are_lines(line: Line) -> None:
    assert is_line(line)


@settings(max_examples=300)
@given(lines(), frames, units)
def test_any_layout_keeps_the_invariants(line: Line, frame: Box, unit: float) -> None:
    placed = lay_out(line, frame, unit)
    event("fits" if placed is not None else "does not fit")
    if placed is not None:
        check(line, frame, unit, placed)


@settings(max_examples=150)
@given(lines(), st.sampled_from([PHONE, SMALL_PHONE, Box(10, 20, 300, 500)]))
def test_fit_keeps_the_invariants(line: Line, frame: Box) -> None:
    unit, placed = fit(line, frame)
    check(line, frame, unit, placed)


@pytest.mark.parametrize("length", [1, 2, 7, 13, 20, 28])
@pytest.mark.parametrize("frame", [PHONE, SMALL_PHONE, Box(0, 0, 360, 500)])
def test_explicit_lengths(length: int, frame: Box) -> None:
    unit, placed = fit(FULL[:length], frame)
    check(FULL[:length], frame, unit, placed)


def test_the_snake_bends() -> None:
    """In a narrow frame the line comes back the other way below, turning on an upright tile."""
    placed = lay_out(FULL, Box(0, 0, 300, 1000), 20)
    assert placed is not None
    check(FULL, Box(0, 0, 300, 1000), 20, placed)
    upright = [p for p in placed if not p.across and p.box.h > p.box.w]
    assert upright
    turn = upright[0].index
    assert placed[turn + 1].box.y > placed[turn - 1].box.y
    assert placed[turn + 2].box.x < placed[turn + 1].box.x  # heading left now


def test_an_empty_line_lays_out_as_nothing() -> None:
    assert lay_out([], PHONE, 40) == []
    assert fit([], PHONE) == (40.0, [])


def test_a_double_joins_at_its_centre() -> None:
    placed = lay_out([(1, 2), (2, 2), (2, 3)], PHONE, 20)
    assert placed is not None
    double = placed[1]
    assert joints(double) == (double.box.centre, double.box.centre)
    assert distance(joints(placed[0])[1], double.box.centre) == pytest.approx(20)
    assert distance(double.box.centre, joints(placed[2])[0]) == pytest.approx(20)


def test_too_small_a_frame_gives_none() -> None:
    assert lay_out(FULL, Box(0, 0, 100, 100), 40) is None
    assert lay_out(FULL, PHONE, 200) is None
    assert lay_out([(3, 4)], Box(0, 0, 50, 50), 40) is None


def test_fit_gives_up_below_the_minimum() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        fit(FULL, Box(0, 0, 60, 60))


@pytest.mark.parametrize("frame", [PHONE, SMALL_PHONE])
def test_a_whole_set_is_legible_on_a_phone(frame: Box) -> None:
    unit, placed = fit(FULL, frame)
    assert unit >= 22
    check(FULL, frame, unit, placed)


@pytest.mark.parametrize("frame", [PHONE, SMALL_PHONE, Box(0, 0, 300, 400), Box(0, 0, 200, 300)])
def test_shorter_lines_are_never_drawn_smaller(frame: Box) -> None:
    sizes = [fit(FULL[:n], frame)[0] for n in (1, 2, 7, 13, 20, 28)]
    assert sizes == sorted(sizes, reverse=True)


def test_fit_shrinks_when_it_must() -> None:
    """The small frame really forces a smaller unit, so the monotone test above means something."""
    assert fit(FULL, Box(0, 0, 300, 400))[0] < fit(FULL[:7], Box(0, 0, 300, 400))[0]


@settings(max_examples=150)
@given(lines(), st.data())
def test_a_line_grown_at_its_ends_never_gets_a_larger_unit(line: Line, data: st.DataObject) -> None:
    """As a hand goes on, tiles are laid at either end of the same lead: the line's
    tiles never grow (they may shrink to fit)."""
    frame = Box(0, 0, 300, 400)
    if not line:
        return
    lead = data.draw(st.integers(0, len(line) - 1))
    start = data.draw(st.integers(0, lead))
    end = data.draw(st.integers(lead + 1, len(line)))
    smaller = fit(line[start:end], frame, lead=lead - start)[0]
    assert smaller >= fit(line, frame, lead=lead)[0]


def final_lines(variant: str, players: int, games: int) -> Iterator[tuple[Line, int | None]]:
    """The line at the end of each of `games` random hands, and its lead's index."""
    for seed in range(games):
        match, _ = Match.new(variant, players, 100, seed=seed)
        moves = random.Random(seed)
        while not match.hand_over:
            turn = match.turn
            assert turn is not None
            match.play(turn, *moves.choice(match.legal_moves()))
        view = public_view(match)
        yield [(a, b) for a, b in view.line], marks(view)[0]


def touching(a: Box, b: Box) -> bool:
    """Whether two boxes overlap or share any part of an edge or a corner."""
    return (
        a.x <= b.right + 1e-6
        and b.x <= a.right + 1e-6
        and a.y <= b.bottom + 1e-6
        and (b.y <= a.bottom + 1e-6)
    )


@pytest.mark.parametrize(("variant", "players"), [("draw", 2), ("block", 4), ("kozel", 4)])
def test_the_arms_never_cross_and_each_tile_touches_only_its_neighbours(
    variant: str, players: int
) -> None:
    """Over the final lines of 1,000 random hands: the left arm keeps to the lead's row
    and above, the right arm to the lead's row and below, each on its own side of the
    lead in that row; consecutive tiles touch and no others do."""
    frame = Box(24, 24, 672, 380)  # the felt of a square picture, its margins taken
    for line, lead in final_lines(variant, players, 1000):
        unit, placed = fit(line, frame, max_unit=36.0, min_unit=6.0, lead=lead)
        check(line, frame, unit, placed)
        assert lead is not None
        centre = placed[lead].box
        row = centre.y + centre.h / 2
        for p in placed[:lead]:
            assert p.box.bottom <= row + unit + 1e-6, (line, lead, p)
            if abs(p.box.y + p.box.h / 2 - row) < 1e-6:
                assert p.box.right <= centre.x + 1e-6
        for p in placed[lead + 1 :]:
            assert p.box.y >= row - unit - 1e-6, (line, lead, p)
            if abs(p.box.y + p.box.h / 2 - row) < 1e-6:
                assert p.box.x >= centre.right - 1e-6
        for i, a in enumerate(placed):
            for b in placed[i + 2 :]:
                assert not touching(a.box, b.box), (line, lead, a, b)
        for a, b in itertools.pairwise(placed):
            assert touching(a.box, b.box), (a, b)
