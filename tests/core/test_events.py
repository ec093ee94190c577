"""Events: what happened, each with a JSON-compatible form that reads back exactly."""

from __future__ import annotations

import json
import typing

import pytest

from core.engine import Match
from core.events import (
    Drew,
    EndReason,
    Event,
    HandResult,
    HandStarted,
    MatchResult,
    MisdealReason,
    Passed,
    Played,
    PlayKind,
    Redealt,
    event_from_dict,
)
from core.line import End
from core.views import seat_view
from tests.core.helpers import (
    BLOCK2_RUN,
    KOZEL_EGGS,
    KOZEL_FISH_CHAIN,
    KOZEL_FIVE_DOUBLES,
    after_lead,
    of_type,
    play,
    start,
    tile,
    tiles,
)

SAMPLES: list[Event] = [
    HandStarted(1, 0),
    HandStarted(7, 3),
    Redealt(1, MisdealReason.DOUBLES),
    Redealt(3, MisdealReason.SUIT),
    Played(0, tile("6-6"), None, PlayKind.FORCED_LEAD, (6, 6)),
    Played(1, tile("0-0"), End.LEFT, PlayKind.CHOICE, (0, 6)),
    Played(2, tile("4-6"), End.RIGHT, PlayKind.AUTO, (0, 4)),
    Drew(1, tile("0-0"), (6, 6), 13),
    Drew(1, None, (6, 6), 0),
    Passed(2, (0, 4)),
    HandResult(
        hand_no=2,
        reason=EndReason.BLOCKED,
        winner=None,
        points=0,
        counts=(26, 26),
        scores_after=(27, 0),
        hands_after=(tuple(tiles("1-4 2-4 3-4 4-4")), tuple(tiles("0-0 0-3 0-4"))),
        rest=tuple(tiles("0-1 1-1")),
        last_player=0,
        next_leader=None,
    ),
    HandResult(
        hand_no=3,
        reason=EndReason.DOMINO,
        winner=1,
        points=123,
        counts=(2, 0, 1, 0),
        scores_after=(123, 0),
        hands_after=(tuple(tiles("0-2")), (), tuple(tiles("0-1")), ()),
        rest=(),
        last_player=1,
        next_leader=1,
        eggs_used=120,
        eggs_after=0,
        cancelled_by_13=False,
        hand_total=3,
    ),
    MatchResult(winner=0, scores=(54, 12)),
    MatchResult(winner=1, scores=(101, 0), goats=0, dry=True),
]


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_event_round_trips_through_its_dict(event: Event) -> None:
    data = event.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert event_from_dict(data) == event


def test_samples_cover_every_event_type() -> None:
    assert {type(e) for e in SAMPLES} == set(typing.get_args(Event))


def test_every_event_type_has_its_own_type_name() -> None:
    names = {type(e): e.to_dict()["type"] for e in SAMPLES}
    assert len(set(names.values())) == len(names)


def test_unknown_event_type_is_refused() -> None:
    with pytest.raises(ValueError, match="sneeze"):
        event_from_dict({"type": "sneeze"})


@pytest.mark.parametrize(
    ("variant", "n_players"), [("draw", 2), ("draw", 4), ("block", 3), ("kozel", 4)]
)
def test_events_of_whole_matches_round_trip(variant: str, n_players: int) -> None:
    """Every event of real matches, and the same events as a seat sees them."""
    seen: set[type] = set()
    for seed in range(3):
        match, events = Match.new(variant, n_players, 50, seed=seed)
        while True:
            for event in events:
                seen.add(type(event))
                assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
            for event in seat_view(match, 0).history:
                assert event_from_dict(event.to_dict()) == event
            if match.match_over:
                break
            if match.hand_over:
                events = match.next_hand()
            else:
                events = match.play(match.turn, *match.legal_moves()[0])
    assert {HandStarted, Played, HandResult, MatchResult} <= seen


def test_played_event_gives_the_ends_after_the_tile() -> None:
    """R4.1, R8.4."""
    match, events = start("block", 2, BLOCK2_RUN)
    lead = of_type(events, Played)[0]
    assert (lead.seat, lead.tile, lead.end, lead.kind) == (
        0,
        tile("6-6"),
        None,
        PlayKind.FORCED_LEAD,
    )
    assert lead.ends_after == (6, 6)
    (laid,) = of_type(play(match, "6-5"), Played)
    assert laid.kind is PlayKind.CHOICE
    assert sorted(laid.ends_after) == [5, 6]
    assert laid.ends_after == match.state.line.ends()


def test_hand_result_and_redeal_events_of_a_kozel_hand() -> None:
    """R8.3, R8.4: the redeal says whose hand and why; the result reveals every hand."""
    match, events = start("kozel", 4, KOZEL_FIVE_DOUBLES, KOZEL_EGGS)
    assert events[:2] == [HandStarted(1, 0), Redealt(1, MisdealReason.DOUBLES)]
    events = play(match, after_lead(KOZEL_FISH_CHAIN))
    (hand_result,) = of_type(events, HandResult)
    assert events[-1] is hand_result
    assert hand_result.hands_after == tuple(tuple(sorted(h)) for h in match.state.hands)
    assert event_from_dict(hand_result.to_dict()) == hand_result
