"""Group games' use cases, with no aiogram types: open a lobby, change it, join,
leave (a bot takes the seat mid-match), take a bot's seat between hands, stop,
follow a group that became a supergroup.

Group buttons other than moves carry no version: they are intents applied to the
latest record (`GameService.update` retries on a conflicting write), so four
people pressing Join at once all get a seat. Moves, Next hand and Rematch keep
their version, as in direct games.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import suppress
from enum import StrEnum

from bot import lobby
from bot.record import BotSeat, GameRecord, GameStatus, NoticeKind, SeatNotice
from bot.service import GameService, Person, RefusalCode, RefusalError, human_seat
from bot.storage import VersionConflictError
from core.engine import Match
from core.state import Phase
from core.variants import DEFAULT_TARGET, Variant
from core.views import public_view

AdminCheck = Callable[[], Awaitable[bool]]  # asked only when the answer matters


class GroupAction(StrEnum):
    """What a group button asks for (short values: they travel in callback data)."""

    SEAT = "seat"  # a seat's button: sit there, leave it, or remove its bot
    JOIN = "join"
    LEAVE = "leave"
    BOT = "bot"  # add a bot
    LEVEL = "level"
    VARIANT = "var"
    PLAYERS = "n"
    TARGET = "to"
    START = "go"
    CANCEL = "stop"  # cancel the lobby, or stop the match (creator or admin)
    KEEP = "keep"  # "no, keep playing" on a stop confirmation
    TAKE = "take"  # take a bot's seat between hands


_SETTINGS = {
    GroupAction.VARIANT: lobby.next_variant,
    GroupAction.PLAYERS: lobby.next_player_count,
    GroupAction.TARGET: lobby.next_target,
    GroupAction.LEVEL: lobby.next_level,
}


def results_so_far(record: GameRecord) -> int:
    """How many hands of the match have a result."""
    return len(public_view(Match.from_dict(record.engine)).results)


def between_hands(record: GameRecord) -> bool:
    """A hand is over and the next one not dealt yet."""
    return record.is_active and public_view(Match.from_dict(record.engine)).phase is Phase.HAND_OVER


class GroupService:
    """The use cases of group games, over the `GameService` that stores them."""

    def __init__(self, games: GameService) -> None:
        self.games = games

    async def open(
        self, chat_id: int, title: str, creator: Person, variant: Variant, n_players: int
    ) -> GameRecord:
        """A lobby in the group; refused while the group has a live game."""
        now = self.games.now()
        record = GameRecord(
            game_id=self.games.new_game_id(),
            chat_id=chat_id,
            seats=[],
            engine={},
            seed=0,
            status=GameStatus.LOBBY,
            group=lobby.new_group(title, creator, variant, n_players, DEFAULT_TARGET),
            created_at=now,
            updated_at=now,
        )
        return await self.games.store_new(record)

    async def join(self, game_id: str, person: Person, seat: int | None) -> GameRecord:
        """`person` sits down (the caller made sure the bot can write to them)."""
        seed = self.games.new_seed()
        return await self.games.update(game_id, lambda r: lobby.join(r, person, seat, seed))

    async def invite(self, game_id: str) -> None:
        """The lobby shows its deep link from now on."""
        # The lobby may have closed meanwhile: then there is nothing to show it on.
        with suppress(RefusalError):
            await self.games.update(game_id, lobby.invited)

    async def press(
        self, game_id: str, user_id: int, action: GroupAction, arg: int, admin: AdminCheck
    ) -> GameRecord:
        """A lobby or stop button other than a join."""
        record = await self.games.storage.load(game_id)
        if record is None or record.group is None:
            raise RefusalError(RefusalCode.NO_GAME)
        seed = self.games.new_seed()
        if action is GroupAction.CANCEL:
            return await self.stop(game_id, user_id, admin)
        if action in _SETTINGS:
            await self._require_manager(record, user_id, admin)
            return await self.games.update(game_id, _SETTINGS[action])
        if action is GroupAction.LEAVE:
            return await self.leave(game_id, user_id)
        if action is GroupAction.SEAT:
            return await self.games.update(game_id, lambda r: _seat_pressed(r, user_id, arg))
        if action is GroupAction.BOT:
            await self._require_filler(record, user_id, admin)
            return await self.games.update(game_id, lambda r: lobby.add_bot(r, None, seed))
        if action is GroupAction.START:
            await self._require_filler(record, user_id, admin)
            return await self.games.update(game_id, lambda r: lobby.start(r, seed))
        raise RefusalError(RefusalCode.INVALID, record)

    async def leave(self, game_id: str, user_id: int) -> GameRecord:
        """Leave the lobby, or the match: then a bot plays the seat and the group is told."""
        return await self.games.update(game_id, lambda r: _left(r, user_id))

    async def take_seat(self, game_id: str, person: Person, seat: int) -> GameRecord:
        """`person` plays the bot's seat from the next hand on."""
        return await self.games.update(game_id, lambda r: _taken(r, person, seat))

    async def stop(self, game_id: str, user_id: int, admin: AdminCheck) -> GameRecord:
        """Cancel the lobby or stop the match: the lobby's creator or a group admin."""
        record = await self.games.storage.load(game_id)
        if record is None or record.group is None:
            raise RefusalError(RefusalCode.NO_GAME)
        if not record.is_live:
            raise RefusalError(RefusalCode.GAME_OVER, record)
        await self._require_manager(record, user_id, admin)
        return await self.games.update(game_id, _stopped)

    async def abandon(self, game_id: str) -> GameRecord:
        """Stop a game the bot can no longer reach its group for."""
        return await self.games.update(game_id, _stopped)

    async def migrate(
        self, old_chat_id: int, new_chat_id: int, game_id: str | None = None
    ) -> GameRecord | None:
        """The group became a supergroup: its game (or `game_id`, an older game of the
        group) follows it. Idempotent: both chats announce it, and the pacer may meet
        it first. None when there was nothing to move."""
        storage = self.games.storage
        record = await (storage.load(game_id) if game_id else storage.load_for_chat(old_chat_id))
        if record is None or record.chat_id != old_chat_id:
            return None
        moved = record.model_copy(update={"chat_id": new_chat_id})
        try:
            return await storage.save(moved, moved_from=old_chat_id)
        except VersionConflictError:
            return None  # changed meanwhile: whoever meets the old chat again moves it

    async def _require_manager(self, record: GameRecord, user_id: int, admin: AdminCheck) -> None:
        assert record.group is not None
        if user_id != record.group.creator_id and not await admin():
            raise RefusalError(RefusalCode.NOT_ALLOWED, record)

    async def _require_filler(self, record: GameRecord, user_id: int, admin: AdminCheck) -> None:
        if not lobby.may_fill(record, user_id) and not await admin():
            raise RefusalError(RefusalCode.NOT_ALLOWED, record)


