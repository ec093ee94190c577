"""Replies outside a game's own messages (help, rules, menus, confirmations, a joining
person's first private message): entries of their chat's outbox like everything else,
sent ahead of the games' messages. A menu shown again before its last version went out
folds into it. Without Redis a reply is sent at once: the chat's pace is not known then,
and an answer now beats none."""

from __future__ import annotations

import itertools
import json
import logging
import time

from aiogram.types import InlineKeyboardMarkup

from bot.game.people import Person
from bot.game.ports import StorageUnavailableError
from bot.game.ports import UnreachableError as PersonUnreachableError
from bot.game.state import Game, Lobby
from bot.telegram.outbox.calls import Calls
from bot.telegram.outbox.errors import LaterError, RefusedError, UnreachableError
from bot.telegram.outbox.jobs import MENU, REACH, SAY, content_json
from bot.telegram.outbox.notifier import Outbox
from bot.telegram.outbox.sender import DeliveryFailedError
from bot.telegram.outbox.threads import answering
from bot.telegram.ports import Conversation, MessageRecords
from bot.telegram.render.content import Content
from bot.telegram.render.hands import joining_content, lobby_seat_content
from bot.telegram.show.ephemeral import hand_entry
from bot.telegram.show.placement import holds
from texts import Texts

log = logging.getLogger(__name__)

_ORDER = itertools.count()


class Replies:
    """Replies outside the games' messages (see the module's doc)."""

    def __init__(
        self,
        outbox: Outbox,
        calls: Calls,
        records: MessageRecords,
        conversation: Conversation,
        texts: Texts,
    ) -> None:
        self._outbox = outbox
        self._calls = calls
        self._records = records
        self._conversation = conversation
        self._texts = texts

    async def say(
        self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> None:
        """A new message in the chat (in a group, the answer to the command being handled:
        `bot.telegram.outbox.threads`), once it went (or went to another process to send);
        `UnreachableError` of `bot.telegram.outbox.calls` when the bot may not write
        there, `DeliveryFailedError` when Telegram did not take it."""
        content = Content(text, markup, reply_to=answering(chat_id))
        # Ordered by when it was asked for, in any process.
        name = f"{SAY}{time.time_ns():020d}.{next(_ORDER)}"
        try:
            outcome = await self._outbox.deliver(chat_id, name, content_json(content), or_else=True)
        except StorageUnavailableError:
            await self._at_once(chat_id, content)
            return
        if outcome.unreachable:
            raise UnreachableError(chat_id)
        if outcome.refused:
            raise DeliveryFailedError(chat_id)

    async def show(
        self,
        chat_id: int,
        message_id: int | None,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
    ) -> None:
        """Show a menu in the message its button was pressed on, without keeping the
        press waiting (a new message when there is none)."""
        if message_id is None:
            await self.say(chat_id, text, markup)
            return
        content = Content(text, markup)
        try:
            await self._outbox.deliver(
                chat_id, f"{MENU}{message_id}", content_json(content), wait=False
            )
        except StorageUnavailableError:
            await self._calls.edit(chat_id, message_id, content)

    async def reach(self, game: Game, person: Person) -> None:
        """Write `person` their private message for `game` before they take a seat (it
        will show their hand), unless it exists; `UnreachableError` (of the game's ports)
        when the bot may not write to them yet."""
        t = self._texts.translator(person.language)
        lobby = isinstance(game.state, Lobby)
        content = lobby_seat_content(game, t) if lobby else joining_content(game, t)
        stored = json.loads(content_json(content)) | {"language": person.language}
        outcome = await self._outbox.deliver(
            person.chat_id, f"{REACH}{game.game_id}", json.dumps(stored)
        )
        if outcome.unreachable:
            raise PersonUnreachableError(person.user_id)

    async def hand(self, game: Game, user_id: int, press: str, language: str) -> None:
        """Show `user_id` their hand inside the game's group, to them alone, in answer to
        their press `press` of 🂠 (`bot.telegram.show.ephemeral`); the press does not
        wait for it."""
        pressed = json.dumps({"press": press, "language": language})
        await self._outbox.deliver(
            game.chat_id, hand_entry(game.game_id, user_id), pressed, wait=False
        )

    async def belongs_to(self, game: Game, message_id: int) -> bool:
        """Whether `message_id` is one of the game's own messages (its table, a hand)."""
        return holds(await self._records.load(game.game_id), message_id)

    async def _at_once(self, chat_id: int, content: Content) -> None:
        """A reply without the store: sent now, outside the chat's pace."""
        log.warning("a reply to chat %s goes without the store", chat_id)
        try:
            await self._calls.send(chat_id, content)
        except (LaterError, RefusedError) as error:
            raise DeliveryFailedError(chat_id) from error
