"""The whole state of a match, and its exact JSON-compatible serialisation."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from core.deal import Dealer, dealer_from_dict
from core.errors import ErrorCode, GameError
from core.events import Event, HandResult, MatchResult, event_from_dict
from core.line import End, Line
from core.tiles import Tile, parse_tiles
from core.variants import Settings, Variant

SCHEMA_VERSION = 1
_T = TypeVar("_T")


class Phase(StrEnum):
    PLAYING = "playing"  # waiting for `turn` to decide
    HAND_OVER = "hand_over"  # waiting for the next hand to be dealt
    MATCH_OVER = "match_over"


@dataclass(init=False)
class Decision:
    """One player decision, enough to replay a match (with its dealer). The engine
    records one per move: `__init__` is written out for the compiled build, as for
    `core.events.Played`."""

    hand_no: int
    seat: int
    tile: Tile
    end: End | None

    def __init__(self, hand_no: int, seat: int, tile: Tile, end: End | None) -> None:
        self.hand_no = hand_no
        self.seat = seat
        self.tile = tile
        self.end = end

    def to_list(self) -> list[Any]:
        return [self.hand_no, self.seat, str(self.tile), self.end.value if self.end else None]

    @classmethod
    def from_list(cls, raw: list[Any]) -> Decision:
        return cls(int(raw[0]), int(raw[1]), Tile.parse(raw[2]), End(raw[3]) if raw[3] else None)


@dataclass
class MatchState:
    """Everything about a match. Mutated only by `core.engine.Match`."""

    settings: Settings
    dealer: Dealer
    hand_no: int = 0
    scores: list[int] = field(default_factory=list)
    eggs: int = 0  # Kozel: points carried by tied fish (R7.3)
    next_leader: int | None = None  # free lead of the next hand; None: forced (R3)
    hands: list[list[Tile]] = field(default_factory=list)
    rest: list[Tile] = field(default_factory=list)  # boneyard (draw order) or out of play
    line: Line = field(default_factory=Line)
    turn: int | None = None
    pending_drawn: Tile | None = None  # R5.1: a drawn tile that fits two different ends
    phase: Phase = Phase.PLAYING
    last_player: int | None = None  # who laid the latest tile of this hand
    log: list[Event] = field(default_factory=list)  # this hand's events, in order
    results: list[HandResult] = field(default_factory=list)
    match_result: MatchResult | None = None
    decisions: list[Decision] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible dict; `from_dict` rebuilds the state exactly."""
        return {
            "schema": SCHEMA_VERSION,
            "variant": self.settings.variant.value,
            "n_players": self.settings.n_players,
            "target": self.settings.target,
            "dealer": self.dealer.to_dict(),
            "hand_no": self.hand_no,
            "scores": list(self.scores),
            "eggs": self.eggs,
            "next_leader": self.next_leader,
            "hands": [[str(t) for t in h] for h in self.hands],
            "rest": [str(t) for t in self.rest],
            "line": self.line.to_list(),
            "turn": self.turn,
            "pending_drawn": str(self.pending_drawn) if self.pending_drawn else None,
            "phase": self.phase.value,
            "last_player": self.last_player,
            "log": [e.to_dict() for e in self.log],
            "results": [r.to_dict() for r in self.results],
            "match_result": self.match_result.to_dict() if self.match_result else None,
            "decisions": [d.to_list() for d in self.decisions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchState:
        """Rebuild a state written by `to_dict`; refuses another schema version."""
        if data.get("schema") != SCHEMA_VERSION:
            raise GameError(ErrorCode.BAD_STATE, f"unsupported schema {data.get('schema')!r}")
        try:
            results = [_expect(HandResult, event_from_dict(r)) for r in data["results"]]
            match_result = (
                _expect(MatchResult, event_from_dict(data["match_result"]))
                if data["match_result"]
                else None
            )
            return cls(
                settings=Settings(Variant(data["variant"]), data["n_players"], data["target"]),
                dealer=dealer_from_dict(data["dealer"]),
                hand_no=data["hand_no"],
                scores=list(data["scores"]),
                eggs=data["eggs"],
                next_leader=data["next_leader"],
                hands=[sorted(parse_tiles(h)) for h in data["hands"]],  # kept sorted
                rest=parse_tiles(data["rest"]),
                line=Line.from_list(data["line"]),
                turn=data["turn"],
                pending_drawn=Tile.parse(data["pending_drawn"]) if data["pending_drawn"] else None,
                phase=Phase(data["phase"]),
                last_player=data["last_player"],
                log=[event_from_dict(e) for e in data["log"]],
                results=results,
                match_result=match_result,
                decisions=[Decision.from_list(d) for d in data["decisions"]],
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            # GameError is a ValueError: a bad tile or setting inside is a bad state too.
            raise GameError(ErrorCode.BAD_STATE, f"malformed state: {exc!r}"[:200]) from exc


def _expect(kind: type[_T], value: object) -> _T:
    if not isinstance(value, kind):
        raise ValueError(f"expected {kind.__name__}, got {type(value).__name__}")
    return value
