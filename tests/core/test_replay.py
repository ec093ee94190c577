"""Replaying a match from its dealer and its decisions rebuilds it exactly."""

from __future__ import annotations

import pytest

from core.engine import Match
from core.errors import ErrorCode, GameError
from core.line import End
from core.replay import replay, replay_of
from core.state import Decision
from tests.core.helpers import (
    BLOCK2_RUN,
    BLOCK2_RUN_MOVES,
    DRAW2_DRAWN_FITS_BOTH,
    DRAW2_DRAWN_FITS_BOTH_MOVES,
    KOZEL_DOMINO_75,
    KOZEL_EGGS,
    KOZEL_FISH_CHAIN,
    KOZEL_FIVE_DOUBLES,
    after_lead,
    play,
    start,
    tile,
)


@pytest.mark.parametrize(
    ("variant", "n_players"),
    [("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4), ("kozel", 4)],
)
def test_replay_of_a_seeded_match_reproduces_it_after_every_decision(
    variant: str, n_players: int
) -> None:
    match, _ = Match.new(variant, n_players, 50, seed=21)
    decisions = 0
    while not match.match_over:
        if match.hand_over:
            match.next_hand()
            continue
        moves = match.legal_moves()
        match.play(match.turn, *moves[decisions % len(moves)])
        decisions += 1
        if decisions % 7 == 0 or match.match_over:
            assert replay_of(match).to_dict() == match.to_dict()
    assert len(match.state.decisions) == decisions


def test_replay_of_a_scripted_match_with_a_drawn_tile_due() -> None:
    """R5.1: the draws are forced and replay on their own; the drawer's choice is due."""
    match, _ = start("draw", 2, DRAW2_DRAWN_FITS_BOTH)
    play(match, DRAW2_DRAWN_FITS_BOTH_MOVES)
    again = replay_of(match)
    assert again.to_dict() == match.to_dict()
    assert again.state.pending_drawn == tile("4-6")


def test_replay_of_a_kozel_match_with_redeals_across_hands() -> None:
    """R2.3: the rejected deal is dealt again in the replay; hand 2 follows."""
    match, _ = start("kozel", 4, KOZEL_FIVE_DOUBLES, KOZEL_EGGS, KOZEL_DOMINO_75)
    play(match, after_lead(KOZEL_FISH_CHAIN))
    match.next_hand()
    for _ in range(2):
        match.play(match.turn, *match.legal_moves()[0])
    again = replay_of(match)
    assert again.to_dict() == match.to_dict()
    assert again.state.dealer.to_dict()["position"] == 3


def test_replay_of_a_finished_match() -> None:
    match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_RUN, target=50)
    play(match, BLOCK2_RUN_MOVES)
    match.next_hand()
    play(match, "6-6 " + BLOCK2_RUN_MOVES)
    assert match.match_over
    again = replay_of(match)
    assert again.match_over
    assert again.to_dict() == match.to_dict()


def test_replay_leaves_the_original_untouched() -> None:
    match, _ = start("block", 2, BLOCK2_RUN)
    play(match, "6-5 5-5")
    before = match.to_dict()
    again = replay_of(match)
    play(again, "5-4")
    assert match.to_dict() == before


def test_tampered_decision_log_is_refused() -> None:
    """Every replayed decision goes through the checked `Match.play`."""
    match, _ = start("block", 2, BLOCK2_RUN)
    play(match, "6-5 5-5")
    s = match.state
    tampered = [*s.decisions[:-1], Decision(1, 0, tile("4-4"), End.RIGHT)]
    with pytest.raises(GameError) as info:
        replay(s.settings, s.dealer.to_dict(), tampered)
    assert info.value.code is ErrorCode.TILE_DOES_NOT_FIT
    wrong_seat = [Decision(1, 1, tile("3-3"), None)]
    with pytest.raises(GameError) as info:
        replay(s.settings, s.dealer.to_dict(), wrong_seat)
    assert info.value.code is ErrorCode.NOT_YOUR_TURN


def test_replay_of_a_match_whose_new_hand_awaits_its_first_decision() -> None:
    match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_RUN)
    play(match, BLOCK2_RUN_MOVES)
    match.next_hand()
    assert replay_of(match).to_dict() == match.to_dict()
