"""The turn timer of a group game, as pure changes and times: a person has the
lobby's number of seconds to move, counted from the game's last change; a reminder
comes when a third of it is left; when it runs out, a bot of the table's level moves
for them and the group is told. The second time in a row, a bot keeps their seat
until they take it back with one press. The worker applies these (`Matches.timeout_move`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.game.errors import RefusalCode, RefusalError
from bot.game.record import NoticeKind, SeatNotice
from bot.game.seats import BotSeat, HumanSeat, Seat
from bot.game.state import Game, InMatch, Playing
from core.engine import Match

REMIND_WHEN_LEFT = 1 / 3  # of the time: the reminder
AWAY_AFTER = 2  # expiries in a row after which a bot keeps the seat


@dataclass(frozen=True, slots=True)
class Deadline:
    """The person at `seat` is to move: reminded at `remind_at`, replaced at
    `expires_at` (timestamps)."""

    seat: int
    remind_at: float
    expires_at: float


def deadline(game: Game) -> Deadline | None:
    """The deadline of the person to move, in a group game with a turn timer."""
    seconds = game.settings.turn_timer
    state = game.state
    if not game.kind.timed or not seconds or not isinstance(state, Playing):
        return None
    if game.is_bot(state.turn):
        return None
    start = game.record.updated_at.timestamp()
    return Deadline(state.turn, start + seconds * (1 - REMIND_WHEN_LEFT), start + seconds)


def stand_in(game: Game, seat: int) -> tuple[Seat, ...]:
    """The seats with a bot of the table's level at `seat`: it decides for the person."""
    state = game.state
    assert isinstance(state, InMatch)
    seats = list(state.seats)
    seats[seat] = BotSeat(level=game.settings.level)
    return tuple(seats)


def timed_out(game: Game, seat: int, match: Match, results_before: int) -> Game:
    """`game` after a bot moved for the person at `seat` on `match`, which had
    `results_before` hand results before the move (the group is told before the
    hand's result, if the move ended it); the second time in a row a bot keeps the seat."""
    state = game.state
    group = game.side
    assert isinstance(state, InMatch)
    person = game.human(seat)
    timeouts = person.timeouts + 1
    after = results_before
    notices = [
        SeatNotice(kind=NoticeKind.TIMED_OUT, seat=seat, name=person.name, after_results=after)
    ]
    seats: list[Seat] = list(state.seats)
    if timeouts >= AWAY_AFTER:
        seats[seat] = BotSeat(
            level=game.settings.level, away=person.model_copy(update={"timeouts": 0})
        )
        notices.append(
            SeatNotice(kind=NoticeKind.AWAY, seat=seat, name=person.name, after_results=after)
        )
    else:
        seats[seat] = person.model_copy(update={"timeouts": timeouts})
    return game.with_match(
        match,
        tuple(seats),
        state.seed,
        group=group.model_copy(update={"notices": (*group.notices, *notices)}),
    )


def back(game: Game, user_id: int, seat: int) -> Game:
    """The person whose seat a bot kept takes it back, at once (mid-hand too)."""
    state = game.state
    if not game.kind.timed or not game.is_active or not isinstance(state, InMatch):
        raise RefusalError(RefusalCode.GAME_OVER)
    group = game.side
    if not 0 <= seat < len(state.seats):
        raise RefusalError(RefusalCode.INVALID)
    occupant = state.seats[seat]
    if not isinstance(occupant, BotSeat) or occupant.away is None:
        raise RefusalError(RefusalCode.STALE)
    if occupant.away.user_id != user_id:
        raise RefusalError(RefusalCode.NOT_ALLOWED)
    seats: list[Seat] = list(state.seats)
    person: HumanSeat = occupant.away
    seats[seat] = person
    notice = SeatNotice(
        kind=NoticeKind.BACK,
        seat=seat,
        name=person.name,
        after_results=len(state.match.state.results),
    )
    return game.with_match(
        state.match,
        tuple(seats),
        state.seed,
        group=group.model_copy(update={"notices": (*group.notices, notice)}),
    )
