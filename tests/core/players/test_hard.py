"""Hard's reading of the others' plays: a mixture of ways of choosing per seat."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from core.bits import mask_of
from core.engine import Match, Move
from core.players import HardPlayer, hard_player, player_for
from core.players.dealing import ConstrainedDealer
from core.players.hard import HEAVY, LEVELS, _mixed
from core.players.knowledge import Knowledge, infer
from core.players.self_model import SelfModel
from core.tiles import Tile
from core.variants import Variant
from core.views import SeatView, seat_view

Rule = Callable[[SeatView, random.Random], Move]
HARD = hard_player()


def heaviest_first(view: SeatView, _rng: random.Random) -> Move:
    return max(view.legal_moves, key=lambda m: Tile.heavier_key(m[0]))


def as_hard(view: SeatView, rng: random.Random) -> Move:
    return HARD.choose(view, rng)


def _kozel(opponents: Rule, seed: int, moves: int = 10) -> tuple[Match, Knowledge]:
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
        move = medium.choose(view, rng) if seat % 2 == 0 else opponents(view, rng)
        match.play(seat, *move)
        played += 1
    return match, infer(seat_view(match, 0))


def _posterior_of_levels(rule: Rule, seat: int) -> float:
    """The mean, over three hands where seats 1 and 3 chose by `rule`, of the posterior
    that `seat` chooses as the levels do (prior 0.5), its plays' likelihood summed over
    deals drawn from the prior."""
    player = HardPlayer(levels=0.5, self_model=True)
    found = []
    for seed in (3, 4, 5):
        _, know = _kozel(rule, seed)
        priors = player._priors(know)
        evidence = player._evidence(know, priors)
        dealer = ConstrainedDealer(know)
        rng = random.Random(seed)
        logs = [player._seat_logs(evidence, priors, dealer.deal(rng))[seat] for _ in range(600)]
        top = max(max(each) for each in logs)
        heavy = sum(math.exp(each[HEAVY] - top) for each in logs)
        levels = sum(math.exp(each[LEVELS] - top) for each in logs)
        found.append(levels / (heavy + levels))
    return sum(found) / len(found)


def test_the_partner_is_read_as_the_levels_and_opponents_by_the_prior() -> None:
    _, know = _kozel(heaviest_first, 3)
    assert HardPlayer(self_model=True)._priors(know) == [None, (1.0, 0.0), (0.0, 1.0), (1.0, 0.0)]
    assert HardPlayer(levels=0.5)._priors(know) == [None, (0.5, 0.5), (0.5, 0.5), (0.5, 0.5)]


def test_the_mixture_sums_the_likelihoods_its_prior_weighs() -> None:
    assert _mixed((1.0, 0.0), [-2.0, -0.1]) == -2.0
    assert _mixed((0.0, 1.0), [-2.0, -0.1]) == -0.1
    assert math.isclose(
        _mixed((0.3, 0.7), [-2.0, -0.5]), math.log(0.3 * math.exp(-2) + 0.7 * math.exp(-0.5))
    )


def test_the_levels_reading_is_the_self_model_on_every_play_the_seat_chose() -> None:
    match, know = _kozel(as_hard, 4)
    player = HardPlayer(levels=1.0)
    hands = [mask_of(h) for h in match.state.hands]
    priors = player._priors(know)
    logs = player._seat_logs(player._evidence(know, priors), priors, hands)
    model = SelfModel()
    for seat in (1, 2, 3):
        held = hands[seat]
        expected = 0.0
        for play in reversed(know.plays):
            if play.seat != seat:
                continue
            held |= mask_of([play.tile])
            if play.informative or play.chosen_lead:
                expected += model.log_likelihood(held, play, model.prepare(play))
        assert math.isclose(logs[seat][LEVELS], expected, abs_tol=1e-9)


def test_opponents_playing_as_hard_are_read_as_the_levels() -> None:
    assert _posterior_of_levels(as_hard, 1) > 0.5
    assert _posterior_of_levels(as_hard, 3) > 0.5


def test_opponents_laying_their_heaviest_are_read_as_heavy_first() -> None:
    assert _posterior_of_levels(heaviest_first, 1) < 0.5
    assert _posterior_of_levels(heaviest_first, 3) < 0.5
