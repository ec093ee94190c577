"""Group games' use cases, with no aiogram types: open a lobby, press its buttons, join
(the person's private message first, or in the group only), leave (a bot takes the seat
mid-match), take a bot's seat between hands, stop, choose the group's language. Each saves through
`Games`, which tells the notifier.

Group buttons other than moves carry no version: they are intents applied to the
latest game (`Games.update` tries again on a conflicting write), so four people
pressing Join at once all get a seat. Moves, Next hand and Rematch keep their
version, as in direct games.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import replace

from bot.game import lobby, timer
from bot.game.actions import GroupAction
from bot.game.changes import check_take, group_speaking, left, reached, stopped, taken
from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.kinds import GROUP
from bot.game.people import Person
from bot.game.ports import Ask, Reach, UnreachableError
from bot.game.record import TableSettings
from bot.game.state import Game, Lobby
from core.variants import DEFAULT_TARGET, Variant

_SETTINGS: dict[GroupAction, Callable[[Game], Game]] = {
    GroupAction.SETTINGS: lambda game: lobby.show_settings(game, True),
    GroupAction.VARIANT: lobby.next_variant,
    GroupAction.PLAYERS: lobby.next_player_count,
    GroupAction.LEVEL: lobby.next_level,
}


class GroupGames:
    """The use cases of group games, over `Games`; `reach` writes a person their private
    message before they sit down."""

    def __init__(self, games: Games, reach: Reach) -> None:
        self._games = games
        self._reach = reach

    async def open(
        self,
        chat_id: int,
        title: str,
        opener: Person,
        variant: Variant,
        n_players: int,
        *,
        language: str | None = None,
        variant_fixed: bool = False,
        inline: str | None = None,
        manager: int | None = None,
    ) -> Game:
        """A lobby in the group, the opener seated at once (in the group only if the bot
        may not write to them); refused while the group has a live game. The group's
        messages speak `language` (the opener's when None); `variant_fixed`: its game
        is not for changing; `inline`: its table is that inline message; `manager`:
        who may start and stop it, when not the opener."""
        settings = TableSettings(
            variant=variant,
            n_players=n_players,
            target=DEFAULT_TARGET,
            turn_timer=lobby.GROUP_TIMER,
        )
        group = lobby.new_group(title, opener, language, inline)
        if manager is not None:
            group = group.model_copy(update={"creator_id": manager})
        blank = self._games.blank(chat_id, settings, group=group)
        stage = lobby.new_lobby(n_players, variant_fixed=variant_fixed)
        game = await self._games.store_new(blank.changed(stage))
        return await self.join(game, opener, None)

    async def live_game(self, chat_id: int) -> Game:
        """The group's game while it is open or being played; `NO_GAME` otherwise."""
        game = await self._games.for_chat(chat_id)
        if game is None or not game.is_live:
            raise RefusalError(RefusalCode.NO_GAME)
        return game

    async def leave_chat_game(self, chat_id: int, user_id: int) -> Game:
        """/leave in the group: leave its live game (`NOT_SEATED` for anyone else)."""
        game = await self.live_game(chat_id)
        if game.seat_of(user_id) is None:
            raise RefusalError(RefusalCode.NOT_SEATED)
        return await self.leave(game.game_id, user_id)

    async def may_stop(self, chat_id: int, user_id: int, admin: Ask) -> Game:
        """/stop in the group: its live game, when `user_id` may stop it (its opener or
        a group admin); asked before any confirmation is shown."""
        game = await self.live_game(chat_id)
        await _require_manager(game, user_id, admin)
        return game

    async def may_set_language(self, chat_id: int, user_id: int, admin: Ask) -> Game | None:
        """Whether `user_id` may choose the group's language: its live game's opener or a
        group admin; with no live game, an admin only. Returns the live game, if any."""
        game = await self._games.for_chat(chat_id)
        if game is None or not game.is_live or game.kind is not GROUP:
            if not await admin():
                raise RefusalError(RefusalCode.ADMINS_ONLY)
            return None
        await _require_manager(game, user_id, admin)
        return game

    # Whoever may choose the group's language chooses its other settings too (its look).
    may_choose_for_group = may_set_language

    async def set_language(self, chat_id: int, lang: str) -> Game | None:
        """The group's live game speaks `lang` from now on (its table, its
        announcements); None when there is no live game."""
        game = await self._games.for_chat(chat_id)
        if game is None or not game.is_live or game.kind is not GROUP:
            return None
        try:
            return await self._games.update(game.game_id, lambda g: group_speaking(g, lang))
        except RefusalError as refusal:
            if refusal.code is not RefusalCode.NO_GAME:
                raise
            return None

    async def stop_confirmed(
        self, game_id: str, user_id: int, chat_id: int | None, admin: Ask
    ) -> Game:
        """Yes on the /stop confirmation, pressed in the game's group (`chat_id`), or for
        an invitation's game (no chat to talk in) in the private chat of whoever asked."""
        game = await self._group_game(game_id)
        privately = game.inline_message_id is not None and chat_id == user_id
        if chat_id != game.chat_id and not privately:
            raise RefusalError(RefusalCode.WRONG_CHAT)
        return await self.stop(game, user_id, admin)

    async def press(
        self,
        game_id: str,
        person: Person,
        action: GroupAction,
        arg: int,
        chat_id: int | None,
        *,
        admin: Ask,
        member: Ask,
    ) -> Game:
        """A group button other than a move, pressed in the game's group (`chat_id`): a
        lobby seat or setting, Join, Leave, + Bot, Start, Cancel (also the stop
        confirmation), Keep (the stop confirmation's No), or taking a bot's seat.
        Sitting down needs `member`: only the group's members join its game."""
        game = await self._group_game(game_id)
        if chat_id != game.chat_id:
            raise RefusalError(RefusalCode.WRONG_CHAT)
        user_id = person.user_id
        if action is GroupAction.KEEP:
            return game
        if action is GroupAction.TAKE:
            await _require_member(member)
            return await self.take_seat(game, person, arg)
        if action is GroupAction.JOIN or (
            action is GroupAction.SEAT and lobby.sits_down(game, arg)
        ):
            await _require_member(member)
            seat = arg if action is GroupAction.SEAT else None
            return await self.join(game, person, seat)
        if action is GroupAction.CANCEL:
            return await self.stop(game, user_id, admin)
        if action is GroupAction.LEAVE:
            return await self.leave(game_id, user_id)
        secret = self._games.new_secret()
        if action is GroupAction.BACK:
            return await self._games.update(game_id, lambda g: timer.back(g, user_id, arg))
        if action is GroupAction.SEATS:  # anyone: the seats are everyone's business
            return await self._games.update(game_id, lambda g: lobby.show_settings(g, False))
        if action in _SETTINGS:
            await _require_manager(game, user_id, admin)
            return await self._games.update(game_id, _SETTINGS[action])
        if action in (GroupAction.TARGET, GroupAction.TIMER):
            await _require_manager(game, user_id, admin)
            choose = lobby.set_target if action is GroupAction.TARGET else lobby.set_timer
            return await self._games.update(game_id, lambda g: choose(g, arg))
        if action is GroupAction.SEAT:
            return await self._games.update(game_id, lambda g: lobby.seat_pressed(g, user_id, arg))
        if action is GroupAction.BOT:
            await _require_filler(game, user_id, admin)
            return await self._games.update(game_id, lambda g: lobby.add_bot(g, secret))
        if action is GroupAction.START:
            await _require_filler(game, user_id, admin)
            return await self._games.update(game_id, lambda g: lobby.start(g, secret))
        raise RefusalError(RefusalCode.INVALID)

    async def arrive(
        self,
        game_id: str,
        person: Person,
        seat: int | None,
        *,
        member: Callable[[int], Awaitable[bool]],
    ) -> Game:
        """`person` followed the group's link to the private chat: they join the lobby,
        or take the bot's seat `seat` between hands (a lobby is joined whatever the link
        said: the seats may have moved since). Only members of the game's group may:
        `member(group's chat id)` says whether they are one."""
        game = await self._group_game(game_id)
        if not await member(game.chat_id):
            raise RefusalError(RefusalCode.NOT_A_MEMBER)
        at = game.seat_of(person.user_id)
        if at is not None and game.human(at).in_group:  # seated from the group before
            await self._reach(game, person)
            return await self._games.update(game_id, lambda g: reached(g, person.user_id))
        if isinstance(game.state, Lobby) or seat is None:
            return await self.join(game, person, None)
        return await self.take_seat(game, person, seat)

    async def join(self, game: Game, person: Person, seat: int | None) -> Game:
        """`person` sits down in the lobby, once their private message is sent; someone
        the bot may not write to yet sits down all the same, reached in the group only
        (their hand is shown to them there), and the lobby shows the link to its
        private chat from then on."""
        lobby.check_join(game, person.user_id, seat)
        person = await self._reached(game, person)
        secret = self._games.new_secret()
        return await self._games.update(game.game_id, lambda g: lobby.join(g, person, seat, secret))

    async def take_seat(self, game: Game, person: Person, seat: int) -> Game:
        """`person` plays the bot's seat from the next hand on (reached as `join` says)."""
        check_take(game, person.user_id, seat)
        person = await self._reached(game, person)
        return await self._games.update(game.game_id, lambda g: taken(g, person, seat))

    async def _reached(self, game: Game, person: Person) -> Person:
        """`person` once written to privately; in the group only when they may not be
        (an inline message's game has no group: `PRIVATE_CHAT` there)."""
        try:
            await self._reach(game, person)
        except UnreachableError:
            if game.inline_message_id is not None:
                raise RefusalError(RefusalCode.PRIVATE_CHAT) from None
            return replace(person, in_group=True)
        return person

    async def blocked_by(self, user_id: int) -> list[Game]:
        """`user_id` blocked the bot: in every group game they sit in, a bot plays their
        seat from now on (and the group is told). Returns the games that changed."""
        changed = []
        for game_id in await self._games.games_of(user_id):
            game = await self._games.get(game_id)
            if game is None or game.seat_of(user_id) is None or not game.is_live:
                continue
            with suppress(RefusalError):
                changed.append(await self.leave(game_id, user_id))
        return changed

    async def bot_removed(self, chat_id: int) -> Game | None:
        """The bot was removed from the group: its live game stops."""
        game = await self._games.for_chat(chat_id)
        if game is None or not game.is_live or game.kind is not GROUP:
            return None
        try:
            return await self.abandon(game.game_id)
        except RefusalError:
            return None

    async def leave(self, game_id: str, user_id: int) -> Game:
        """Leave the lobby, or the match: then a bot plays the seat and the group is told."""
        return await self._games.update(game_id, lambda g: left(g, user_id))

    async def stop(self, game: Game, user_id: int, admin: Ask) -> Game:
        """Cancel the lobby or stop the match: its opener or a group admin."""
        if not game.is_live:
            raise RefusalError(RefusalCode.GAME_OVER)
        await _require_manager(game, user_id, admin)
        return await self._games.update(game.game_id, stopped)

    async def abandon(self, game_id: str) -> Game:
        """Stop a game the bot can no longer reach its group for."""
        return await self._games.update(game_id, stopped)

    async def _group_game(self, game_id: str) -> Game:
        game = await self._games.get(game_id)
        if game is None or game.kind is not GROUP:
            raise RefusalError(RefusalCode.NO_GAME)
        return game


async def _require_manager(game: Game, user_id: int, admin: Ask) -> None:
    if user_id != game.side.creator_id and not await admin():
        raise RefusalError(RefusalCode.NOT_ALLOWED)


async def _require_member(member: Ask) -> None:
    if not await member():
        raise RefusalError(RefusalCode.NOT_A_MEMBER)


async def _require_filler(game: Game, user_id: int, admin: Ask) -> None:
    if not lobby.may_fill(game, user_id) and not await admin():
        raise RefusalError(RefusalCode.NOT_ALLOWED)
