"""The match state: exact, JSON-compatible, schema-versioned serialisation."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from core.engine import Match
from core.errors import ErrorCode, GameError
from core.line import End
from core.state import SCHEMA_VERSION, Decision, MatchState, Phase
from tests.core.helpers import (
    BLOCK2_RUN,
    BLOCK2_RUN_MOVES,
    DRAW2_DRAWN_FITS_BOTH,
    DRAW2_DRAWN_FITS_BOTH_MOVES,
    KOZEL_EGGS,
    KOZEL_FISH_CHAIN,
    KOZEL_FIVE_DOUBLES,
    after_lead,
    play,
    start,
    tile,
)


def assert_round_trips(match: Match) -> dict[str, Any]:
    data = match.to_dict()
    assert Match.from_dict(data).to_dict() == data
    assert json.loads(json.dumps(data)) == data  # only JSON types inside
    return data


def test_fresh_match_round_trips() -> None:
    match, _ = start("block", 2, BLOCK2_RUN)
    data = assert_round_trips(match)
    assert data["schema"] == SCHEMA_VERSION
    assert data["phase"] == "playing"


def test_state_with_a_drawn_tile_due_round_trips() -> None:
    """R5.1: the pending drawn tile is part of the state."""
    match, _ = start("draw", 2, DRAW2_DRAWN_FITS_BOTH)
    play(match, DRAW2_DRAWN_FITS_BOTH_MOVES)
    data = assert_round_trips(match)
    assert data["pending_drawn"] == "4-6"
    again = Match.from_dict(data)
    assert again.legal_moves() == match.legal_moves()
    with pytest.raises(GameError) as info:
        again.play(1, "0-5")
    assert info.value.code is ErrorCode.MUST_PLAY_DRAWN_TILE


def test_finished_hand_and_finished_match_round_trip() -> None:
    match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_RUN, target=50)
    play(match, BLOCK2_RUN_MOVES)
    assert assert_round_trips(match)["phase"] == Phase.HAND_OVER.value
    match.next_hand()
    play(match, "6-6 " + BLOCK2_RUN_MOVES)
    data = assert_round_trips(match)
    assert data["phase"] == Phase.MATCH_OVER.value
    assert data["match_result"]["winner"] == 0
    assert Match.from_dict(data).match_result == match.match_result


def test_kozel_state_with_redeals_and_eggs_round_trips() -> None:
    """R2.3, R7.3: the redeal events and the carried eggs are kept."""
    match, _ = start("kozel", 4, KOZEL_FIVE_DOUBLES, KOZEL_EGGS)
    assert_round_trips(match)
    play(match, after_lead(KOZEL_FISH_CHAIN))
    data = assert_round_trips(match)
    assert data["eggs"] == 120
    assert Match.from_dict(data).state.eggs == 120


@pytest.mark.parametrize(
    ("variant", "n_players"),
    [("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4), ("kozel", 4)],
)
def test_state_round_trips_after_every_decision(variant: str, n_players: int) -> None:
    match, _ = Match.new(variant, n_players, 50, seed=11)
    while not match.match_over:
        if match.hand_over:
            match.next_hand()
        else:
            match.play(match.turn, *match.legal_moves()[-1])
        assert_round_trips(match)


def test_restored_match_plays_on_exactly_like_the_original() -> None:
    match, _ = Match.new("draw", 3, seed=4)
    for _ in range(4):
        match.play(match.turn, *match.legal_moves()[0])
    twin = Match.from_dict(match.to_dict())
    while not match.match_over:
        if match.hand_over:
            assert match.next_hand() == twin.next_hand()
        else:
            move = match.legal_moves()[0]
            assert twin.legal_moves()[0] == move
            assert match.play(match.turn, *move) == twin.play(twin.turn, *move)
    assert twin.to_dict() == match.to_dict()


def test_copy_is_independent() -> None:
    match, _ = start("block", 2, BLOCK2_RUN)
    before = match.to_dict()
    twin = match.copy()
    play(twin, "6-5")
    assert match.to_dict() == before
    assert twin.to_dict() != before


@pytest.mark.parametrize("schema", [0, 2, None, "1", 1.5])
def test_state_of_another_schema_version_is_refused(schema: Any) -> None:
    data = start("block", 2, BLOCK2_RUN)[0].to_dict()
    data["schema"] = schema
    with pytest.raises(GameError) as info:
        MatchState.from_dict(data)
    assert info.value.code is ErrorCode.BAD_STATE
    with pytest.raises(GameError) as info:
        Match.from_dict(data)
    assert info.value.code is ErrorCode.BAD_STATE


def test_state_without_a_schema_version_is_refused() -> None:
    data = start("block", 2, BLOCK2_RUN)[0].to_dict()
    del data["schema"]
    with pytest.raises(GameError) as info:
        MatchState.from_dict(data)
    assert info.value.code is ErrorCode.BAD_STATE


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.pop(key)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.__setitem__(key, value)


@pytest.mark.parametrize(
    "damage",
    [
        _drop("hands"),
        _drop("dealer"),
        _drop("log"),
        _set("phase", "napping"),
        _set("variant", "poker"),
        _set("dealer", {"kind": "marked-cards"}),
        _set("decisions", [[1, 0]]),
        _set("log", [{"type": "sneeze"}]),
        _set("results", [{"type": "pass", "seat": 0, "ends": [1, 1]}]),
        _set("line", [[1]]),
    ],
)
def test_malformed_state_is_a_bad_state(damage: Callable[[dict[str, Any]], None]) -> None:
    data = start("block", 2, BLOCK2_RUN)[0].to_dict()
    damage(data)
    with pytest.raises(GameError) as info:
        MatchState.from_dict(data)
    assert info.value.code is ErrorCode.BAD_STATE


@pytest.mark.parametrize(
    "damage", [_set("hands", [["9-9"], []]), _set("n_players", 5), _set("target", 75)]
)
def test_state_with_impossible_values_is_refused(damage: Callable[[dict[str, Any]], None]) -> None:
    data = start("block", 2, BLOCK2_RUN)[0].to_dict()
    damage(data)
    with pytest.raises(GameError):
        MatchState.from_dict(data)


def test_decision_round_trips_through_a_list() -> None:
    for decision in (Decision(2, 1, tile("4-6"), End.RIGHT), Decision(1, 0, tile("0-0"), None)):
        raw = decision.to_list()
        assert json.loads(json.dumps(raw)) == raw
        assert Decision.from_list(raw) == decision
