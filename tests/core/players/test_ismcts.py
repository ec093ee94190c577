"""The information-set search: legal, deterministic from its random source, blind to
the hidden tiles, and stopped by its safety net."""

from __future__ import annotations

import random

import pytest

from core.engine import Match
from core.players.ismcts import IsmctsPlayer
from core.variants import HAND_SIZES, Variant
from core.views import seat_view

SETUPS = [(variant, n) for variant in Variant for n in sorted(HAND_SIZES[variant])]
SMALL = IsmctsPlayer(iterations=60, pool=20)


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_the_search_plays_only_legal_moves_to_the_end_of_a_match(
    variant: Variant, n_players: int
) -> None:
    match, _ = Match.new(variant, n_players, 50, seed=3)
    rng = random.Random(3)
    while not match.match_over:
        while not match.hand_over:
            view = seat_view(match, match.turn or 0)
            move = SMALL.choose(view, rng)
            assert move in view.legal_moves
            match.play(view.seat, *move)
        if not match.match_over:
            match.next_hand()


@pytest.mark.parametrize(("variant", "n_players"), [(Variant.DRAW, 2), (Variant.KOZEL, 4)])
def test_the_same_random_source_gives_the_same_search(variant: Variant, n_players: int) -> None:
    match, _ = Match.new(variant, n_players, 100, seed=11)
    for _ in range(3):  # a few moves in, so that plays and passes inform the deals
        view = seat_view(match, match.turn or 0)
        match.play(view.seat, *view.legal_moves[0])
    view = seat_view(match, match.turn or 0)
    first = SMALL.visits(view, random.Random(5))
    assert first == SMALL.visits(view, random.Random(5))
    assert sum(first) >= SMALL.iterations * 0.99  # every iteration went through a move


def test_the_clock_stops_a_long_search_with_a_legal_move() -> None:
    ticks = iter(range(10**6))
    player = IsmctsPlayer(iterations=10**6, pool=20, clock=lambda: float(next(ticks)), time_cap=3)
    match, _ = Match.new(Variant.KOZEL, 4, 100, seed=2)
    view = seat_view(match, match.turn or 0)
    while len(view.legal_moves) < 2:
        match.play(view.seat, *view.legal_moves[0])
        view = seat_view(match, match.turn or 0)
    assert player.choose(view, random.Random(1)) in view.legal_moves
    assert next(ticks) < 1000  # a tick per 64 iterations: stopped at once
