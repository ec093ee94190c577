"""Pure changes of a game that several use cases share: each takes a game and returns
the changed game (itself when nothing changes), or raises `RefusalError`; the use
cases save them."""

from __future__ import annotations

from bot.game import lobby
from bot.game.errors import RefusalCode, RefusalError
from bot.game.kinds import GROUP
from bot.game.people import Person
from bot.game.record import MatchStage, NoticeKind, SeatNotice, StoppedStage
from bot.game.seats import BotSeat, HumanSeat, human_seat
from bot.game.state import Game, HandOver, InMatch, Lobby


def stopped(game: Game) -> Game:
    """The game stopped where it stands; refused when it is not live."""
    stage = game.record.stage
    if not game.is_live or isinstance(stage, StoppedStage):
        raise RefusalError(RefusalCode.GAME_OVER)
    return game.changed(StoppedStage(was=stage), game.match)


def speaking(game: Game, user_id: int, lang: str) -> Game:
    """`game` with the person's seat (or lobby seat) in `lang`; itself if nothing changes."""
    return _seat_with(game, user_id, language=lang)


def reached(game: Game, user_id: int) -> Game:
    """The person, seated in the group only, may be written to privately from now on:
    their hand goes to their private chat too; itself if nothing changes."""
    return _seat_with(game, user_id, in_group=False)


def _seat_with(game: Game, user_id: int, **update: object) -> Game:
    """`game` with the person's seat (or lobby seat) `update`d; itself if nothing changes."""
    if not game.is_live:
        return game
    seat = game.seat_of(user_id)
    if seat is None:
        return game
    human = game.human(seat)
    if all(getattr(human, name) == value for name, value in update.items()):
        return game
    seats = list(game.seats)
    seats[seat] = human.model_copy(update=update)
    state = game.state
    if isinstance(state, Lobby):
        return game.changed(lobby.lobby_stage(game, seats=tuple(seats)))
    assert isinstance(state, InMatch)
    stage = game.record.stage
    assert isinstance(stage, MatchStage)
    taken = tuple(s for s in seats if s is not None)
    return game.changed(stage.model_copy(update={"seats": taken}), state.match)


def results_so_far(game: Game) -> int:
    """How many hands of the match have a result."""
    match = game.match
    return len(match.state.results) if match is not None else 0


def left(game: Game, user_id: int) -> Game:
    """The person leaves: their lobby seat is freed, or a bot plays their match seat."""
    state = game.state
    if isinstance(state, Lobby):
        return lobby.leave(game, user_id)
    if game.kind is not GROUP:
        raise RefusalError(RefusalCode.INVALID)
    group = game.side
    if not game.is_active or not isinstance(state, InMatch):
        raise RefusalError(RefusalCode.GAME_OVER)
    seat = game.seat_of(user_id)
    if seat is None:
        raise RefusalError(RefusalCode.NOT_SEATED)
    seats = list(state.seats)
    seats[seat] = BotSeat(level=game.record.settings.level)
    after = results_so_far(game)
    name = game.human(seat).name
    notices = [
        *group.notices,
        SeatNotice(kind=NoticeKind.LEFT, seat=seat, name=name, after_results=after),
    ]
    nobody = not any(isinstance(s, HumanSeat) for s in seats)
    if nobody:
        notices.append(
            SeatNotice(kind=NoticeKind.ALL_LEFT, seat=seat, name="", after_results=after)
        )
    changed = game.with_match(
        state.match,
        tuple(seats),
        state.seed,
        group=group.model_copy(update={"notices": tuple(notices)}),
    )
    return stopped(changed) if nobody else changed


def group_speaking(game: Game, lang: str) -> Game:
    """`game` with its group's messages in `lang`; itself if nothing changes (a game
    over keeps the language it ended in)."""
    if game.kind is not GROUP or not game.is_live or game.side.language == lang:
        return game
    changed = game.side.model_copy(update={"language": lang})
    return game.changed(game.record.stage, game.match, group=changed)


def check_take(game: Game, user_id: int, seat: int) -> None:
    """Refuse, before anything is sent, taking a seat that cannot be taken now."""
    if game.kind is not GROUP or not game.is_active:
        raise RefusalError(RefusalCode.GAME_OVER)
    if not isinstance(game.state, HandOver):
        raise RefusalError(RefusalCode.NOT_BETWEEN_HANDS)
    if game.seat_of(user_id) is not None:
        raise RefusalError(RefusalCode.ALREADY_SEATED)
    if not 0 <= seat < len(game.seats) or not game.is_bot(seat):
        raise RefusalError(RefusalCode.SEAT_TAKEN)


def taken(game: Game, person: Person, seat: int) -> Game:
    """`person` takes the bot's seat `seat` (between hands)."""
    check_take(game, person.user_id, seat)
    state = game.state
    group = game.side
    assert isinstance(state, InMatch)
    seats = list(state.seats)
    seats[seat] = human_seat(person)
    notice = SeatNotice(
        kind=NoticeKind.TOOK, seat=seat, name=person.name[:64], after_results=results_so_far(game)
    )
    return game.with_match(
        state.match,
        tuple(seats),
        state.seed,
        group=group.model_copy(update={"notices": (*group.notices, notice)}),
    )


def moved_to(game: Game, chat_id: int) -> Game:
    """The game in the group's new chat (it became a supergroup)."""
    return game.changed(game.record.stage, game.match, chat_id=chat_id)
