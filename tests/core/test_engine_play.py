"""Turn order, leads, the choice of end, passes and draws (R2.1, R4, R5, R9.8, R9.13)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.engine import Match
from core.errors import ErrorCode, GameError
from core.events import Drew, HandStarted, Passed, Played, PlayKind
from core.line import End
from tests.core.helpers import (
    BLOCK2_RUN,
    BLOCK2_RUN_MOVES,
    BLOCK4_BLOCKED,
    BLOCK4_BLOCKED_MOVES,
    DRAW2_BLOCKED_AFTER_LAST_DRAW,
    DRAW2_BLOCKED_AFTER_LAST_DRAW_MOVES,
    DRAW2_DRAW_ALL_THEN_PASS,
    DRAW2_DRAW_THEN_AUTO,
    DRAW2_DRAWN_FITS_BOTH,
    DRAW2_DRAWN_FITS_BOTH_MOVES,
    deal,
    end_showing,
    ends,
    of_type,
    play,
    result,
    start,
    tile,
    tiles,
)

# Block game, 3 players: seat 0 leads 6-6; seat 1 holds no 6 and passes; seat 2 lays 5-6;
# seat 0 holds no 5 or 6 and passes; seat 1 lays 1-5.
BLOCK3_PASSES = deal(
    ["6-6 0-0 0-1 0-2 0-3 0-4", "1-1 1-2 1-3 1-4 1-5 2-2", "5-6 2-3 2-4 2-5 3-3 3-4"]
)

# Kozel: seat 0 leads 1-1; seat 1 holds no 1 and passes; seat 2 holds three 1s.
KOZEL_PASS = deal(
    [
        "1-1 0-0 0-4 2-2 3-3 4-6 5-6",
        "0-2 0-3 2-3 2-4 3-4 4-5 5-5",
        "0-1 1-2 1-3 0-5 2-5 3-5 6-6",
        "1-4 1-5 1-6 0-6 2-6 3-6 4-4",
    ]
)


def test_play_goes_clockwise_from_each_seat_to_the_next() -> None:
    """R2.1: seat i is followed by seat (i + 1) mod n."""
    match, events = start("block", 4, BLOCK4_BLOCKED)
    assert of_type(events, Played)[0].seat == 0
    seen = []
    for move in BLOCK4_BLOCKED_MOVES.split():
        seen.append(match.turn)
        play(match, move)
    assert seen == [1, 2, 3, 0, 1, 2, 3, 0, 1]


def test_passes_go_round_clockwise_too() -> None:
    """R2.1, R5.3: after seat 0's lead seat 1 passes and seat 2 plays; then seat 0
    passes and seat 1 plays."""
    match, events = start("block", 3, BLOCK3_PASSES)
    assert of_type(events, Passed) == [Passed(1, (6, 6))]
    assert match.turn == 2
    events = play(match, "6-5")
    assert of_type(events, Passed) == [Passed(0, (5, 6))]
    assert match.turn == 1
    assert list(match.legal_moves()) == [(tile("1-5"), end_showing(match, 5))]


def test_block_game_passes_for_a_seat_that_cannot_play_and_draws_nothing() -> None:
    """R5.3: the pass is automatic; the out-of-play tiles stay where they are."""
    match, events = start("block", 2, BLOCK2_RUN)
    assert [type(e) for e in events] == [HandStarted, Played, Passed]
    assert of_type(events, Passed)[0].seat == 1
    assert len(match.state.rest) == 14
    assert [len(h) for h in match.state.hands] == [6, 7]
    assert match.turn == 0


def test_kozel_passes_for_a_seat_that_cannot_play() -> None:
    """R5.3: nothing is drawn in Kozel; seat 1 holds no 1 after the 1-1 lead."""
    match, events = start("kozel", 4, KOZEL_PASS)
    assert of_type(events, Passed) == [Passed(1, (1, 1))]
    assert not of_type(events, Drew)
    assert match.turn == 2
    assert [len(h) for h in match.state.hands] == [6, 7, 7, 7]


def test_ends_after_a_free_lead_are_the_lead_tiles_halves() -> None:
    """R4.1: seat 0 won the first hand and leads 4-5 by choice in the second."""
    match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_RUN)
    play(match, BLOCK2_RUN_MOVES)
    match.next_hand()
    assert match.turn == 0
    play(match, "4-5")
    assert ends(match) == [4, 5]


def test_laid_tile_must_touch_the_same_number() -> None:
    """R4.1: after 6-6, seat 0's 4-5 bears no 6 and is refused."""
    match, _ = start("block", 2, BLOCK2_RUN)
    with pytest.raises(GameError) as info:
        match.play(0, "4-5")
    assert info.value.code is ErrorCode.TILE_DOES_NOT_FIT
    play(match, "6-5")
    assert ends(match) == [5, 6]


