"""The checked entry points refuse bad input with a precise code and change nothing."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from core.deal import Deal, SeededDealer
from core.engine import Match
from core.errors import ErrorCode, GameError
from core.line import End
from core.tiles import Tile
from tests.core.helpers import (
    BLOCK2_RUN,
    BLOCK2_RUN_MOVES,
    DRAW2_DRAWN_FITS_BOTH,
    DRAW2_DRAWN_FITS_BOTH_MOVES,
    play,
    restored,
    start,
    tile,
)


def after_lead() -> Match:
    """Block game, 2 players: 6-6 led by seat 0, seat 1 passed; seat 0 to move, both
    ends 6. Seat 0 holds 5-6 5-5 4-5 4-4 4-6 3-6; seat 1 holds 3-3 2-3 1-3 2-2 0-3 1-2
    0-2; the rest is out of play."""
    return start("block", 2, BLOCK2_RUN)[0]


def ends_four_and_six() -> Match:
    """As `after_lead`, then 5-6, 5-5, 4-5 and 4-4: ends 4 and 6, seat 0 to move."""
    match = after_lead()
    play(match, "6-5 5-5 5-4 4-4")
    return match


def drawn_tile_due() -> Match:
    """Draw game: seat 1 drew 4-6, which fits the 4 and the 6: seat 1 must lay it."""
    match = start("draw", 2, DRAW2_DRAWN_FITS_BOTH)[0]
    play(match, DRAW2_DRAWN_FITS_BOTH_MOVES)
    return match


def hand_over() -> Match:
    match = after_lead()
    play(match, BLOCK2_RUN_MOVES)
    return match


def match_over() -> Match:
    match = restored(start("block", 2, BLOCK2_RUN, target=50)[0], scores=[40, 0])
    play(match, BLOCK2_RUN_MOVES)
    assert match.match_over
    return match


def free_lead() -> Match:
    """Block game, 2 players, hand 2: seat 0 won hand 1 and leads by choice."""
    match = start("block", 2, BLOCK2_RUN, BLOCK2_RUN)[0]
    play(match, BLOCK2_RUN_MOVES)
    match.next_hand()
    assert match.turn == 0
    return match


BAD_TILES: list[Any] = [
    "9-9",
    "6-7",
    "x",
    "",
    "5-6-",
    "1-2-3",
    "５-６",
    None,
    (1,),
    (1, 2, 3),
    (7, 1),
    (-1, 2),
    (True, 6),
    (5, 6.0),
    [5, 6],
    56,
    b"5-6",
    object(),
]
BAD_ENDS: list[Any] = ["up", "LEFT", "", 0, 1, 3, True, object()]
BAD_SEATS: list[Any] = [2, -1, 10**9, "0", None, True, 0.0]

CASES: list[tuple[str, Callable[[], Match], Any, Any, Any, ErrorCode]] = [
    *[("bad seat", after_lead, seat, "5-6", None, ErrorCode.BAD_SEAT) for seat in BAD_SEATS],
    ("not your turn", after_lead, 1, "3-3", None, ErrorCode.NOT_YOUR_TURN),
    ("held by the other seat", after_lead, 0, "3-3", None, ErrorCode.TILE_NOT_IN_HAND),
    ("already on the line", after_lead, 0, "6-6", None, ErrorCode.TILE_NOT_IN_HAND),
    ("out of play", after_lead, 0, "0-0", None, ErrorCode.TILE_NOT_IN_HAND),
    ("fits neither end", after_lead, 0, "5-5", None, ErrorCode.TILE_DOES_NOT_FIT),
    ("fits neither end, end given", after_lead, 0, "4-4", "left", ErrorCode.TILE_DOES_NOT_FIT),
    ("wrong end", ends_four_and_six, 0, "3-6", "left", ErrorCode.TILE_DOES_NOT_FIT),
    ("fits two ends", ends_four_and_six, 0, "4-6", None, ErrorCode.END_REQUIRED),
    ("drawn tile due", drawn_tile_due, 1, "0-5", None, ErrorCode.MUST_PLAY_DRAWN_TILE),
    ("drawn tile, no end", drawn_tile_due, 1, "4-6", None, ErrorCode.END_REQUIRED),
    ("hand over", hand_over, 1, "3-3", None, ErrorCode.HAND_OVER),
    ("hand over, bad seat", hand_over, 7, "3-3", None, ErrorCode.HAND_OVER),
    ("match over", match_over, 1, "3-3", None, ErrorCode.MATCH_OVER),
    ("match over, junk", match_over, None, None, None, ErrorCode.MATCH_OVER),
    *[("bad tile", after_lead, 0, t, None, ErrorCode.BAD_TILE) for t in BAD_TILES],
    *[("bad end", after_lead, 0, "5-6", end, ErrorCode.BAD_END) for end in BAD_ENDS],
    ("bad end on a lead", free_lead, 0, "4-5", "middle", ErrorCode.BAD_END),
]


@pytest.mark.parametrize(
    ("make", "seat", "tile_", "end", "code"),
    [case[1:] for case in CASES],
    ids=[f"{i}-{case[0]}" for i, case in enumerate(CASES)],
)
def test_play_refuses_a_bad_move_and_changes_nothing(
    make: Callable[[], Match], seat: Any, tile_: Any, end: Any, code: ErrorCode
) -> None:
    situation = make()
    before = situation.to_dict()
    turn, moves = situation.turn, situation.legal_moves()
    with pytest.raises(GameError) as info:
        situation.play(seat, tile_, end)
    assert info.value.code is code
    assert str(info.value).startswith(code.value)
    assert situation.to_dict() == before
    assert (situation.turn, situation.legal_moves()) == (turn, moves)


def test_check_validates_without_applying() -> None:
    match = ends_four_and_six()
    before = match.to_dict()
    assert match.check(0, "6-4", "right") == (tile("4-6"), End.RIGHT)
    assert match.to_dict() == before


@pytest.mark.parametrize("form", ["5-6", "6-5", "5|6", " 5-6 ", (5, 6), (6, 5), Tile(5, 6)])
def test_play_accepts_every_form_of_a_good_tile(form: Any) -> None:
    match = after_lead()
    match.play(0, form)
    assert tile("5-6") not in match.state.hands[0]


@pytest.mark.parametrize("form", ["left", "right", End.LEFT, End.RIGHT])
def test_play_accepts_every_form_of_a_good_end(form: Any) -> None:
    match = ends_four_and_six()
    match.play(0, "4-6", form)
    assert tile("4-6") not in match.state.hands[0]


def test_refused_move_can_be_followed_by_a_good_one() -> None:
    match = ends_four_and_six()
    with pytest.raises(GameError):
        match.play(0, "4-6")
    match.play(0, "4-6", "left")
    assert len(match.state.decisions) == 5


# -- next_hand --------------------------------------------------------------------------


def test_next_hand_is_refused_while_the_hand_is_played() -> None:
    match = after_lead()
    before = match.to_dict()
    with pytest.raises(GameError) as info:
        match.next_hand()
    assert info.value.code is ErrorCode.HAND_NOT_OVER
    assert match.to_dict() == before


def test_next_hand_is_refused_once_the_match_is_over() -> None:
    match = match_over()
    before = match.to_dict()
    with pytest.raises(GameError) as info:
        match.next_hand()
    assert info.value.code is ErrorCode.MATCH_OVER
    assert match.to_dict() == before


def test_next_hand_fails_when_the_scripted_dealer_is_exhausted() -> None:
    match = hand_over()
    with pytest.raises(GameError) as info:
        match.next_hand()
    assert info.value.code is ErrorCode.DEALER_EXHAUSTED


def test_next_hand_refused_by_the_dealer_changes_nothing() -> None:
    match = hand_over()
    before = match.to_dict()
    with pytest.raises(GameError):
        match.next_hand()
    assert match.to_dict() == before


def test_next_hand_refuses_a_bad_scripted_deal() -> None:
    bad = Deal(BLOCK2_RUN.hands, BLOCK2_RUN.rest[:-1])
    match = start("block", 2, BLOCK2_RUN, bad)[0]
    play(match, BLOCK2_RUN_MOVES)
    with pytest.raises(GameError) as info:
        match.next_hand()
    assert info.value.code is ErrorCode.BAD_DEAL


# -- Match.new ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "n_players"),
    [
        ("kozel", 2),
        ("kozel", 3),
        ("kozel", 5),
        ("draw", 1),
        ("draw", 5),
        ("block", 1),
        ("block", 5),
        ("block", 0),
        ("block", "2"),
        ("block", None),
        ("poker", 2),
        ("Kozel", 4),
        ("", 2),
    ],
)
def test_new_refuses_a_variant_or_player_count_the_table_does_not_have(
    variant: Any, n_players: Any
) -> None:
    """R2: draw and block for 2 to 4 players, Kozel for exactly 4."""
    with pytest.raises(GameError) as info:
        Match.new(variant, n_players, seed=1)
    assert info.value.code is ErrorCode.BAD_SETTINGS


def test_new_refuses_a_float_player_count() -> None:
    with pytest.raises(GameError) as info:
        Match.new("block", 2.0, seed=1)
    assert info.value.code is ErrorCode.BAD_SETTINGS


@pytest.mark.parametrize("target", [0, 99, 101, 200, -100, None, "100", True, 100.0])
def test_new_refuses_a_target_other_than_50_100_150(target: Any) -> None:
    """R2.4."""
    with pytest.raises(GameError) as info:
        Match.new("draw", 2, target, seed=1)
    assert info.value.code is ErrorCode.BAD_SETTINGS


@pytest.mark.parametrize(
    "sources",
    [
        {},
        {"seed": 1, "deals": [BLOCK2_RUN]},
        {"seed": 1, "rng": random.Random(1)},
        {"seed": 1, "dealer": SeededDealer(1)},
        {"rng": random.Random(1), "deals": [BLOCK2_RUN]},
    ],
)
def test_new_needs_exactly_one_source_of_deals(sources: dict[str, Any]) -> None:
    with pytest.raises(GameError) as info:
        Match.new("block", 2, **sources)
    assert info.value.code is ErrorCode.BAD_SETTINGS


@pytest.mark.parametrize(
    "sources",
    [{"seed": 5}, {"rng": random.Random(5)}, {"dealer": SeededDealer(5)}, {"deals": [BLOCK2_RUN]}],
)
def test_new_accepts_each_source_of_deals(sources: dict[str, Any]) -> None:
    match, events = Match.new("block", 2, **sources)
    assert events
    assert match.state.hand_no == 1
