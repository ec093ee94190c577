"""The arena credits each hand and match to the side that won it."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

import core.arena
from core.arena import Decide, bot_decider, bot_player, main, run_pair, share_with_interval
from core.engine import Match, Move
from core.players import HardPlayer
from core.tiles import Tile
from core.variants import Variant


def heaviest(match: Match, _seat: int, _rng: random.Random) -> Move:
    return max(match.legal_moves(), key=lambda m: Tile.heavier_key(m[0]))


@pytest.mark.parametrize(
    ("variant", "n_players"), [(Variant.KOZEL, 4), (Variant.BLOCK, 2), (Variant.DRAW, 3)]
)
def test_identical_sides_split_a_swapped_pair_exactly(variant: Variant, n_players: int) -> None:
    """The same deterministic player on both sides: the swapped match replays the
    first with the sides exchanged, so each side wins exactly half."""
    deciders: tuple[Decide, Decide] = (heaviest, heaviest)
    a, b = run_pair(variant, n_players, 100, seed=3, deciders=deciders)
    assert a.hands == b.hands > 0
    assert a.hand_wins == b.hand_wins == a.hands / 2
    assert a.match_wins == b.match_wins == 1
    assert a.points == b.points


def test_share_interval_shrinks_with_more_hands() -> None:
    share, wide = share_with_interval(60, 100)
    same, narrow = share_with_interval(600, 1000)
    assert share == same == 0.6
    assert narrow < wide


def test_command_line_prints_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--variant", "block", "--a", "medium", "--b", "easy", "--games", "2", "--seed", "5"])
    out = capsys.readouterr().out
    assert "A medium" in out
    assert "B easy" in out
    assert "hands won" in out


def test_the_arena_builds_hard_with_the_bots_clock() -> None:
    """The arena's hard player has the wall-clock safety net the bot gives it."""
    player = bot_player("hard")
    assert isinstance(player, HardPlayer)
    assert player.clock is time.perf_counter


def test_a_slow_clock_cuts_an_arena_hard_decision_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that passes a second at every reading: the arena's hard player reads it
    to set its deadline, scores one sample, finds the deadline passed and decides."""
    readings: list[float] = []

    def slow_clock() -> float:
        readings.append(float(len(readings)))
        return readings[-1]

    monkeypatch.setattr(core.arena, "time", SimpleNamespace(perf_counter=slow_clock))
    decide = bot_decider("hard")
    match, _ = Match.new("block", 2, seed=4)
    while len(match.legal_moves()) < 2:
        seat = match.turn
        assert seat is not None
        match.play(seat, *match.legal_moves()[0])
    seat = match.turn
    assert seat is not None
    assert decide(match, seat, random.Random(1)) in match.legal_moves()
    assert len(readings) == 2
