"""The game record stored per game: the engine's state plus the Telegram side.

Designed for several human seats: each human has their own private chat (where
their game or hand message lives), language and log mark; bot seats only have a
level. A group game also has a `Group` part: its lobby, its settings and what the
group was told. Where messages live is not here (see `bot.messages`): sending a
message anew must not change `version`, which every compare-and-set checks and
every move button carries.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.players import Level
from core.variants import Variant

NAME_LIMIT = 64  # characters kept of a Telegram display name or group title


class LogMark(BaseModel):
    """Where this seat's log starts: the hand's event index at its last move."""

    model_config = ConfigDict(frozen=True)

    hand_no: int = 0
    index: int = 0


class HumanSeat(BaseModel):
    """A person. `chat_id` is their private chat with the bot."""

    kind: Literal["human"] = "human"
    user_id: int
    name: str = Field(max_length=NAME_LIMIT)
    language: str
    chat_id: int
    log_mark: LogMark = LogMark()


class BotSeat(BaseModel):
    """A bot player of a given level."""

    kind: Literal["bot"] = "bot"
    level: Level


Seat = Annotated[HumanSeat | BotSeat, Field(discriminator="kind")]


class GameStatus(StrEnum):
    LOBBY = "lobby"  # a group game whose seats are being filled
    ACTIVE = "active"  # being played (a hand may be over, waiting for the next)
    FINISHED = "finished"  # the match has a result
    STOPPED = "stopped"  # abandoned with /stop, or a lobby cancelled


class NoticeKind(StrEnum):
    LEFT = "left"  # a person left the match: a bot plays their seat
    TOOK = "took"  # a person took a bot's seat between hands
    ALL_LEFT = "all-left"  # the last person left: the match is abandoned


class SeatNotice(BaseModel):
    """A change of players the group is told about. `after_results` is how many hand
    results existed when it happened: it orders notices among the results."""

    model_config = ConfigDict(frozen=True)

    kind: NoticeKind
    seat: int
    name: str = Field(max_length=NAME_LIMIT)
    after_results: int = 0


class Group(BaseModel):
    """The group side of a group game: where it is played, by whose settings."""

    title: str = Field(max_length=NAME_LIMIT)
    language: str  # of the group's messages: the lobby creator's
    creator_id: int
    variant: Variant
    n_players: int
    target: int
    level: Level = Level.MEDIUM  # of bots added in the lobby and bots that replace a leaver
    # The lobby's seats while the status is LOBBY (None: free); `GameRecord.seats` after.
    lobby: list[Seat | None] = Field(default_factory=list)
    invite: bool = False  # someone could not be written to: the lobby shows a deep link
    notices: list[SeatNotice] = Field(default_factory=list)

    def lobby_humans(self) -> list[tuple[int, HumanSeat]]:
        return [(i, s) for i, s in enumerate(self.lobby) if isinstance(s, HumanSeat)]


class GameRecord(BaseModel):
    """One game, as stored. The engine state is opaque here: only `core` reads it.

    Format 1 grew, compatibly, the group part and the lobby status: every field
    added has a default, so records written before load unchanged.
    """

    schema_version: Literal[1] = 1  # bump, with a migration, when the format changes
    game_id: str = Field(pattern=r"^[0-9a-f]{10}$")
    version: int = Field(default=0, ge=0)
    chat_id: int  # the chat the game belongs to: a private chat, or a group
    seats: list[Seat]
    engine: dict[str, Any]
    seed: int
    status: GameStatus = GameStatus.ACTIVE
    group: Group | None = None
    created_at: datetime
    updated_at: datetime

    @property
    def is_active(self) -> bool:
        return self.status is GameStatus.ACTIVE

    @property
    def is_live(self) -> bool:
        """Open or being played: the chat cannot start another game."""
        return self.status in {GameStatus.LOBBY, GameStatus.ACTIVE}

    def humans(self) -> list[tuple[int, HumanSeat]]:
        """`(seat, human)` for every human seat of the match (none in a lobby)."""
        return [(i, s) for i, s in enumerate(self.seats) if isinstance(s, HumanSeat)]

    def people(self) -> list[HumanSeat]:
        """Every person seated, in the lobby (open or cancelled) or in the match."""
        if not self.seats and self.group is not None:
            return [h for _, h in self.group.lobby_humans()]
        return [h for _, h in self.humans()]

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
