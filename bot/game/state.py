"""The game in memory, built once per update from its record: the stage as a type of
its own (a lobby, a hand being played, a hand over, a finished match, a stopped game),
the engine rebuilt once, and each view computed once.

`Game` is what every layer above the store passes around; a use case that changes a
game returns a new `Game` (the engine it changed included) and never rebuilds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.game.kinds import DIRECT, GROUP, Kind
from bot.game.record import (
    GameRecord,
    GroupSide,
    LobbyStage,
    MatchStage,
    StoppedStage,
    TableSettings,
)
from bot.game.seats import BotSeat, HumanSeat, Seat
from core.engine import Match
from core.events import HandResult, MatchResult
from core.state import Phase
from core.views import PublicView, SeatView, public_view, seat_view


@dataclass(frozen=True, slots=True)
class Lobby:
    """Seats being filled; None is a free seat. `settings_open`: the lobby's message
    shows the settings instead of the seats; `variant_fixed`: the game and its number
    of players are not for choosing (a /kozel lobby)."""

    seats: tuple[Seat | None, ...]
    invite: bool
    settings_open: bool = False
    variant_fixed: bool = False


@dataclass(frozen=True, slots=True)
class InMatch:
    """A match was dealt: its seats and its engine."""

    seats: tuple[Seat, ...]
    seed: int
    match: Match


@dataclass(frozen=True, slots=True)
class Playing(InMatch):
    """A hand is being played: `turn` is the seat to move."""

    turn: int


@dataclass(frozen=True, slots=True)
class HandOver(InMatch):
    """A hand is over and the next one is not dealt yet."""

    result: HandResult


@dataclass(frozen=True, slots=True)
class Finished(InMatch):
    """The match has a result."""

    result: MatchResult


@dataclass(frozen=True, slots=True)
class Stopped:
    """Stopped, abandoned or cancelled; `match` is None when no match was ever dealt."""

    seats: tuple[Seat | None, ...]
    match: Match | None


State = Lobby | Playing | HandOver | Finished | Stopped


def state_of(stage: LobbyStage | MatchStage | StoppedStage, match: Match | None) -> State:
    """The typed state of a stored stage, `match` being its engine (already built)."""
    if isinstance(stage, LobbyStage):
        return Lobby(stage.seats, stage.invite, stage.settings_open, stage.variant_fixed)
    if isinstance(stage, StoppedStage):
        return Stopped(stage.was.seats, match)
    assert match is not None
    return in_match(stage.seats, stage.seed, match)


def in_match(seats: tuple[Seat, ...], seed: int, match: Match) -> Playing | HandOver | Finished:
    """The state of a match as its engine's phase says."""
    phase = match.state.phase
    if phase is Phase.PLAYING:
        turn = match.turn
        assert turn is not None
        return Playing(seats, seed, match, turn)
    if phase is Phase.HAND_OVER:
        result = match.last_result
        assert result is not None
        return HandOver(seats, seed, match, result)
    final = match.match_result
    assert final is not None
    return Finished(seats, seed, match, final)


def _engine_of(stage: LobbyStage | MatchStage | StoppedStage) -> Match | None:
    if isinstance(stage, StoppedStage):
        stage = stage.was
    return rebuilt(stage.engine) if isinstance(stage, MatchStage) else None


def rebuilt(engine: dict[str, Any]) -> Match:
    """An engine from its stored state (`Match.to_dict`), checked: the one place the bot
    rebuilds one (a game's when it is loaded, a kept match's for its history)."""
    return Match.from_dict(engine)


