"""Hard's reading of the others' plays: a mixture of ways of choosing per seat."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from core.bits import mask_of
from core.engine import Match, Move
from core.players import HardPlayer, player_for
from core.players.hard import HEAVIEST, HEAVY
from core.players.knowledge import Knowledge, infer
from core.tiles import Tile
from core.variants import Variant
from core.views import SeatView, seat_view

Rule = Callable[[SeatView], Move]


def heaviest_first(view: SeatView) -> Move:
    return max(view.legal_moves, key=lambda m: Tile.heavier_key(m[0]))


def lightest_first(view: SeatView) -> Move:
    return min(view.legal_moves, key=lambda m: Tile.heavier_key(m[0]))


def _kozel(opponents: Rule, moves: int = 14, seed: int = 3) -> tuple[Match, Knowledge]:
    """Seat 0 to move in a Kozel hand where seats 1 and 3 chose by `opponents` and seat
    2 as medium does, after at least `moves` moves."""
    match, _ = Match.new(Variant.KOZEL, 4, seed=seed)
    medium = player_for("medium")
    rng = random.Random(seed)
    played = 0
    while played < moves or match.turn != 0:
        seat = match.turn
        assert seat is not None
        assert not match.hand_over
        view = seat_view(match, seat)
        move = medium.choose(view, rng) if seat % 2 == 0 else opponents(view)
        match.play(seat, *move)
        played += 1
    return match, infer(seat_view(match, 0))


def test_a_seat_that_always_laid_its_heaviest_never_slips_on_the_true_deal() -> None:
    match, know = _kozel(heaviest_first)
    player = HardPlayer(heaviest=0.5)
    priors = player._priors(know)
    true_deal = [mask_of(h) for h in match.state.hands]
    logs = player._seat_logs(player._evidence(know), priors, true_deal)
    chose = [p for p in know.plays if p.seat == 1 and (p.informative or p.chosen_lead)]
    assert chose, "seat 1 has chosen a play"
    assert logs[1][HEAVIEST] <= 0.0
    assert logs[1][HEAVIEST] >= len(chose) * math.log1p(-player.heaviest_slip) - 1e-9
    assert logs[1][HEAVIEST] > logs[1][HEAVY]


def _share_played_heaviest(rule: Rule, player: HardPlayer, seat: int) -> float:
    """The share of the samples that play `seat` out laying its heaviest, over three
    hands where seats 1 and 3 chose by `rule`."""
    shares = []
    for seed in (3, 4, 5):
        _, know = _kozel(rule, seed=seed)
        samples = player.sample(know, random.Random(1), 400)
        shares.append(sum(s.heaviest >> seat & 1 for s in samples) / len(samples))
    return sum(shares) / len(shares)


PLAYER = HardPlayer(heaviest=0.5, self_model=True)


def test_opponents_that_laid_their_heaviest_are_played_out_so_more_than_the_prior() -> None:
    assert _share_played_heaviest(heaviest_first, PLAYER, 1) > 0.5
    assert _share_played_heaviest(heaviest_first, PLAYER, 3) > 0.5
    assert _share_played_heaviest(heaviest_first, PLAYER, 2) == 0.0  # read as ourselves


def test_opponents_that_laid_their_lightest_hardly_ever_are() -> None:
    assert _share_played_heaviest(lightest_first, PLAYER, 1) < 0.05
    assert _share_played_heaviest(lightest_first, PLAYER, 3) < 0.05


def test_without_a_prior_on_the_heaviest_nobody_is_played_out_so() -> None:
    assert _share_played_heaviest(heaviest_first, HardPlayer(), 1) == 0.0
