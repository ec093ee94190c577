"""What happened, step by step, for the bot to announce (R8.4).

Every event is a small record with a JSON-compatible `to_dict` and a matching
`event_from_dict`, so the bot can store them next to the state. Treat them as
immutable; they are plain slotted dataclasses because the engine makes one or two
per move and frozen ones cost three times as much to build.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeAlias

from core.line import End
from core.tiles import Tile, format_tiles, parse_tiles


class PlayKind(StrEnum):
    """How a tile reached the line."""

    CHOICE = "choice"  # a player's decision (including a free lead)
    FORCED_LEAD = "forced_lead"  # R3.1, R3.3: laid by the engine
    AUTO = "auto"  # R5.1: a drawn tile that fits one way only, laid at once


class EndReason(StrEnum):
    DOMINO = "domino"  # R6.1, R7.1, R9.7
    BLOCKED = "blocked"  # R6.2, R7.2 (a fish; eggs when tied)


class MisdealReason(StrEnum):
    """R2.3: why a Kozel deal was rejected."""

    DOUBLES = "doubles"  # five or more doubles in one hand
    SUIT = "suit"  # six or more tiles bearing one number


@dataclass(slots=True)
class HandStarted:
    hand_no: int
    leader: int  # the seat that leads (forced or free)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "hand_started", "hand_no": self.hand_no, "leader": self.leader}


@dataclass(slots=True)
class Redealt:
    """R2.3, R8.4: a Kozel deal was rejected and dealt again."""

    seat: int
    reason: MisdealReason

    def to_dict(self) -> dict[str, Any]:
        return {"type": "redeal", "seat": self.seat, "reason": self.reason.value}


@dataclass(init=False)
class Played:
    """A tile laid. The engine makes one per tile: its `__init__` is written out, which
    the compiled build turns into a native constructor (a generated one is not)."""

    seat: int
    tile: Tile
    end: End | None  # None for a lead
    kind: PlayKind
    ends_after: tuple[int, int]  # the line's (left, right) numbers once laid

    def __init__(
        self, seat: int, tile: Tile, end: End | None, kind: PlayKind, ends_after: tuple[int, int]
    ) -> None:
        self.seat = seat
        self.tile = tile
        self.end = end
        self.kind = kind
        self.ends_after = ends_after

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "play",
            "seat": self.seat,
            "tile": str(self.tile),
            "end": self.end.value if self.end else None,
            "kind": self.kind.value,
            "ends_after": list(self.ends_after),
        }


@dataclass(slots=True)
class Drew:
    """R5.1. `tile` is None in every view but the drawer's (R8.4)."""

    seat: int
    tile: Tile | None
    ends: tuple[int, int]  # the ends the drawer could not match
    boneyard_left: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "draw",
            "seat": self.seat,
            "tile": str(self.tile) if self.tile else None,
            "ends": list(self.ends),
            "boneyard_left": self.boneyard_left,
        }


@dataclass(slots=True)
class Passed:
    """R5.1 (empty boneyard), R5.3. `ends` proves the seat holds neither number."""

    seat: int
    ends: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pass", "seat": self.seat, "ends": list(self.ends)}


@dataclass(slots=True)
class HandResult:
    """The end of a hand (R6, R7), with every hand revealed (R8.3, R9.12).

    `winner` is a seat (draw, block) or a team (Kozel), None on a tie or eggs.
    `points`: what the winner scored (draw, block) or the penalty written to the
    losing team (Kozel), 0 when the rule of 13 cancels it.
    """

    hand_no: int
    reason: EndReason
    winner: int | None
    points: int
    counts: tuple[int, ...]
    scores_after: tuple[int, ...]
    hands_after: tuple[tuple[Tile, ...], ...]
    rest: tuple[Tile, ...]
    last_player: int
    next_leader: int | None
    eggs_used: int = 0  # Kozel: carried eggs folded into this hand's total
    eggs_after: int = 0  # Kozel: eggs carried out of this hand
    cancelled_by_13: bool = False  # Kozel: R7.4 left the total unrecorded
    hand_total: int = 0  # Kozel: the hand's own total before eggs

    @property
    def is_tie(self) -> bool:
        """R6.3 tie or R7.3 eggs: nobody won or recorded."""
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "hand_ended",
            "hand_no": self.hand_no,
            "reason": self.reason.value,
            "winner": self.winner,
            "points": self.points,
            "counts": list(self.counts),
            "scores_after": list(self.scores_after),
            "hands_after": [format_tiles(h) for h in self.hands_after],
            "rest": [str(t) for t in self.rest],
            "last_player": self.last_player,
            "next_leader": self.next_leader,
            "eggs_used": self.eggs_used,
            "eggs_after": self.eggs_after,
            "cancelled_by_13": self.cancelled_by_13,
            "hand_total": self.hand_total,
        }


@dataclass(slots=True)
class MatchResult:
    """R6.4, R7.6, R7.7. `winner` and `goats` are seats (draw, block) or teams (Kozel)."""

    winner: int
    scores: tuple[int, ...]
    goats: int | None = None
    dry: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "match_ended",
            "winner": self.winner,
            "scores": list(self.scores),
            "goats": self.goats,
            "dry": self.dry,
        }


Event: TypeAlias = HandStarted | Redealt | Played | Drew | Passed | HandResult | MatchResult


def _ends(raw: list[int]) -> tuple[int, int]:
    return (int(raw[0]), int(raw[1]))


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from `to_dict`'s output."""
    kind = data["type"]
    if kind == "hand_started":
        return HandStarted(data["hand_no"], data["leader"])
    if kind == "redeal":
        return Redealt(data["seat"], MisdealReason(data["reason"]))
    if kind == "play":
        return Played(
            data["seat"],
            Tile.parse(data["tile"]),
            End(data["end"]) if data["end"] else None,
            PlayKind(data["kind"]),
            _ends(data["ends_after"]),
        )
    if kind == "draw":
        tile = Tile.parse(data["tile"]) if data["tile"] else None
        return Drew(data["seat"], tile, _ends(data["ends"]), data["boneyard_left"])
    if kind == "pass":
        return Passed(data["seat"], _ends(data["ends"]))
    if kind == "hand_ended":
        return HandResult(
            hand_no=data["hand_no"],
            reason=EndReason(data["reason"]),
            winner=data["winner"],
            points=data["points"],
            counts=tuple(data["counts"]),
            scores_after=tuple(data["scores_after"]),
            hands_after=tuple(tuple(parse_tiles(h)) for h in data["hands_after"]),
            rest=tuple(parse_tiles(data["rest"])),
            last_player=data["last_player"],
            next_leader=data["next_leader"],
            eggs_used=data["eggs_used"],
            eggs_after=data["eggs_after"],
            cancelled_by_13=data["cancelled_by_13"],
            hand_total=data["hand_total"],
        )
    if kind == "match_ended":
        return MatchResult(data["winner"], tuple(data["scores"]), data["goats"], data["dry"])
    raise ValueError(f"unknown event type {kind!r}")
