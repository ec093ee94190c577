"""The game as stored: one document per game. Its stage says, by its type, what the
game is doing: a lobby filling its seats, a match being played (or over), or stopped.
No state is told by an empty field.

Where the game's messages are is not here (see `bot.store.messages`): sending a
message anew must not change `version`, which every compare-and-set checks and every
move button carries.
"""

from __future__ import annotations

import json
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field

from bot.game.seats import NAME_LIMIT, Seat
from core.players import Level
from core.variants import Variant


class TableSettings(BaseModel):
    """What the table plays: chosen in the /play menu or the group's lobby; a rematch
    plays it again."""

    model_config = ConfigDict(frozen=True)

    variant: Variant
    n_players: int
    target: int
    level: Level = Level.MEDIUM  # of the bots; in a group, of those that replace a leaver
    turn_timer: int = Field(default=0, ge=0)  # seconds a person has to move; 0: no timer


class NoticeKind(StrEnum):
    LEFT = "left"  # a person left the match: a bot plays their seat
    TOOK = "took"  # a person took a bot's seat between hands
    ALL_LEFT = "all-left"  # the last person left: the match is abandoned
    TIMED_OUT = "timed-out"  # a person's time ran out: a bot moved for them
    AWAY = "away"  # ... twice in a row: a bot plays their seat until they come back
    BACK = "back"  # they took their seat back


class SeatNotice(BaseModel):
    """A change of players the group is told about. `after_results` is how many hand
    results existed when it happened: it orders notices among the results."""

    model_config = ConfigDict(frozen=True)

    kind: NoticeKind
    seat: int
    name: str = Field(max_length=NAME_LIMIT)
    after_results: int = 0


class GroupSide(BaseModel):
    """A game played in a group: where, in which language, opened by whom, and the
    seat changes the group is told about."""

    model_config = ConfigDict(frozen=True)

    title: str = Field(max_length=NAME_LIMIT)
    language: str  # of the group's messages: the opener's
    creator_id: int
    notices: tuple[SeatNotice, ...] = ()
    # The table is an inline message (an invitation posted in any chat): edited by this
    # id, and nothing else is ever posted where it is.
    inline_message_id: str | None = None


class LobbyStage(BaseModel):
    """Seats being filled (a group game): None is a free seat."""

    model_config = ConfigDict(frozen=True)

    stage: Literal["lobby"] = "lobby"
    seats: tuple[Seat | None, ...]
    invite: bool = False  # someone could not be written to: the lobby shows a deep link
    settings_open: bool = False  # the lobby's message shows its settings, not its seats
    variant_fixed: bool = False  # opened with /kozel: the game and its players are set


class MatchStage(BaseModel):
    """A match: its seats, its seed (bots' chance derives from it) and the engine's
    state (`core.engine.Match.to_dict`, opaque here). Playing, between hands or over:
    the engine says which."""

    model_config = ConfigDict(frozen=True)

    stage: Literal["match"] = "match"
    seats: tuple[Seat, ...]
    seed: int
    engine: dict[str, Any]


class StoppedStage(BaseModel):
    """Stopped with /stop, abandoned by everyone, or a lobby cancelled: `was` is the
    stage it was stopped in."""

    model_config = ConfigDict(frozen=True)

    stage: Literal["stopped"] = "stopped"
    was: Annotated[LobbyStage | MatchStage, Field(discriminator="stage")]


Stage = Annotated[LobbyStage | MatchStage | StoppedStage, Field(discriminator="stage")]


class GameRecord(BaseModel):
    """One game, as stored."""

    model_config = ConfigDict(frozen=True)

    schema_version: Literal[2] = 2  # bump, with a migration, when the format changes
    game_id: str = Field(pattern=r"^[0-9a-f]{10}$")
    version: int = Field(default=0, ge=0)
    chat_id: int  # the chat the game belongs to: a private chat, or a group
    settings: TableSettings
    group: GroupSide | None = None  # None: a direct game, one person against bots
    stage: Stage
    created_at: datetime
    updated_at: datetime

    def to_json(self) -> bytes:
        """The record as JSON. Its engine's state (`Match.to_dict`: plain JSON data, a
        few KB of small lists) is written by orjson as it is: pydantic's own writing
        looks at each of its values in turn, six times slower for a whole record. The
        rest is pydantic's, written by the standard library (orjson refuses integers of
        more than 64 bits, such as the bots' seed)."""
        head = self.model_dump(mode="json", exclude={"stage"})
        return _member(_dumps(head), "stage", _stage_json(self.stage)).encode()

    @classmethod
    def from_json(cls, raw: str | bytes) -> GameRecord:
        """A record from its JSON (ValueError or ValidationError when it is not one)."""
        return cls.model_validate_json(raw)


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _member(obj: str, key: str, value: str) -> str:
    """A JSON object's text (never an empty object) with one more member."""
    return f'{obj[:-1]},"{key}":{value}}}'


def _stage_json(stage: LobbyStage | MatchStage | StoppedStage) -> str:
    if isinstance(stage, MatchStage):
        rest = _dumps(stage.model_dump(mode="json", exclude={"engine"}))
        return _member(rest, "engine", orjson.dumps(stage.engine).decode())
    if isinstance(stage, StoppedStage):
        rest = _dumps(stage.model_dump(mode="json", exclude={"was"}))
        return _member(rest, "was", _stage_json(stage.was))
    return _dumps(stage.model_dump(mode="json"))
