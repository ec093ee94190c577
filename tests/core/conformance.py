"""Replays the conformance cases (tests/data/conformance, see its README) through the engine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from core.deal import Deal
from core.engine import Match
from core.events import Drew, Event, HandResult, Passed, Played, PlayKind, Redealt
from core.line import End
from core.tiles import Tile, format_tiles
from core.views import seat_view

CASES_DIR = Path(__file__).resolve().parents[1] / "data" / "conformance"


def load_cases() -> Iterator[dict[str, Any]]:
    yield from json.loads((CASES_DIR / "scripted.json").read_text())
    with open(CASES_DIR / "random.jsonl") as lines:
        yield from (json.loads(line) for line in lines if line.strip())


def deals_of(case: dict[str, Any]) -> list[Deal]:
    dealt: list[Deal] = []
    for d in case["deals"]:
        dealt += [Deal.from_dict(r) for r in d.get("rejected", [])]
        dealt.append(Deal.from_dict(d))
    return dealt


def result_as_case(result: HandResult, kozel: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "reason": result.reason.value,
        "winner": result.winner,
        "points": result.points,
        "counts": list(result.counts),
        "scores_after": list(result.scores_after),
        "next_leader": result.next_leader,
        "hands_after": [format_tiles(h) for h in result.hands_after],
    }
    if kozel:
        out["eggs_after"] = result.eggs_after
    return out


def forced_as_case(event: Event, after: int) -> dict[str, Any] | None:
    if isinstance(event, Redealt):
        return {"type": "redeal", "after": after}
    if isinstance(event, Played) and event.kind is PlayKind.FORCED_LEAD:
        return {"type": "lead_forced", "seat": event.seat, "tile": str(event.tile), "after": after}
    if isinstance(event, Played) and event.kind is PlayKind.AUTO:
        return {"type": "auto_play", "seat": event.seat, "tile": str(event.tile), "after": after}
    if isinstance(event, Drew):
        return {"type": "draw", "seat": event.seat, "tile": str(event.tile), "after": after}
    if isinstance(event, Passed):
        return {"type": "pass", "seat": event.seat, "after": after}
    return None


def view_as_case(match: Match, seat: int, kozel: bool) -> dict[str, Any]:
    view = seat_view(match, seat)
    sees: dict[str, Any] = {
        "turn": view.turn,
        "hand": format_tiles(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "boneyard_size": view.boneyard_size,
        "ends": sorted(view.ends) if view.ends else None,
        "scores": list(view.scores),
        "target": view.target,
    }
    if kozel:
        sees["eggs"] = view.eggs
    if view.revealed is not None:
        sees["revealed"] = {
            "hands": [format_tiles(h) for h in view.revealed.hands_after],
            "counts": list(view.revealed.counts),
            "rest": [str(t) for t in view.revealed.rest],
        }
    return sees


def replay_case(case: dict[str, Any]) -> None:
    """Replay one case; raises AssertionError with the case id on any difference."""
    cid = case["id"]
    kozel = case["variant"] == "kozel"
    views = case.get("views", [])
    match, events = Match.new(
        case["variant"], case["n_players"], case["target"], deals=deals_of(case)
    )
    for k, (decisions, want) in enumerate(zip(case["decisions"], case["results"], strict=True)):
        if k:
            events = match.next_hand()
        forced = [f for e in events if (f := forced_as_case(e, 0))]
        _check_views(match, views, k + 1, 0, cid=cid, kozel=kozel)
        for n, d in enumerate(decisions, start=1):
            assert not match.hand_over, (cid, k, n, d)
            assert match.turn == d["seat"], (cid, k, n, match.turn, d)
            tile = Tile.parse(d["tile"])
            ends = [e for (t, e) in match.legal_moves() if t == tile]
            assert ends, (cid, k, n, d, "tile not among the legal moves")
            end: End | None
            if "on" in d:
                assert len(ends) == 2, (cid, k, n, d)
                end = next(e for e in ends if e is not None and match.end_number(e) == d["on"])
            else:
                assert len(ends) == 1, (cid, k, n, d)
                end = ends[0]
            events = match.play(d["seat"], tile, end)
            forced += [f for e in events if (f := forced_as_case(e, n))]
            _check_views(match, views, k + 1, n, cid=cid, kozel=kozel)
        assert match.hand_over, (cid, k, "hand not over after its last decision")
        assert match.last_result is not None
        got = result_as_case(match.last_result, kozel)
        expected = {key: v for key, v in want.items() if key != "forced"}
        assert got == expected, (cid, k, got, expected)
        if "forced" in want:
            assert forced == want["forced"], (cid, k, forced, want["forced"])
    assert match.match_over == (case["match"] is not None), (cid, "match over?")
    if case["match"] is not None:
        result = match.match_result
        assert result is not None
        got_match: dict[str, Any] = {"winner": result.winner}
        if kozel:
            got_match.update(goats=result.goats, dry=result.dry)
        assert got_match == case["match"], (cid, got_match, case["match"])


def _check_views(
    match: Match, views: list[dict[str, Any]], hand: int, after: int, *, cid: str, kozel: bool
) -> None:
    for v in views:
        if v["hand"] == hand and v["after"] == after:
            got = view_as_case(match, v["seat"], kozel)
            assert got == v["sees"], (cid, hand, after, got, v["sees"])
