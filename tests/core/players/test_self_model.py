"""The model of a partner that plays as the searching levels do."""

from __future__ import annotations

import dataclasses
import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.bits import BIT, BY_WEIGHT, mask_of
from core.engine import Match
from core.line import End
from core.players import HardPlayer, player_for
from core.players.knowledge import ObservedPlay, ends_after, infer
from core.players.self_model import SelfModel, features, options
from core.tiles import Tile
from core.variants import Variant
from core.views import seat_view

MODEL = SelfModel()


def reference(hand: int, play: ObservedPlay) -> float:
    """log P(play | hand) straight from `features`, one option at a time."""
    weights = MODEL.lead if play.ends_before is None else MODEL.follow
    found = options(hand, play.ends_before)
    scores = []
    target = None
    for option in found:
        f = features(hand, play.line_before, play.ends_before, option, play.lacks_before, play.seat)
        score = sum(w * x for w, x in zip(weights, f, strict=True))
        scores.append(score)
        taken = (option[1], option[2]) == play.ends_after or play.ends_before is None
        if option[0] == BIT[play.tile].bit_length() - 1 and taken:
            target = score
    assert target is not None
    top = max(scores)
    return target - top - math.log(sum(math.exp(s - top) for s in scores))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_prepared_likelihood_is_the_features_logit(seed: int) -> None:
    rng = random.Random(seed)
    order = list(range(28))
    rng.shuffle(order)
    lead = rng.random() < 0.25
    line = 0 if lead else sum(1 << t for t in order[: rng.randrange(1, 12)])
    hand = sum(1 << t for t in order[12 : 12 + rng.randrange(2, 8)])
    ends = None if lead else (rng.randrange(7), rng.randrange(7))
    found = options(hand, ends)
    if len(found) < 2:
        return
    tile, left, right = rng.choice(found)
    lacks = tuple(rng.randrange(128) if rng.random() < 0.3 else 0 for _ in range(4))
    play = ObservedPlay(1, BY_WEIGHT[tile], ends, not lead, line, lacks, lead, (left, right))
    fast = MODEL.log_likelihood(hand, play, MODEL.prepare(play))
    assert math.isclose(fast, reference(hand, play), abs_tol=1e-9)


def test_a_forced_play_tells_nothing() -> None:
    hand = mask_of([Tile(2, 5), Tile(0, 1)])
    play = ObservedPlay(1, Tile(2, 5), (5, 3), True, 0, (0,) * 4, False, (2, 3))
    assert MODEL.log_likelihood(hand, play, MODEL.prepare(play)) == 0.0


def test_a_double_led_is_likelier_from_a_hand_that_holds_the_heavier_double() -> None:
    """Leading 1-1 says little of a hand holding 6-6 as well: the searching levels lead
    their heavy double first more often than a light one."""
    play = ObservedPlay(0, Tile(1, 1), None, False, 0, (0,) * 4, True, (1, 1))
    prepared = MODEL.prepare(play)
    plain = mask_of([Tile(1, 1), Tile(0, 2), Tile(3, 4), Tile(0, 5)])
    with_six = mask_of([Tile(1, 1), Tile(6, 6), Tile(3, 4), Tile(0, 5)])
    assert MODEL.log_likelihood(plain, play, prepared) > MODEL.log_likelihood(
        with_six, play, prepared
    )


def _played(variant: Variant, moves: int, seed: int = 7) -> Match:
    """A 4-seat match of `variant` after `moves` decisions of medium players."""
    match, _ = Match.new(variant, 4, seed=seed)
    medium = player_for("medium")
    rng = random.Random(seed)
    for _ in range(moves):
        seat = match.turn
        assert seat is not None
        assert not match.hand_over
        tile, end = medium.choose(seat_view(match, seat), rng)
        match.play(seat, tile, end)
    return match


def test_only_the_kozel_partners_chosen_plays_are_read_by_the_self_model() -> None:
    match = _played(Variant.KOZEL, 9)
    view = seat_view(match, match.turn or 0)
    know = infer(view)
    partner = (view.seat + 2) % 4
    player = HardPlayer(self_model=True)
    priors = player._priors(know)
    assert priors[view.seat] is None
    assert priors[partner] == (0.0, 1.0)
    assert all(priors[(view.seat + k) % 4] == (1.0, 0.0) for k in (1, 3))
    seen = {(e.play.seat, e.play.tile): e for e in player._evidence(know, priors)}
    assert any(play.seat == partner for play in know.plays), "the partner has played"
    for play in know.plays:
        told = (play.informative or play.chosen_lead) and play.seat != view.seat
        assert seen[(play.seat, play.tile)].read == told, play
        assert bool(seen[(play.seat, play.tile)].prepared) == (told and play.seat == partner)
    assert HardPlayer()._priors(know)[partner] == (1.0, 0.0)


def test_in_a_four_seat_block_game_no_one_is_read_as_a_partner() -> None:
    match = _played(Variant.BLOCK, 9)
    know = infer(seat_view(match, match.turn or 0))
    priors = HardPlayer(self_model=True)._priors(know)
    assert all(p is None or p == (1.0, 0.0) for p in priors)


def test_a_strong_signal_plays_the_self_models_favourite() -> None:
    """With the convention's weight far above any difference of values, the move played
    is the one the model expects of the seat's hand."""
    match = _played(Variant.KOZEL, 6)
    for _ in range(12):
        view = seat_view(match, match.turn or 0)
        if len(view.legal_moves) > 1:
            break
        match.play(view.seat, *view.legal_moves[0])
    assert len(view.legal_moves) > 1
    know = infer(view)
    line = mask_of(Tile.of(a, b) for a, b in view.line)
    logits = MODEL.scores(know.own, line, view.ends, know.lacks, view.seat)

    def logit(move: tuple[Tile, End | None]) -> float:
        tile, end = move
        return logits[(BIT[tile].bit_length() - 1, *ends_after(view, tile, end))]

    favourite = max(logit(m) for m in view.legal_moves)
    quiet = HardPlayer(samples=16, exact_samples=8)
    assert logit(quiet.choose(view, random.Random(1))) < favourite, "the position tells nothing"
    loud = dataclasses.replace(quiet, signal=1000.0)
    assert logit(loud.choose(view, random.Random(1))) == favourite