@dataclass(frozen=True, slots=True, eq=False)
class Game:
    """A stored game and its typed state. Views are computed on first use and kept:
    this object is one version of the game, never changed."""

    record: GameRecord
    state: State
    _views: dict[int | None, PublicView] = field(default_factory=dict, repr=False)

    @classmethod
    def load(cls, record: GameRecord) -> Game:
        """The game of a stored record; the engine is built here, once."""
        return cls(record, state_of(record.stage, _engine_of(record.stage)))

    def changed(
        self,
        stage: LobbyStage | MatchStage | StoppedStage,
        match: Match | None = None,
        /,
        **fields: Any,
    ) -> Game:
        """A new game: this one with `stage` (and other record `fields`) replaced. A stage
        with a match takes its engine `match` (already changed), never rebuilt."""
        record = self.record.model_copy(update={"stage": stage, **fields})
        return Game(record, state_of(stage, match))

    def with_match(
        self, match: Match, seats: tuple[Seat, ...], seed: int, /, **fields: Any
    ) -> Game:
        """A new game playing `match` (changed by a use case, not rebuilt) at `seats`."""
        stage = MatchStage(seats=seats, seed=seed, engine=match.to_dict())
        return self.changed(stage, match, **fields)

    def changed_at(self, now: datetime) -> Game:
        """This game, marked as changed at `now`."""
        return Game(self.record.model_copy(update={"updated_at": now}), self.state, self._views)

    def stored_as(self, record: GameRecord) -> Game:
        """This game as the store wrote it (a new version of the same content)."""
        return Game(record, self.state, self._views)

    # -- what it is ------------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def chat_id(self) -> int:
        return self.record.chat_id

    @property
    def settings(self) -> TableSettings:
        return self.record.settings

    @property
    def inline_message_id(self) -> str | None:
        """The inline message a group game's table is (None: a group's, or a direct
        game)."""
        group = self.record.group
        return group.inline_message_id if group is not None else None

    @property
    def kind(self) -> Kind:
        """Where it is played: in a group or in a direct chat (`bot.game.kinds`)."""
        return DIRECT if self.record.group is None else GROUP

    @property
    def side(self) -> GroupSide:
        """A group's game's side of the record: its group, language, opener, notices."""
        group = self.record.group
        if group is None:
            raise ValueError("a direct game has no group")
        return group

    @property
    def is_live(self) -> bool:
        """Open or being played: the chat cannot start another game."""
        return isinstance(self.state, Lobby | Playing | HandOver)

    @property
    def is_active(self) -> bool:
        """A match is under way (a hand may be over, waiting for the next)."""
        return isinstance(self.state, Playing | HandOver)

    @property
    def match(self) -> Match | None:
        """The engine, when a match was dealt (read it; change it only through a use case)."""
        state = self.state
        return state.match if isinstance(state, InMatch | Stopped) else None

    @property
    def seats(self) -> tuple[Seat | None, ...]:
        """The table's seats: a lobby's (None free) or the match's."""
        return self.state.seats

    def humans(self) -> list[tuple[int, HumanSeat]]:
        """`(seat, person)` for every person seated (in the lobby or the match)."""
        return [(i, s) for i, s in enumerate(self.seats) if isinstance(s, HumanSeat)]

    def seat_of(self, user_id: int) -> int | None:
        """The seat of `user_id`, or None when they do not sit at this table."""
        for seat, human in self.humans():
            if human.user_id == user_id:
                return seat
        return None

    def human(self, seat: int) -> HumanSeat:
        """The person at `seat` (the caller knows it is one)."""
        occupant = self.seats[seat]
        if not isinstance(occupant, HumanSeat):
            raise ValueError(f"seat {seat} is not a person's")
        return occupant

    def is_bot(self, seat: int) -> bool:
        return isinstance(self.seats[seat], BotSeat)

    # -- views, each computed once ----------------------------------------------------------

    def public_view(self) -> PublicView:
        """What everyone at the table may know (R8.1)."""
        return self._view(None)

    def seat_view(self, seat: int) -> SeatView:
        """What `seat` may know (R8.2)."""
        view = self._view(seat)
        assert isinstance(view, SeatView)
        return view

    def _view(self, seat: int | None) -> PublicView:
        view = self._views.get(seat)
        if view is None:
            match = self.match
            if match is None:
                raise ValueError("no match was dealt: there is nothing to view")
            view = public_view(match) if seat is None else seat_view(match, seat)
            self._views[seat] = view
        return view
