"""Advice on a decision (hints and the coach): every legal move's expected points."""

from __future__ import annotations

import random

import pytest

from core.bits import mask_of
from core.engine import Match
from core.players import HardPlayer, Level, expert_player, player_for
from core.players.advice import appraise, cost, margin
from core.players.outcome import points_scorer
from core.views import seat_view
from tests.core.helpers import tiles

QUICK = HardPlayer(samples=12, exact_samples=6)


def decisions(variant: str, n_players: int, seed: int) -> list[Match]:
    """The positions of a bot-played hand where the seat to move has a choice."""
    match, _ = Match.new(variant, n_players, 100, seed=seed)
    rng = random.Random(seed)
    found = []
    while not match.hand_over:
        seat = match.turn
        assert seat is not None
        view = seat_view(match, seat)
        if len(view.legal_moves) > 1:
            found.append(Match.from_dict(match.to_dict()))
        tile, end = QUICK.choose(view, rng)
        match.play(seat, tile, end)
    return found


@pytest.mark.parametrize(("variant", "n_players"), [("draw", 2), ("block", 3), ("kozel", 4)])
def test_every_legal_move_is_appraised_best_first(variant: str, n_players: int) -> None:
    for match in decisions(variant, n_players, seed=3):
        view = seat_view(match, match.turn or 0)
        appraisals = appraise(QUICK, view, random.Random(1))
        assert sorted(a.move for a in appraisals) == sorted(view.legal_moves)
        points = [a.points for a in appraisals]
        assert points == sorted(points, reverse=True)
        assert cost(appraisals, appraisals[0].move) == 0
        assert all(cost(appraisals, a.move) >= 0 for a in appraisals)
        assert margin(appraisals) == pytest.approx(points[0] - points[1])


def test_an_appraisal_replays_exactly_from_its_chance() -> None:
    match = decisions("kozel", 4, seed=5)[2]
    view = seat_view(match, match.turn or 0)
    first = appraise(QUICK, view, random.Random("same"))
    assert appraise(QUICK, view, random.Random("same")) == first


def test_a_move_not_legal_has_no_cost() -> None:
    match = decisions("draw", 2, seed=1)[0]
    view = seat_view(match, match.turn or 0)
    appraisals = appraise(QUICK, view, random.Random(1))
    illegal = next(t for t in tiles("0-0 1-1 2-2 3-3 4-4 5-5 6-6") if t not in view.hand)
    with pytest.raises(ValueError, match="not among"):
        cost(appraisals, (illegal, None))


def test_points_count_for_the_side_that_scores_them_and_against_the_other() -> None:
    match, _ = Match.new("block", 2, 100, seed=1)
    view = seat_view(match, 0)
    score = points_scorer(view)
    empty, left = 0, mask_of(tiles("6-6 5-4"))  # 21 pips left in the other hand
    assert score([empty, left], 0, True) == 21  # seat 0 went out: it scores 21
    assert points_scorer(seat_view(match, 1))([empty, left], 0, True) == -21


def test_kozel_points_are_those_written_to_the_other_team() -> None:
    match, _ = Match.new("kozel", 4, 100, seed=1)
    score = points_scorer(seat_view(match, 1))
    hands = [0, mask_of(tiles("6-5 4-4")), 0, mask_of(tiles("6-3"))]  # team 1 holds 28
    # Seat 0 went out: team 0 wins, 28 points are written to team 1 (seat 1's side):
    # below 13 on a clean sheet they would be dropped (R7.4), 28 are not.
    assert score(hands, 0, True) == -28
    assert points_scorer(seat_view(match, 2))(hands, 0, True) == 28


def test_the_expert_searches_more_than_hard() -> None:
    expert, hard = player_for(Level.EXPERT), player_for(Level.HARD)
    assert isinstance(expert, HardPlayer)
    assert isinstance(hard, HardPlayer)
    assert expert.samples > hard.samples
    assert expert.exact_tiles >= hard.exact_tiles
    assert expert_player().time_cap > hard.time_cap