def _seat_pressed(record: GameRecord, user_id: int, seat: int) -> GameRecord:
    """A seat's button, other than sitting down: leave one's own seat, or remove a bot."""
    group = record.group
    if group is None or record.status is not GameStatus.LOBBY:
        raise RefusalError(RefusalCode.LOBBY_CLOSED, record)
    if not 0 <= seat < len(group.lobby):
        raise RefusalError(RefusalCode.INVALID, record)
    occupant = group.lobby[seat]
    if isinstance(occupant, BotSeat):
        if not lobby.may_fill(record, user_id):
            raise RefusalError(RefusalCode.NOT_ALLOWED, record)
        return lobby.remove_bot(record, seat)
    if occupant is not None and occupant.user_id == user_id:
        return lobby.leave(record, user_id)
    raise RefusalError(RefusalCode.SEAT_TAKEN, record)


def _left(record: GameRecord, user_id: int) -> GameRecord:
    if record.status is GameStatus.LOBBY:
        return lobby.leave(record, user_id)
    group = record.group
    if group is None:
        raise RefusalError(RefusalCode.INVALID, record)
    if not record.is_active:
        raise RefusalError(RefusalCode.GAME_OVER, record)
    seat = record.seat_of(user_id)
    if seat is None:
        raise RefusalError(RefusalCode.NOT_SEATED, record)
    seats = list(record.seats)
    seats[seat] = BotSeat(level=group.level)
    after = results_so_far(record)
    notices = [
        *group.notices,
        SeatNotice(
            kind=NoticeKind.LEFT, seat=seat, name=record.human(seat).name, after_results=after
        ),
    ]
    status = record.status
    if not any(s.kind == "human" for s in seats):  # nobody left to play for
        notices.append(
            SeatNotice(kind=NoticeKind.ALL_LEFT, seat=seat, name="", after_results=after)
        )
        status = GameStatus.STOPPED
    return record.model_copy(
        update={
            "seats": seats,
            "status": status,
            "group": group.model_copy(update={"notices": notices}),
        }
    )


def check_take(record: GameRecord, user_id: int, seat: int) -> None:
    """Refuse, before anything is sent, taking a seat that cannot be taken now."""
    if record.group is None or not record.is_active:
        raise RefusalError(RefusalCode.GAME_OVER, record)
    if not between_hands(record):
        raise RefusalError(RefusalCode.NOT_BETWEEN_HANDS, record)
    if record.seat_of(user_id) is not None:
        raise RefusalError(RefusalCode.ALREADY_SEATED, record)
    if not 0 <= seat < len(record.seats) or not isinstance(record.seats[seat], BotSeat):
        raise RefusalError(RefusalCode.SEAT_TAKEN, record)


def _taken(record: GameRecord, person: Person, seat: int) -> GameRecord:
    check_take(record, person.user_id, seat)
    group = record.group
    assert group is not None
    seats = list(record.seats)
    seats[seat] = human_seat(person)
    notice = SeatNotice(
        kind=NoticeKind.TOOK, seat=seat, name=person.name[:64], after_results=results_so_far(record)
    )
    notices = [*group.notices, notice]
    return record.model_copy(
        update={"seats": seats, "group": group.model_copy(update={"notices": notices})}
    )


def _stopped(record: GameRecord) -> GameRecord:
    if not record.is_live:
        raise RefusalError(RefusalCode.GAME_OVER, record)
    return record.model_copy(update={"status": GameStatus.STOPPED})
