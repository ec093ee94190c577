"""The bot players' own copies of the rules agree with the engine.

For speed, bot players play hands on bitmasks without the engine: move generation and
play-outs (`core.players.sim`), exact search (`core.players.solver`), what a seat can
infer from its view (`core.players.knowledge`) and the hand's outcome with the match
in view (`core.players.outcome`). Each copy is held here to the engine on positions
from random legal games of every variant and player count, with random scores and
eggs carried in, so that the rule of 13, eggs and the end of a match all come up.
The engine is steered by the copies' own choices, so that only the rules can differ.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from core.bits import BY_WEIGHT, HIGH, LOW, SUIT, bit_of, bits_of, mask_of, pips
from core.engine import Match, Move
from core.events import EndReason, HandResult, MatchResult
from core.line import Line
from core.players.hard import HardPlayer, Sample
from core.players.knowledge import ends_after, infer
from core.players.outcome import (
    KOZEL_MATCH,
    MATCH,
    PER_POINT,
    classic_hand,
    kozel_count_bits,
    kozel_hand,
    match_chance,
    scorer_for,
)
from core.players.sim import GREEDY, HOLDER, SMART, placements, playout, smart_choice
from core.rules.kozel import kozel_count, losing_mark
from core.tiles import ALL_TILES, Tile
from core.variants import HAND_SIZES, TARGETS, Variant
from core.views import SeatView, seat_view

SETUPS = [(variant, n) for variant in Variant for n in sorted(HAND_SIZES[variant])]
POSITIONS = 400  # per setup: about 2,800 in all
POLICIES = (GREEDY, HOLDER, SMART)
SOLVED_TILES = 6  # positions searched exactly by both sides hold this many tiles or fewer
SOLVED_POSITIONS = 6  # per setup without a boneyard left to draw from
BIT_00 = bit_of(Tile(0, 0))
BIT_66 = bit_of(Tile(6, 6))


# -- positions ------------------------------------------------------------------------------


def with_random_scores(match: Match, rng: random.Random) -> Match:
    """The match with random scores below its end, and (Kozel) random eggs carried."""
    data = match.to_dict()
    kozel = data["variant"] == Variant.KOZEL
    end = losing_mark(data["target"]) if kozel else data["target"]
    data["scores"] = [
        rng.choice((0, 0, rng.randrange(end), rng.randrange(end - 15, end))) for _ in data["scores"]
    ]
    if kozel:
        data["eggs"] = rng.choice((0, 0, 0, rng.randint(1, 12), rng.randint(13, 40)))
    return Match.from_dict(data)


@functools.cache
def positions(variant: Variant, n_players: int) -> tuple[dict[str, Any], ...]:
    """Every decision of random legal hands, as `Match.to_dict` snapshots; two hands a
    match, so that free leads come up as well as forced ones."""
    rng = random.Random(f"rule copies {variant} {n_players}")
    out: list[dict[str, Any]] = []
    while len(out) < POSITIONS:
        match, _ = Match.new(variant, n_players, rng.choice(TARGETS), seed=rng.getrandbits(32))
        for _hand in range(2):
            match = with_random_scores(match, rng)
            while not match.hand_over:
                out.append(match.to_dict())
                seat = match.turn
                assert seat is not None
                match.play(seat, *rng.choice(match.legal_moves()))
            if match.match_over:
                break
            match.next_hand()
    return tuple(out)


def matches(variant: Variant, n_players: int) -> Iterator[Match]:
    for data in positions(variant, n_players):
        yield Match.from_dict(data)


def mover_view(match: Match) -> SeatView:
    seat = match.turn
    assert seat is not None
    return seat_view(match, seat)


def masks(hands: list[list[Tile]] | tuple[tuple[Tile, ...], ...]) -> list[int]:
    return [mask_of(h) for h in hands]


def line_after(line: Line, move: Move) -> tuple[int, int]:
    """The engine's own line once `move` is laid: (left, right)."""
    after = line.copy()
    after.attach(*move)
    ends = after.ends()
    assert ends is not None
    return ends


# -- the engine, steered by a play-out's choices ---------------------------------------------


