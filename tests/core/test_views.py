"""What a seat sees and what everyone sees (R8, R9.12)."""

from __future__ import annotations

import dataclasses

import pytest

from core.engine import Match
from core.events import Drew, HandResult, Passed, Played, PlayKind, Redealt
from core.state import Phase
from core.tiles import Tile
from core.views import PublicView, SeatView, public_view, seat_view
from tests.core.helpers import (
    BLOCK2_RUN,
    BLOCK2_RUN_MOVES,
    DRAW2_DRAW_ALL_THEN_PASS,
    DRAW2_DRAW_THEN_AUTO,
    KOZEL_EGGS,
    KOZEL_FISH_CHAIN,
    KOZEL_FIVE_DOUBLES,
    after_lead,
    of_type,
    play,
    start,
    tiles,
    tiles_in,
)


def secret_tiles_seen(view: PublicView) -> set[Tile]:
    """Tiles in `view` that are neither on the line nor (for a seat view) in its hand;
    results of earlier hands are public history and are skipped."""
    allowed = {Tile.of(a, b) for a, b in view.line}
    if isinstance(view, SeatView):
        allowed |= set(view.hand)
    current = dataclasses.replace(view, results=())
    return set(tiles_in(current)) - allowed


def assert_nothing_secret(match: Match) -> None:
    """R8.2: while a hand is played, no view holds another seat's tile, a boneyard
    tile or an out-of-play tile."""
    if match.hand_over:
        return
    views: list[PublicView] = [public_view(match)]
    views += [seat_view(match, seat) for seat in range(match.settings.n_players)]
    for view in views:
        assert not secret_tiles_seen(view), (view.hand_no, secret_tiles_seen(view))
        assert view.revealed is None
        assert all(r.hand_no < view.hand_no for r in view.results)


def test_everyone_sees_the_line_turn_hand_sizes_boneyard_scores_and_target() -> None:
    """R8.1: after 6-6, seat 1 drew three tiles and laid 5-6."""
    match, _ = start("draw", 2, DRAW2_DRAW_THEN_AUTO)
    view = public_view(match)
    assert (view.variant.value, view.n_players, view.target, view.hand_no) == ("draw", 2, 100, 1)
    assert view.phase is Phase.PLAYING
    assert view.turn == 0
    assert len(view.line) == 2
    assert sorted(view.ends or ()) == [5, 6]
    assert view.hand_sizes == (6, 9)
    assert view.boneyard_size == 11
    assert view.out_of_play == 0
    assert view.scores == (0, 0)
    assert not view.has_teams


def test_block_game_shows_how_many_tiles_are_out_of_play_not_which() -> None:
    """R8.1, R8.2: 14 tiles out of play, no boneyard."""
    match, _ = start("block", 2, BLOCK2_RUN)
    view = seat_view(match, 1)
    assert (view.boneyard_size, view.out_of_play) == (0, 14)
    assert not set(tiles_in(view)) & set(match.state.rest)


def test_kozel_view_shows_team_scores_and_carried_eggs() -> None:
    """R8.1, R7.3."""
    match, _ = start("kozel", 4, KOZEL_EGGS, KOZEL_EGGS)
    play(match, after_lead(KOZEL_FISH_CHAIN))
    view = seat_view(match, 3)
    assert view.has_teams
    assert view.scores == (0, 0)
    assert view.eggs == 120


def test_seat_sees_its_own_hand_and_no_other() -> None:
    """R8.2."""
    match, _ = start("block", 2, BLOCK2_RUN)
    view = seat_view(match, 1)
    assert view.seat == 1
    assert view.hand == tuple(tiles("0-2 0-3 1-2 1-3 2-2 2-3 3-3"))
    assert not secret_tiles_seen(view)
    assert not set(tiles_in(view)) & set(match.state.hands[0])


def test_only_the_seat_to_move_is_shown_legal_moves() -> None:
    match, _ = start("block", 2, BLOCK2_RUN)
    assert seat_view(match, 0).legal_moves == tuple(match.legal_moves())
    assert seat_view(match, 0).legal_moves
    assert seat_view(match, 1).legal_moves == ()


