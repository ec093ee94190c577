"""The games in the store, and how a change to one is saved and shown. No aiogram types,
no Redis: a `GameRepository` and a `Notifier`.

Every change is load -> check -> apply (a pure change, or `core` through
`bot.game.matches`) -> compare-and-set save -> the notifier is told, and every chat of
the game is brought up to date (`commit`, `create`, `update`). What showing it meets
that the game must act on (a person who blocked the bot, a group that moved or was
lost) comes back as facts, acted on here (`react`, by the worker).
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable, Sequence
from contextlib import suppress
from datetime import UTC, datetime
from functools import partial

from bot.game.changes import left, moved_to, speaking, stopped
from bot.game.errors import RefusalCode, RefusalError
from bot.game.kinds import GROUP
from bot.game.notify import PLAIN, Alarm, Blocked, Fact, GroupLost, Migrated, Notifier, Show
from bot.game.ports import (
    ChatBusyError,
    GameRepository,
    StorageUnavailableError,
    VersionConflictError,
)
from bot.game.record import GameRecord, LobbyStage, TableSettings
from bot.game.state import Finished, Game
from core.deal import SECRET_BYTES

log = logging.getLogger(__name__)

ATTEMPTS = 5  # writes retried on a conflict by `update` before giving up


def utcnow() -> datetime:
    return datetime.now(UTC)


def _left(game: Game, *, user_id: int) -> Game:
    return left(game, user_id)


class Games:
    """The games, their saves and their notifier (see the module's doc)."""

    def __init__(
        self,
        store: GameRepository,
        notifier: Notifier,
        *,
        alarm: Alarm | None = None,
        rng: random.Random | None = None,
        now: Callable[[], datetime] = utcnow,
    ) -> None:
        self._store = store
        self._notifier = notifier
        self._alarm = alarm or Alarm()  # the worker's: a group's change, a match to record
        self._rng = rng or random.SystemRandom()
        # Tests inject `rng` to deal the same matches again; the bot draws from the OS.
        self._secret: Callable[[], bytes] = partial(
            secrets.token_bytes if rng is None else rng.randbytes, SECRET_BYTES
        )
        self._now = now

    def now(self) -> datetime:
        """The clock of the use cases (tests move it by hand)."""
        return self._now()

    def new_secret(self) -> bytes:
        """A match secret (256 bits): every deal of the match and its bots' chance
        derive from it, and it is never shown (`core.fair`)."""
        return self._secret()

    def new_game_id(self, chat_id: int) -> str:
        """An id for a new game of `chat_id`, as the store places it."""
        return self._store.new_id(chat_id, self._rng)

    # -- reading ---------------------------------------------------------------------

    async def get(self, game_id: str) -> Game | None:
        """The game, whatever its state."""
        return await self._store.load(game_id)

    async def for_chat(self, chat_id: int) -> Game | None:
        """The chat's latest game, live or not."""
        return await self._store.load_for_chat(chat_id)

    async def live_for_chat(self, chat_id: int) -> Game | None:
        """The chat's game while it is open or being played."""
        game = await self.for_chat(chat_id)
        return game if game is not None and game.is_live else None

    async def of_person(self, chat_id: int, user_id: int) -> Game | None:
        """The game a person's private chat `chat_id` is about: their direct game or a
        group game they sit in, a live one first, then the one changed last."""
        found: dict[str, Game] = {}
        direct = await self.for_chat(chat_id)
        if direct is not None:
            found[direct.game_id] = direct
        for game_id in await self._store.games_of(user_id):
            game = await self._store.load(game_id) if game_id not in found else None
            if game is not None and game.seat_of(user_id) is not None:
                found[game_id] = game
        return max(found.values(), key=lambda g: (g.is_live, g.record.updated_at), default=None)

    async def games_of(self, user_id: int) -> list[str]:
        """The group games `user_id` has sat in lately (check the game: they may have
        left)."""
        return await self._store.games_of(user_id)

    # -- saving and telling -------------------------------------------------------------

    def blank(self, chat_id: int, settings: TableSettings, **fields: object) -> Game:
        """A new game record in `chat_id`, still to be staged (see `Game.changed`)."""
        now = self._now()
        record = GameRecord.model_validate(
            {
                "game_id": self.new_game_id(chat_id),
                "chat_id": chat_id,
                "settings": settings,
                "stage": LobbyStage(seats=()),
                "created_at": now,
                "updated_at": now,
                **fields,
            }
        )
        return Game.load(record)

    async def store_new(self, game: Game) -> Game:
        """Store a new game as its chat's game, untold; refused while the chat has a
        live one."""
        try:
            return await self._store.create(game)
        except ChatBusyError as exc:
            raise RefusalError(RefusalCode.GAME_RUNNING) from exc
        except VersionConflictError as exc:
            raise RefusalError(RefusalCode.STALE) from exc

    async def create(self, game: Game, show: Show = PLAIN) -> Game:
        """Store a new game as its chat's game, and tell its notifier."""
        created = await self.store_new(game)
        await self.tell(created, show)
        return created

    async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
        """Save a change (compare-and-set on `game.version`), untold: whoever saves it
        tells it (`tell`). `VersionConflictError` when another version was saved first."""
        changed = game.changed_at(self._now())
        return await self._store.save(changed, moved_from=moved_from)

    async def commit(self, game: Game, show: Show = PLAIN) -> Game:
        """Save a change and tell the notifier. `VersionConflictError` (with the game as
        it is now) when another version was saved first."""
        saved = await self.save(game)
        await self.tell(saved, show)
        return saved

    async def update(self, game_id: str, change: Callable[[Game], Game]) -> Game:
        """Apply `change` (pure; it may raise `RefusalError`; it returns the game itself
        when there is nothing to change) to the latest game, save it (again on a
        conflicting write) and tell the notifier. Returns the latest game."""
        game = await self._store.load(game_id)
        for attempt in range(1, ATTEMPTS + 1):
            if game is None:
                raise RefusalError(RefusalCode.NO_GAME)
            changed = change(game)
            if changed is game:
                return game
            try:
                return await self.commit(changed)
            except VersionConflictError as conflict:
                if attempt == ATTEMPTS:
                    break
                game = conflict.current or await self._store.load(game_id)
        raise RefusalError(RefusalCode.STALE)

    async def tell(self, game: Game, show: Show = PLAIN) -> None:
        """Every chat of the game shows it (saved, or to be shown anew); the worker looks
        at a group's game (its bots, its timer) and records a finished match. The change
        is saved whatever the telling meets: a store that stops answering in between is
        no failure of the change (nothing to retract), and the worker shows every live
        game again once it answers."""
        try:
            await self._notifier.changed(game, show)
        except StorageUnavailableError:
            log.warning("game %s: saved, and shown once the store answers", game.game_id)
            self._alarm.untold()
        if isinstance(game.state, Finished):
            self._alarm.record()
        elif game.kind is GROUP:
            self._alarm.poke()

    async def react(self, game: Game, facts: Sequence[Fact]) -> None:
        """Act on what showing the game met: a person who blocked the bot leaves their
        group seat (a bot plays it), a group that became a supergroup takes its game
        along, a group the bot can no longer reach stops its game."""
        for fact in facts:
            with suppress(RefusalError):  # gone, over or changed meanwhile
                if isinstance(fact, Blocked):
                    if game.kind is GROUP and game.seat_of(fact.user_id) is not None:
                        await self.update(game.game_id, partial(_left, user_id=fact.user_id))
                elif isinstance(fact, Migrated):
                    await self.migrate(game.chat_id, fact.chat_id, game.game_id)
                elif isinstance(fact, GroupLost):
                    await self.update(game.game_id, stopped)

    async def migrate(
        self, old_chat_id: int, new_chat_id: int, game_id: str | None = None
    ) -> Game | None:
        """The group became a supergroup: its game (or `game_id`, an older game of the
        group) follows it, and its table is sent anew there. Idempotent: both chats
        announce it, and delivery may meet it first. None when there was nothing to
        move."""
        store = self._store
        game = await (store.load(game_id) if game_id else store.load_for_chat(old_chat_id))
        if game is None or game.chat_id != old_chat_id:
            return None
        try:
            moved = await self.save(moved_to(game, new_chat_id), moved_from=old_chat_id)
        except VersionConflictError:
            return None  # changed meanwhile: whoever meets the old chat again moves it
        await self.tell(moved, Show(moved=True))  # the old chat's messages stay behind
        return moved

    # -- showing again ------------------------------------------------------------------

    async def show_again(self, chat_id: int, user_id: int) -> Game | None:
        """The person's game message at the bottom of their private chat again (/board;
        /play during a game): their own game, or their hand in a group game they sit in
        (see `of_person`). The old copy loses its buttons. None when there is none."""
        game = await self.of_person(chat_id, user_id)
        if game is not None:
            await self.tell(game, Show(anew=user_id))
        return game

    async def show_table_again(self, chat_id: int) -> Game | None:
        """The group's table at the bottom of the group again (/board): live, finished
        or stopped. The old copy goes. None when there is no game to show."""
        game = await self.for_chat(chat_id)
        if game is None or (game.match is None and not game.is_live):  # a cancelled lobby
            return None
        await self.tell(game, Show(moved=True))
        return game

    async def set_language(self, chat_id: int, user_id: int, lang: str) -> list[Game]:
        """The person's seats speak `lang` from now on: in the chat's live game and in
        every group game they sit in. Returns the games that changed."""
        game_ids = await self._store.games_of(user_id)
        direct = await self._store.load_for_chat(chat_id)
        if direct is not None and direct.game_id not in game_ids:
            game_ids.append(direct.game_id)
        changed = []
        for game_id in game_ids:
            game = await self._store.load(game_id)
            if game is None or speaking(game, user_id, lang) is game:
                continue  # gone, or nothing to change there
            with suppress(RefusalError):
                changed.append(await self.update(game_id, lambda g: speaking(g, user_id, lang)))
        return changed

    async def redraw(self, chat_id: int, seated: int | None = None) -> list[Game]:
        """The chat's games shown again where they are, as the chat now chooses to see
        them (its look): its game, and, for a person's private chat (`seated`: their
        user id), every group game they sit in (their hand in it). A cancelled lobby is
        left alone. Nothing is saved. Returns the games told."""
        found: list[Game | None] = [await self.for_chat(chat_id)]
        if seated is not None:
            user_id = seated
            for game_id in await self._store.games_of(user_id):
                game = await self._store.load(game_id)
                if game is not None and game.seat_of(user_id) is not None:
                    found.append(game)
        told: dict[str, Game] = {}
        for game in found:
            if game is None or game.game_id in told or (game.match is None and not game.is_live):
                continue
            await self.tell(game, PLAIN)
            told[game.game_id] = game
        return list(told.values())
