"""A chat's history: its last matches, and the last hand of the latest one move by move.

A game's record expires two days after its match ends; the history does not, so an
entry holds what /history shows and nothing more: when, who sat where, the final
scores and who won (in Kozel the goats and a dry win). The latest match also keeps its
engine as it ended, to show its last hand move by move (`/history last`).

Every match is handed to `History.keep` by the finisher, perhaps more than once (a
crash after the keeper ran, two processes at once): the book records it once, by its
game id, in one atomic step.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from bot.game.kinds import GROUP
from bot.game.seats import NAME_LIMIT, Seat, holder
from bot.game.state import Finished, Game, rebuilt
from core.errors import GameError
from core.events import Drew, Event
from core.variants import Variant
from core.views import PublicView, public_view, seat_view

HISTORY_SIZE = 10  # matches kept per chat, the latest ones


class PastSeat(BaseModel):
    """Who played a seat: a person (`user` and `name`), a bot (neither), or a person who
    asked to be forgotten (`forgotten`, neither)."""

    model_config = ConfigDict(frozen=True)

    user: int | None = None
    name: str | None = Field(default=None, max_length=NAME_LIMIT)
    forgotten: bool = False


class PastMatch(BaseModel):
    """One finished match as /history shows it. Stored with its defaults left out, so a
    bot's seat costs two bytes."""

    model_config = ConfigDict(frozen=True)

    game_id: str = Field(pattern=r"^[0-9a-f]{10}$")
    ended: datetime
    variant: Variant
    target: int
    group: bool  # bots are numbered from 1 in a group, from 0 in a direct game
    seats: tuple[PastSeat, ...]
    scores: tuple[int, ...]  # final, per side (a team in Kozel)
    winner: int  # a side
    goats: int | None = None  # Kozel: the side that reached the mark (R7.6)
    dry: bool = False  # Kozel: the winners are still at 0 (R7.7)

    def to_json(self) -> str:
        return self.model_dump_json(exclude_defaults=True)

    @property
    def n_players(self) -> int:
        return len(self.seats)

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user == user_id), None)

    def forget(self, user_id: int) -> PastMatch | None:
        """This entry without `user_id`'s name and id; None when it does not name them."""
        if self.seat_of(user_id) is None:
            return None
        forgotten = PastSeat(forgotten=True)
        seats = tuple(forgotten if s.user == user_id else s for s in self.seats)
        return self.model_copy(update={"seats": seats})


class LastHand(BaseModel):
    """The engine of a chat's latest match as it ended (`core.engine.Match.to_dict`,
    opaque here): its last hand is shown through the engine's own views, so nothing is
    worked out again here. About 1.5 KB compressed, and one per chat."""

    model_config = ConfigDict(frozen=True)

    game_id: str = Field(pattern=r"^[0-9a-f]{10}$")
    engine: dict[str, Any]


@dataclass(frozen=True, slots=True)
class HandReplay:
    """The last hand of a chat's latest match, to show move by move."""

    match: PastMatch
    view: PublicView  # the match as it ended: the line, every hand revealed, the result
    events: tuple[Event, ...]  # the hand's, each draw as its drawer saw it


def replay(match: PastMatch, hand: LastHand) -> HandReplay | None:
    """The hand's events and the match's final view; None when the engine kept is no
    longer readable (an older schema). Once a hand is over every tile in it is revealed
    (R8.3), so a draw is shown with its tile: the drawer's own view of it."""
    try:
        engine = rebuilt(hand.engine)
    except (GameError, ValueError, KeyError, TypeError):
        return None
    public = public_view(engine)
    events = tuple(
        seat_view(engine, event.seat).history[i] if isinstance(event, Drew) else event
        for i, event in enumerate(public.history)
    )
    return HandReplay(match, public, events)


def past_seat(seat: Seat) -> PastSeat:
    """A seat's player: a bot keeping an absent person's seat is still that person's."""
    person = holder(seat)
    return PastSeat() if person is None else PastSeat(user=person.user_id, name=person.name)


def past_match(game: Game, state: Finished) -> PastMatch:
    result = state.result
    return PastMatch(
        game_id=game.game_id,
        ended=game.record.updated_at,  # the save that gave the match its result
        variant=game.settings.variant,
        target=game.settings.target,
        group=game.kind is GROUP,
        seats=tuple(past_seat(s) for s in state.seats),
        scores=result.scores,
        winner=result.winner,
        goats=result.goats,
        dry=result.dry,
    )


def last_hand(game: Game, state: Finished) -> LastHand:
    return LastHand(game_id=game.game_id, engine=state.match.to_dict())


class HistoryBook(Protocol):
    """Where the history lives (`bot.store.history`)."""

    async def add(self, chat_id: int, match: PastMatch, hand: LastHand) -> bool:
        """Record `match` in its chat, once: False when it already was."""
        ...

    async def recent(self, chat_id: int) -> list[PastMatch]:
        """The chat's kept matches, the latest first."""
        ...

    async def last_hand(self, chat_id: int) -> tuple[PastMatch, LastHand] | None:
        """The chat's latest match and its engine as it ended, if any."""
        ...


class History:
    """The /history use case, and the finisher's keeper that writes it."""

    def __init__(self, book: HistoryBook) -> None:
        self._book = book

    async def keep(self, game: Game) -> None:
        """Record a finished match in its chat (once, however often it is handed); a
        match whose table was an inline message, in each of its people's private chats
        (the chat it was posted in is not the bot's)."""
        state = game.state
        if not isinstance(state, Finished):
            return
        chats = [game.chat_id]
        if game.inline_message_id is not None:
            people = (holder(seat) for seat in state.seats)
            chats = [p.chat_id for p in people if p is not None and not p.in_group]
        for chat_id in chats:
            await self._book.add(chat_id, past_match(game, state), last_hand(game, state))

    async def recent(self, chat_id: int) -> list[PastMatch]:
        return await self._book.recent(chat_id)

    async def last_hand(self, chat_id: int) -> HandReplay | None:
        """The last hand of the chat's latest match, move by move."""
        kept = await self._book.last_hand(chat_id)
        return replay(*kept) if kept is not None else None