def policy_move(match: Match, policy: int) -> Move:
    """The engine move for the tile and new ends that `policy` of the play-out picks (the
    play-out's choice, written again; a move the engine refuses fails the test)."""
    s = match.state
    seat = match.turn
    assert seat is not None
    hands = masks(s.hands)
    left, right = s.line.left, s.line.right
    hand = hands[seat]
    playable = hand & (SUIT[left] | SUIT[right])
    if policy == SMART and playable & (playable - 1):
        after, new_left, new_right = smart_choice(
            hands, seat, playable, left, right, s.settings.has_teams
        )
        bit = hand & ~after
    else:
        bit = 1 << (playable.bit_length() - 1)
        lo, hi = LOW[bit.bit_length() - 1], HIGH[bit.bit_length() - 1]
        fits_left = left in (lo, hi)
        if fits_left and right in (lo, hi) and left != right and policy == HOLDER:
            kept = hand & ~bit
            if_left, if_right = (hi if lo == left else lo), (hi if lo == right else lo)
            fits_left = (kept & SUIT[if_right]).bit_count() <= (kept & SUIT[if_left]).bit_count()
        new_left = (hi if lo == left else lo) if fits_left else left
        new_right = right if fits_left else (hi if lo == right else lo)
    tile = BY_WEIGHT[bit.bit_length() - 1]
    for move in match.legal_moves():
        if move[0] == tile and line_after(s.line, move) == (new_left, new_right):
            return move
    raise AssertionError(f"the play-out lays {tile} for ends {new_left, new_right}: not legal")


def finish(match: Match, policy: int) -> tuple[HandResult, MatchResult | None]:
    """Play the hand to its end as the play-out would."""
    while not match.hand_over:
        seat = match.turn
        assert seat is not None
        match.play(seat, *policy_move(match, policy))
    result = match.last_result
    assert result is not None
    return result, match.match_result


def engine_value(
    view: SeatView, result: HandResult, final: MatchResult | None, weight: float = KOZEL_MATCH
) -> float:
    """The scorer's weighting (`core.players.outcome`) of the engine's own result; in
    Kozel, `weight` is the match's odds' weight against the hand's result."""
    if view.has_teams:
        mine = view.seat % 2
        mark = losing_mark(view.target)
        if result.winner is None:
            return 0.5 + weight * match_chance(view.scores[mine], view.scores[1 - mine], mark)
        if final is not None:
            chance = 1.0 if final.winner == mine else 0.0
        else:
            after = result.scores_after
            assert max(after) < mark
            chance = match_chance(after[mine], after[1 - mine], mark)
        return (1.0 if result.winner == mine else 0.0) + weight * chance
    if result.winner is None:
        return 0.5
    won = result.winner == view.seat
    swing = PER_POINT * result.points + (MATCH if final is not None else 0.0)
    return (1.0 if won else 0.0) + (swing if won else -swing)


def check_outcome(
    view: SeatView, result: HandResult, final: MatchResult | None, seen: Counter[str]
) -> None:
    """The outcome copies and every seat's scorer against the engine's result."""
    hands = masks(result.hands_after)
    domino = result.reason is EndReason.DOMINO
    winner = -1 if result.winner is None else result.winner
    if view.has_teams:
        counts = [kozel_count_bits(h) for h in hands]
        assert counts == [kozel_count(h) for h in result.hands_after] == list(result.counts)
        got = kozel_hand(counts, result.last_player, domino, view.scores, view.eggs)
        assert got == (winner, result.hand_total, result.points)
        seen["rule of 13"] += result.cancelled_by_13
        seen["eggs"] += result.winner is None
        seen["eggs written"] += result.eggs_used > 0 and result.points > 0
        seen["lone 0-0 or 6-6"] += any(h in (BIT_00, BIT_66) for h in hands)
    else:
        counts = [pips(h) for h in hands]
        assert counts == list(result.counts)
        assert classic_hand(counts, result.last_player, domino) == (winner, result.points)
        seen["tie"] += result.winner is None
    seen["match over"] += final is not None
    seen[result.reason] += 1
    for seat in range(view.n_players):
        other = dataclasses.replace(view, seat=seat)
        got_value = scorer_for(other)(hands, result.last_player, domino)
        assert got_value == pytest.approx(engine_value(other, result, final), abs=1e-12)
        # The hand's result alone (`HardPlayer.kozel_match=0`): what the benchmarks
        # measure that objective by.
        alone = scorer_for(other, 0.0)(hands, result.last_player, domino)
        assert alone == pytest.approx(engine_value(other, result, final, 0.0), abs=1e-12)


