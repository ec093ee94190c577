"""The game record stored per game: the engine's state plus the Telegram side.

Designed for several human seats from the start: each human has their own chat
(where their private game message lives), language, message id and log mark;
bot seats only have a level. `version` is what every compare-and-set checks.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.players import Level

NAME_LIMIT = 64  # characters kept of a Telegram display name


class LogMark(BaseModel):
    """Where this seat's log starts: the hand's event index at its last move."""

    model_config = ConfigDict(frozen=True)

    hand_no: int = 0
    index: int = 0


class HumanSeat(BaseModel):
    """A person. `chat_id` is where their game message lives (their private chat)."""

    kind: Literal["human"] = "human"
    user_id: int
    name: str = Field(max_length=NAME_LIMIT)
    language: str
    chat_id: int
    message_id: int | None = None
    log_mark: LogMark = LogMark()


class BotSeat(BaseModel):
    """A bot player of a given level."""

    kind: Literal["bot"] = "bot"
    level: Level


Seat = Annotated[HumanSeat | BotSeat, Field(discriminator="kind")]


class GameStatus(StrEnum):
    ACTIVE = "active"  # being played (a hand may be over, waiting for the next)
    FINISHED = "finished"  # the match has a result
    STOPPED = "stopped"  # abandoned with /stop


class GameRecord(BaseModel):
    """One game, as stored. The engine state is opaque here: only `core` reads it."""

    schema_version: Literal[1] = 1  # bump, with a migration, when the format changes
    game_id: str = Field(pattern=r"^[0-9a-f]{10}$")
    version: int = Field(default=0, ge=0)
    chat_id: int
    seats: list[Seat]
    engine: dict[str, Any]
    seed: int
    status: GameStatus = GameStatus.ACTIVE
    created_at: datetime
    updated_at: datetime

    @property
    def is_active(self) -> bool:
        return self.status is GameStatus.ACTIVE

    def humans(self) -> list[tuple[int, HumanSeat]]:
        """`(seat, human)` for every human seat."""
        return [(i, s) for i, s in enumerate(self.seats) if isinstance(s, HumanSeat)]

    def seat_of(self, user_id: int) -> int | None:
        """The seat of `user_id`, or None when they do not play in this game."""
        for seat, human in self.humans():
            if human.user_id == user_id:
                return seat
        return None

    def human(self, seat: int) -> HumanSeat:
        """The human at `seat` (the caller knows it is one)."""
        occupant = self.seats[seat]
        if not isinstance(occupant, HumanSeat):
            raise ValueError(f"seat {seat} is a bot")
        return occupant

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, raw: str | bytes) -> GameRecord:
        return cls.model_validate_json(raw)
