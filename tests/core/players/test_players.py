"""Bot players: legal, deterministic, and blind to everything outside their view."""

from __future__ import annotations

import gc
import random

import pytest

from core.deal import Deal, SeededDealer
from core.engine import Match
from core.line import Line
from core.players import HardPlayer, Level, player_for
from core.rules.kozel import KozelRules
from core.state import MatchState
from core.tiles import Tile
from core.variants import HAND_SIZES, Variant
from core.views import seat_view

SETUPS = [(variant, n) for variant in Variant for n in sorted(HAND_SIZES[variant])]
FAST_HARD = HardPlayer(samples=8, exact_samples=4)
FAST = {"hard": FAST_HARD, "expert": HardPlayer(samples=12, exact_samples=6, exact_tiles=16)}


def play_out(match: Match, levels: list[str], rng: random.Random) -> list[tuple[int, str]]:
    """Play the match to its end with one level per seat; returns every decision."""
    players = [FAST[lv] if lv in FAST else player_for(lv) for lv in levels]
    decisions = []
    while True:
        while not match.hand_over:
            seat = match.turn
            assert seat is not None
            view = seat_view(match, seat)
            tile, end = players[seat].choose(view, rng)
            assert (tile, end) in view.legal_moves
            match.play(seat, tile, end)
            decisions.append((seat, f"{tile}{end}"))
        if match.match_over:
            return decisions
        match.next_hand()


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
@pytest.mark.parametrize("level", [lv.value for lv in Level])
def test_every_level_plays_only_legal_moves_to_the_end_of_matches(
    variant: Variant, n_players: int, level: str
) -> None:
    games = 6 if level in FAST else 40
    for seed in range(games):
        match, _ = Match.new(variant, n_players, 50, seed=seed)
        play_out(match, [level] * n_players, random.Random(seed))
        assert match.match_over


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_identical_seeds_give_identical_decisions(variant: Variant, n_players: int) -> None:
    levels = [["easy", "medium", "hard", "medium"][s % 4] for s in range(n_players)]
    runs = []
    for _ in range(2):
        match, _ = Match.new(variant, n_players, 50, seed=7)
        runs.append(play_out(match, levels, random.Random(11)))
    assert runs[0] == runs[1]


def _twin_deals(variant: Variant, n_players: int, seed: int) -> tuple[Deal, Deal]:
    """Two deals where seat 0 holds the same tiles and everything else is reshuffled."""
    rng = random.Random(seed)
    size = HAND_SIZES[variant][n_players]
    while True:
        dealt = SeededDealer(rng.getrandbits(32)).deal(1, 0, n_players, size)
        hands = [sorted(h) for h in dealt.hands]
        hidden = [t for h in hands[1:] for t in h] + list(dealt.rest)
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        others = [shuffled[i * size : (i + 1) * size] for i in range(n_players - 1)]
        rest = shuffled[(n_players - 1) * size :]
        first = Deal(tuple(tuple(h) for h in hands), dealt.rest)
        second = Deal(
            (tuple(hands[0]), *(tuple(sorted(h)) for h in others)),
            tuple(rest),
        )
        if variant is not Variant.KOZEL:
            return first, second
        if KozelRules().misdeal(second) is None and KozelRules().misdeal(first) is None:
            return first, second


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
@pytest.mark.parametrize("level", [lv.value for lv in Level])
def test_a_bot_decides_the_same_whatever_the_hidden_tiles(
    variant: Variant, n_players: int, level: str
) -> None:
    """Views equal, decisions equal: a bot cannot reach a tile its view lacks."""
    player = FAST_HARD if level == "hard" else player_for(level)
    checked = 0
    for seed in range(2000):
        if checked == 10:
            break
        first, second = _twin_deals(variant, n_players, seed)
        a, _ = Match.new(variant, n_players, 100, deals=[first])
        b, _ = Match.new(variant, n_players, 100, deals=[second])
        if a.turn != 0 or b.turn != 0:
            continue
        view_a, view_b = seat_view(a, 0), seat_view(b, 0)
        if view_a != view_b:
            continue  # the forced opening already told something different
        assert player.choose(view_a, random.Random(seed)) == player.choose(
            view_b, random.Random(seed)
        )
        checked += 1
    assert checked >= 5


def _reachable(root: object) -> list[object]:
    """Every object reachable from `root` through references."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_a_view_holds_no_path_to_the_match_or_a_hidden_tile(
    variant: Variant, n_players: int
) -> None:
    match, _ = Match.new(variant, n_players, 100, seed=21)
    seat = match.turn
    assert seat is not None
    view = seat_view(match, seat)
    reachable = _reachable(view)
    assert not any(isinstance(obj, (Match, MatchState, Line)) for obj in reachable)
    hidden = {t for s, hand in enumerate(match.state.hands) if s != seat for t in hand}
    hidden |= set(match.state.rest)
    assert not hidden & {obj for obj in reachable if isinstance(obj, Tile)}


@pytest.mark.parametrize(("variant", "n_players"), [("draw", 2), ("block", 4), ("kozel", 4)])
def test_the_expert_at_its_full_effort_plays_a_hand_legally(variant: str, n_players: int) -> None:
    expert = player_for(Level.EXPERT)  # no clock: its effort alone bounds it
    match, _ = Match.new(variant, n_players, 100, seed=9)
    rng = random.Random(9)
    while not match.hand_over:
        view = seat_view(match, match.turn or 0)
        tile, end = expert.choose(view, rng)
        assert (tile, end) in view.legal_moves
        match.play(view.seat, tile, end)


def test_a_work_budget_weighs_more_deals_where_play_outs_are_short() -> None:
    player = HardPlayer(work=18_000, samples=800, exact_samples=16)
    match, _ = Match.new("block", 4, 100, seed=4)
    rng = random.Random(4)
    counts: list[tuple[int, int]] = []  # (tiles left, deals weighed)
    while not match.hand_over:
        view = seat_view(match, match.turn or 0)
        if len(view.legal_moves) > 1 and not player.searches_exactly(view):
            tiles = sum(view.hand_sizes)
            count = len(player.samples_for(view, random.Random(1)))
            assert count == max(16, min(800, 18_000 // (len(view.legal_moves) * tiles)))
            counts.append((tiles * len(view.legal_moves), count))
        tile, end = FAST_HARD.choose(view, rng)
        match.play(view.seat, tile, end)
    assert len(counts) > 3
    # Fewer play-out steps a deal, more deals: the counts fall as the steps rise.
    ordered = [count for _, count in sorted(counts)]
    assert ordered == sorted(ordered, reverse=True)
    assert ordered[0] > ordered[-1]