def test_player_who_can_play_gets_the_turn_and_only_fitting_tiles_are_offered() -> None:
    """R4.2: after 6-6 seat 0 holds three 6s: it must lay one; no pass is offered."""
    match, _ = start("block", 2, BLOCK2_RUN)
    assert match.turn == 0
    assert list(match.legal_moves()) == [(t, End.LEFT) for t in tiles("3-6 4-6 5-6")]
    for no_move in (None, "pass", ""):
        with pytest.raises(GameError) as info:
            match.play(0, no_move)
        assert info.value.code is ErrorCode.BAD_TILE


@pytest.mark.parametrize(("variant", "n_players"), [("draw", 2), ("block", 3), ("kozel", 4)])
def test_every_pass_is_by_a_seat_holding_no_fitting_tile(variant: str, n_players: int) -> None:
    """R4.2, R5.1, R5.3: the engine passes only for a seat that cannot play, and a seat
    asked to decide always has a legal move."""
    for seed in range(4):
        match, events = Match.new(variant, n_players, seed=seed)
        while True:
            for passed in of_type(events, Passed):
                hand = match.state.hands[passed.seat]
                assert not any(t.has(n) for t in hand for n in passed.ends), (seed, passed)
            if match.match_over:
                break
            if match.hand_over:
                events = match.next_hand()
                continue
            moves = match.legal_moves()
            assert moves
            events = match.play(match.turn, *moves[0])


def test_tile_fitting_two_different_ends_needs_the_players_choice() -> None:
    """R4.4: ends 4 and 6; 4-6 fits both; each choice gives a different line."""
    match, _ = start("block", 2, BLOCK2_RUN)
    play(match, "6-5 5-5 5-4 4-4")
    assert ends(match) == [4, 6]
    assert [e for t, e in match.legal_moves() if t == tile("4-6")] == [End.LEFT, End.RIGHT]
    with pytest.raises(GameError) as info:
        match.play(0, "4-6")
    assert info.value.code is ErrorCode.END_REQUIRED
    on_four, on_six = match.copy(), match.copy()
    on_four.play(0, "4-6", end_showing(on_four, 4))
    on_six.play(0, "4-6", end_showing(on_six, 6))
    assert ends(on_four) == [6, 6]
    assert ends(on_six) == [4, 4]


def test_tile_fitting_two_equal_ends_is_offered_once() -> None:
    """R4.4: both ends show 6 after the 6-6 lead: 5-6 has a single placement."""
    match, _ = start("block", 2, BLOCK2_RUN)
    assert len([m for m in match.legal_moves() if m[0] == tile("5-6")]) == 1
    match.play(0, "5-6")  # no end needed
    assert ends(match) == [5, 6]


def test_either_end_label_is_accepted_when_both_ends_are_equal() -> None:
    """R9.13: which label is offered is presentation; both give the same line."""
    results = []
    for label in ("left", "right", End.LEFT, End.RIGHT, None):
        match, _ = start("block", 2, BLOCK2_RUN)
        match.play(0, "5-6", label)
        results.append((ends(match), match.turn, len(match.state.hands[0])))
    assert all(r == results[0] for r in results)
    assert results[0][0] == [5, 6]


def test_lead_orientation_does_not_matter() -> None:
    """R9.13: a lead written 5-4 or 4-5 is the same tile; mirror lines are equal."""
    lines = []
    for text in ("4-5", "5-4"):
        match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_RUN)
        play(match, BLOCK2_RUN_MOVES)
        match.next_hand()
        match.play(0, text)
        lines.append(ends(match))
    assert lines == [[4, 5], [4, 5]]


def test_draw_game_draws_until_a_tile_fits_and_lays_it_at_once() -> None:
    """R5.1: seat 1 holds no 6: it draws 3-3, 4-4, then 5-6, which fits one way and is
    laid automatically; the draws are forced, no decision is asked."""
    match, events = start("draw", 2, DRAW2_DRAW_THEN_AUTO)
    drew = of_type(events, Drew)
    assert [(d.seat, d.tile) for d in drew] == [(1, t) for t in tiles("3-3 4-4 5-6")]
    assert [d.boneyard_left for d in drew] == [13, 12, 11]
    assert all(d.ends == (6, 6) for d in drew)
    auto = of_type(events, Played)[-1]
    assert (auto.seat, auto.tile, auto.kind) == (1, tile("5-6"), PlayKind.AUTO)
    assert sorted(match.state.hands[1]) == sorted([*tiles("0-0 0-1 0-2 0-3 0-4 0-5 1-4 3-3 4-4")])
    assert ends(match) == [5, 6]
    assert match.turn == 0
    assert match.state.decisions == []


def test_draw_game_player_holding_a_playable_tile_does_not_draw() -> None:
    """R5.2: seat 0 holds 0-6 and the boneyard still has 11 tiles: no draw, seat 0 plays."""
    match, events = start("draw", 2, DRAW2_DRAW_THEN_AUTO)
    assert not [d for d in of_type(events, Drew) if d.seat == 0]
    assert match.turn == 0
    assert len(match.state.rest) == 11
    assert list(match.legal_moves()) == [(tile("0-6"), end_showing(match, 6))]
    events = play(match, "6-0")
    assert len(match.state.rest) == 11 - len(of_type(events, Drew))