# -- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_move_generation_of_the_copies_is_the_engines(variant: Variant, n_players: int) -> None:
    """R4.1, R4.2, R4.4, R9.13, R5.1: the tiles the copies find playable, and the ends
    each placement leaves (`sim.placements`, `knowledge.ends_after`), are exactly the
    engine's legal moves; after a draw, only the drawn tile fits."""
    seen: Counter[str] = Counter()
    for match in matches(variant, n_players):
        s = match.state
        seat = match.turn
        assert seat is not None
        view = mover_view(match)
        engine = {(tile, line_after(s.line, (tile, end))) for tile, end in match.legal_moves()}
        assert {(tile, ends_after(view, tile, end)) for tile, end in view.legal_moves} == engine
        if s.line.is_empty:
            seen["lead"] += 1
            continue
        left, right = s.line.left, s.line.right
        playable = mask_of(s.hands[seat]) & (SUIT[left] | SUIT[right])
        copied = {
            (BY_WEIGHT[bit.bit_length() - 1], ends)
            for bit in bits_of(playable)
            for ends in placements(
                LOW[bit.bit_length() - 1], HIGH[bit.bit_length() - 1], left, right
            )
        }
        assert copied == engine
        if s.pending_drawn is not None:
            assert playable == bit_of(s.pending_drawn)
            seen["drawn tile"] += 1
    assert seen["lead"] > 0
    assert seen["drawn tile"] > 0 or variant is not Variant.DRAW


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_play_outs_draw_pass_block_and_end_as_the_engine(variant: Variant, n_players: int) -> None:
    """R2.1, R4.2, R5.1, R5.2, R5.3, R6.1, R6.2, R7.1, R7.2, R9.7, R9.8: from every
    position, `sim.playout` with each policy leaves the hands, the boneyard, the last
    player and the reason the hand ended that the engine leaves for the same choices."""
    rng = random.Random(f"play-outs {variant} {n_players}")
    seen: Counter[str] = Counter()
    for match in matches(variant, n_players):
        s = match.state
        seat = match.turn
        if s.line.is_empty or seat is None:
            continue  # a play-out never leads
        policy = rng.choice(POLICIES)
        hands = masks(s.hands)
        draws = s.settings.draws
        # The play-out draws from the end of its list, the engine from the front of its own.
        rest = [bit_of(t) for t in reversed(s.rest)] if draws else []
        left, right = s.line.left, s.line.right
        teams = s.settings.has_teams
        last, domino = playout(hands, rest, left, right, seat, draws, policy, teams)
        view = mover_view(match)
        boneyard = len(s.rest)
        result, final = finish(match, policy)
        assert (last, domino) == (result.last_player, result.reason is EndReason.DOMINO)
        assert hands == masks(result.hands_after)
        if draws:
            assert rest == [bit_of(t) for t in reversed(result.rest)]
            seen["drew"] += boneyard > len(result.rest)
        check_outcome(view, result, final, seen)
    assert seen[EndReason.DOMINO] > 0
    assert seen[EndReason.BLOCKED] > 0
    assert seen["drew"] > 0 or variant is not Variant.DRAW


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_hard_players_play_out_of_each_move_scores_the_engines_result(
    variant: Variant, n_players: int
) -> None:
    """R6.1, R6.2, R6.3, R6.4, R9.2, R7.1, R7.2, R7.3, R7.4, R7.5, R7.6, R9.3, R9.4,
    R9.11: the hard player's value of a move played out on the true deal (the seat's
    own move, then the play-out) is the value of the hand's end the engine reaches, and
    the outcome copies (winner, points, eggs, the rule of 13, the goats' mark) agree
    with the engine's result."""
    rng = random.Random(f"hard {variant} {n_players}")
    seen: Counter[str] = Counter()
    for match in matches(variant, n_players):
        s = match.state
        view = mover_view(match)
        policy = rng.choice(POLICIES)
        move = rng.choice(view.legal_moves)
        # As sampled: the boneyard in draw order, or the tiles out of play.
        sample = Sample(masks(s.hands), [bit_of(t) for t in reversed(s.rest)], 1.0)
        player = HardPlayer(policy=policy)
        got = player._play_out(view, sample, move, scorer_for(view))
        match.play(view.seat, *move)
        result, final = finish(match, policy)
        assert got == pytest.approx(engine_value(view, result, final), abs=1e-12)
        check_outcome(view, result, final, seen)
    if variant is Variant.KOZEL:
        for case in ("rule of 13", "eggs", "eggs written", "lone 0-0 or 6-6", "match over"):
            assert seen[case] > 0, case
    else:
        assert seen["tie"] > 0
        assert seen["match over"] > 0


