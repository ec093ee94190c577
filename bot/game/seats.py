"""Who sits at a table: a person (with their private chat, language and how far they
have read the hand's log) or a bot of some level."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.game.people import Person
from core.players import Level

NAME_LIMIT = 64  # characters kept of a Telegram display name or group title


class LogMark(BaseModel):
    """Where this seat's log starts: the hand's event index at its last move."""

    model_config = ConfigDict(frozen=True)

    hand_no: int = 0
    index: int = 0


class CoachNote(BaseModel):
    """A direct game's costliest decision of a hand so far (see `bot.game.advice`): the
    move played and the better one, with the line's ends then, to show them as buttons
    did."""

    model_config = ConfigDict(frozen=True)

    hand_no: int
    cost: float  # expected points given away against the better move
    played: tuple[str, str | None]  # (tile "a-b", end "left"/"right" or None)
    better: tuple[str, str | None]
    ends: tuple[int, int] | None


class HumanSeat(BaseModel):
    """A person. `chat_id` is their private chat with the bot."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["human"] = "human"
    user_id: int
    name: str = Field(max_length=NAME_LIMIT)
    language: str
    chat_id: int
    # Reached in the group only (`Person.in_group`): no private message is sent to them,
    # their hand is shown inside the group and their turn is called out there.
    in_group: bool = False
    log_mark: LogMark = LogMark()
    timeouts: int = 0  # turns in a row whose time ran out (a turn timer)
    # The press (callback query id) that made the seat's last move: Telegram hands a
    # press again when the process that saved its move died before answering, and that
    # press is then answered as played, not as out of date.
    press: str | None = None
    # When the person last moved (a timestamp): a turn that comes back soon after finds
    # them at the chat.
    moved_at: float | None = None
    # Direct games: hints asked this match, the decision (hand, decision number) the
    # last one was for (asking again there counts once), and the hand's coach note.
    hints: int = 0
    hinted: tuple[int, int] | None = None
    coach: CoachNote | None = None


class BotSeat(BaseModel):
    """A bot player of a given level; `away`: the person whose seat it keeps while
    their time ran out twice in a row (they may take it back)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["bot"] = "bot"
    level: Level
    away: HumanSeat | None = None


Seat = Annotated[HumanSeat | BotSeat, Field(discriminator="kind")]


def human_seat(person: Person) -> HumanSeat:
    """The seat a person takes."""
    return HumanSeat(
        user_id=person.user_id,
        name=person.name[:NAME_LIMIT],
        language=person.language,
        chat_id=person.chat_id,
        in_group=person.in_group,
    )


def holder(seat: Seat | None) -> HumanSeat | None:
    """The person a seat is theirs: its person, or the one whose seat a bot keeps while
    they are away; None for a bot's own seat (or a free one)."""
    person = seat.away if isinstance(seat, BotSeat) else seat
    return person if isinstance(person, HumanSeat) else None