def test_draw_game_drawn_tile_fitting_two_ends_waits_for_the_drawers_choice() -> None:
    """R5.1, R4.4: seat 1 draws 1-5, then 4-6 which fits both the 4 and the 6."""
    match, _ = start("draw", 2, DRAW2_DRAWN_FITS_BOTH)
    events = play(match, DRAW2_DRAWN_FITS_BOTH_MOVES)
    assert [(d.seat, d.tile) for d in of_type(events, Drew)] == [(1, tile("1-5")), (1, tile("4-6"))]
    assert not [p for p in of_type(events, Played) if p.kind is PlayKind.AUTO]
    assert match.turn == 1
    assert list(match.legal_moves()) == [(tile("4-6"), End.LEFT), (tile("4-6"), End.RIGHT)]
    assert match.state.decisions[-1].tile == tile("4-5")  # the draws were not decisions
    on_four = of_type(play(match.copy(), "4-6"), Played)[0]
    on_six = of_type(play(match.copy(), "6-4"), Played)[0]
    assert (on_four.seat, on_four.kind) == (1, PlayKind.CHOICE)
    assert sorted(on_four.ends_after) == [6, 6]
    assert sorted(on_six.ends_after) == [4, 4]


def test_draw_game_player_passes_when_the_boneyard_runs_out() -> None:
    """R5.1: seat 1 draws all 14 tiles, none bears a 6, and passes."""
    match, events = start("draw", 2, DRAW2_DRAW_ALL_THEN_PASS)
    assert len(of_type(events, Drew)) == 14
    assert of_type(events, Passed) == [Passed(1, (6, 6))]
    assert type(events[-1]) is Passed
    assert match.state.rest == []
    assert match.turn == 0


def test_draw_game_whole_boneyard_can_be_drawn_and_drawn_tiles_stay_in_hand() -> None:
    """R9.8: no tile is kept back; the drawer holds 7 + 14 tiles."""
    match, _ = start("draw", 2, DRAW2_DRAW_ALL_THEN_PASS)
    assert len(match.state.hands[1]) == 21
    assert not match.hand_over


def test_draw_game_hand_blocks_at_once_when_the_last_draw_finds_nothing() -> None:
    """R9.8, R6.2: seat 0 draws the last tile, nobody can play: blocked, no pass shown;
    the drawn tiles count in seat 0's hand (72 against 18)."""
    match, _ = start("draw", 2, DRAW2_BLOCKED_AFTER_LAST_DRAW)
    events = play(match, DRAW2_BLOCKED_AFTER_LAST_DRAW_MOVES)
    assert len(of_type(events, Drew)) == 14
    assert not of_type(events, Passed)
    r = result(match)
    assert r.reason.value == "blocked"
    assert r.counts == (72, 18)
    assert (r.winner, r.points) == (1, 54)
    assert len(r.hands_after[0]) == 16


def test_forced_actions_are_not_decisions() -> None:
    """R3.1, R5.1: the forced lead, the draws and the automatic play are the engine's."""
    match, _ = start("draw", 2, DRAW2_DRAW_THEN_AUTO)
    assert match.state.decisions == []
    play(match, "6-0")
    assert [(d.seat, d.tile) for d in match.state.decisions] == [(0, tile("0-6"))]


def test_no_decision_is_awaited_once_the_hand_is_over() -> None:
    match, _ = start("block", 2, BLOCK2_RUN)
    play(match, BLOCK2_RUN_MOVES)
    assert match.hand_over
    assert match.turn is None
    assert match.legal_moves() == ()


@pytest.mark.parametrize(("variant", "n_players"), [("draw", 2), ("block", 4), ("kozel", 4)])
def test_the_fast_path_of_play_matches_check_then_apply(variant: str, n_players: int) -> None:
    """`play` checks the common case inline; `check` then `_apply` is the general path.
    Both must give the same events and the same state, move after move, whichever way
    the move is said: with its end, without it, with an end that is ignored, as text."""
    rng = random.Random(5)
    for _ in range(40):
        match, _ = Match.new(variant, n_players, 50, rng=rng)
        while not match.match_over:
            while not match.hand_over:
                twin = match.copy()
                seat = match.turn
                assert seat is not None
                moves = match.legal_moves()
                tile_, end = moves[rng.randrange(len(moves))]
                said: Any = rng.choice(
                    [end, end.value if end else None]
                    + ([None] if [t for t, _ in moves].count(tile_) == 1 else [])
                    + (
                        [End.LEFT, End.RIGHT]
                        if match.end_number(End.LEFT) == match.end_number(End.RIGHT) or end is None
                        else []
                    )
                )
                told: Any = rng.choice([tile_, str(tile_)])
                events = match.play(seat, told, said)
                assert events == twin._apply(seat, *twin.check(seat, told, said))
                assert match.to_dict() == twin.to_dict()
                assert match.legal_moves() == twin.legal_moves()
            if not match.match_over:
                match.next_hand()