def engine_minimax(match: Match, view: SeatView) -> float:
    """The hand searched through the engine itself: the seat's side maximises the
    value of the engine's result, the others minimise it (the solver's two sides)."""
    if match.hand_over:
        result = match.last_result
        assert result is not None
        return engine_value(view, result, match.match_result)
    seat = match.turn
    assert seat is not None
    ours = seat % 2 == view.seat % 2 if view.has_teams else seat == view.seat
    values = []
    for move in match.legal_moves():
        child = match.copy()
        child.play(seat, *move)
        values.append(engine_minimax(child, view))
    return max(values) if ours else min(values)


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_exact_search_values_every_move_as_the_engine_does(
    variant: Variant, n_players: int
) -> None:
    """R4.4, R5.1, R5.3, R6.2, R7.2, R9.7, R9.8: the hard player searches exactly only
    when nothing is left to draw, and then its search (`core.players.solver`) gives each
    move the value a full search through the engine gives it, on the true deal."""
    player = HardPlayer()
    solved = 0
    for match in matches(variant, n_players):
        s = match.state
        view = mover_view(match)
        if player.searches_exactly(view):
            assert not (s.settings.draws and s.rest)
        if view.boneyard_size or sum(view.hand_sizes) > SOLVED_TILES or s.line.is_empty:
            continue
        if solved == SOLVED_POSITIONS:
            continue
        moves = list(view.legal_moves)
        sample = Sample(masks(s.hands), [bit_of(t) for t in reversed(s.rest)], 1.0)
        values, _ = player._solve_all(view, sample, moves, scorer_for(view), 10**6)
        assert values is not None
        for move, value in zip(moves, values, strict=True):
            child = match.copy()
            child.play(view.seat, *move)
            assert value == pytest.approx(engine_minimax(child, view), abs=1e-12), move
        solved += 1
    assert solved > 0


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_what_a_seat_infers_from_its_view_holds_for_the_real_deal(
    variant: Variant, n_players: int
) -> None:
    """R5.1, R5.3, R8.1, R8.2, R8.4: from the view of the seat to move (the one a bot
    decides from), the unseen tiles are exactly the others' hands and the rest, the
    sizes are the engine's, and no seat holds a tile bearing a number its passes and
    draws proved it lacks."""
    voids = 0
    for match in matches(variant, n_players):
        s = match.state
        view = mover_view(match)
        seat = view.seat
        know = infer(view)
        hands = masks(s.hands)
        assert know.own == hands[seat]
        assert know.unseen == mask_of(s.rest) | _others(hands, seat)
        assert know.hand_sizes == tuple(len(h) for h in s.hands)
        assert know.rest_size == len(s.rest)
        assert know.lacks[seat] == 0
        for other in range(n_players):
            assert hands[other] & ~know.allowed(other) == 0 or other == seat
            voids += other != seat and know.lacks[other] != 0
    assert voids > 0


def _others(hands: list[int], seat: int) -> int:
    held = 0
    for other, hand in enumerate(hands):
        if other != seat:
            held |= hand
    return held


def test_counts_on_masks_are_the_engines_counts() -> None:
    """R1.3, R7.5, R9.3: pips and the Kozel count (a lone 0-0 is 25, a lone 6-6 is 50)
    on bitmasks, for every hand of one or two tiles and random larger ones."""
    rng = random.Random(13)
    hands: list[tuple[Tile, ...]] = [(t,) for t in ALL_TILES]
    hands += [(a, b) for a in ALL_TILES for b in ALL_TILES if a < b]
    hands += [tuple(rng.sample(ALL_TILES, rng.randint(3, 7))) for _ in range(500)]
    for hand in hands:
        assert pips(mask_of(hand)) == sum(t.value for t in hand)
        assert kozel_count_bits(mask_of(hand)) == kozel_count(hand)