def test_drawn_tiles_are_shown_to_the_drawer_only() -> None:
    """R8.4: the others learn how many tiles were drawn, the drawer which."""
    match, _ = start("draw", 2, DRAW2_DRAW_THEN_AUTO)
    mine = of_type(seat_view(match, 1).history, Drew)
    theirs = of_type(seat_view(match, 0).history, Drew)
    everyone = of_type(public_view(match).history, Drew)
    assert [d.tile for d in mine] == tiles("3-3 4-4 5-6")
    assert [d.tile for d in theirs] == [None, None, None]
    assert [d.tile for d in everyone] == [None, None, None]
    assert [d.boneyard_left for d in theirs] == [13, 12, 11]
    assert [d.tile for d in of_type(match.state.log, Drew)] == tiles("3-3 4-4 5-6")  # kept


def test_whole_boneyard_drawn_is_hidden_from_the_other_seat() -> None:
    """R8.2, R8.4: seat 1 drew all 14 tiles; seat 0 sees 14 draws and no tile."""
    match, _ = start("draw", 2, DRAW2_DRAW_ALL_THEN_PASS)
    view = seat_view(match, 0)
    assert len(of_type(view.history, Drew)) == 14
    assert view.hand_sizes == (6, 21)
    assert not secret_tiles_seen(view)
    assert len(set(seat_view(match, 1).hand)) == 21


def test_forced_actions_are_announced_in_the_history() -> None:
    """R8.4: the automatic lead, the draws, the automatic play and the pass."""
    match, _ = start("draw", 2, DRAW2_DRAW_THEN_AUTO)
    kinds = [p.kind for p in of_type(public_view(match).history, Played)]
    assert kinds == [PlayKind.FORCED_LEAD, PlayKind.AUTO]
    match, _ = start("block", 2, BLOCK2_RUN)
    assert of_type(public_view(match).history, Passed) == [Passed(1, (6, 6))]


def test_kozel_redeal_is_announced_in_the_history() -> None:
    """R8.4, R2.3."""
    match, _ = start("kozel", 4, KOZEL_FIVE_DOUBLES, KOZEL_EGGS)
    assert len(of_type(seat_view(match, 2).history, Redealt)) == 1


def test_out_of_play_tiles_and_every_hand_are_revealed_when_the_hand_ends() -> None:
    """R8.3, R9.12: all hands with their counts and the score, and the out-of-play
    tiles of the block game."""
    match, _ = start("block", 2, BLOCK2_RUN)
    out_of_play = list(match.state.rest)
    play(match, BLOCK2_RUN_MOVES)
    view = seat_view(match, 0)
    assert view.turn is None
    assert view.phase is Phase.HAND_OVER
    revealed = view.revealed
    assert isinstance(revealed, HandResult)
    assert revealed.hands_after[1] == tuple(tiles("0-2 0-3 1-2 1-3 2-2 2-3 3-3"))
    assert revealed.counts == (0, 27)
    assert (revealed.winner, revealed.points, revealed.scores_after) == (0, 27, (27, 0))
    assert list(revealed.rest) == out_of_play
    assert view.results[-1] is revealed


def test_boneyard_left_is_revealed_in_draw_order_when_the_hand_ends() -> None:
    """R8.3: the tiles still in the boneyard are shown, in the order they would be drawn."""
    for seed in range(20):
        match, _ = Match.new("draw", 4, seed=seed)
        while not match.hand_over:
            match.play(match.turn, *match.legal_moves()[0])
        if match.state.rest:
            revealed = public_view(match).revealed
            assert revealed is not None
            assert list(revealed.rest) == match.state.rest
            return
    pytest.fail("no seed ended a hand with tiles left in the boneyard")


@pytest.mark.parametrize(
    ("variant", "n_players"),
    [("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4), ("kozel", 4)],
)
def test_no_view_shows_a_secret_tile_at_any_moment(variant: str, n_players: int) -> None:
    """R8.2: other hands, the boneyard and out-of-play tiles stay hidden in every view
    at every decision of whole matches."""
    for seed in range(2):
        match, _ = Match.new(variant, n_players, 50, seed=seed)
        assert_nothing_secret(match)
        while not match.match_over:
            if match.hand_over:
                match.next_hand()
            else:
                match.play(match.turn, *match.legal_moves()[0])
            assert_nothing_secret(match)


def test_seat_view_refuses_a_seat_that_does_not_exist() -> None:
    match, _ = start("block", 2, BLOCK2_RUN)
    with pytest.raises(ValueError, match="seat"):
        seat_view(match, 2)
