"""Replies outside a game's own messages (help, rules, menus, confirmations, a joining
person's first private message), each in its chat's pace and through `Calls`, so that
Telegram's errors are met as everywhere else. A reply waits for its chat's slot a
little, booked (a crowd shares the bot's pace, and each keeps its turn); past `MAX_WAIT`
it goes anyway. A reply Telegram did not take is `DeliveryFailedError`: the person is told
to try again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from aiogram.types import InlineKeyboardMarkup

from bot.game.people import Person
from bot.game.ports import UnreachableError as PersonUnreachableError
from bot.game.state import Game, Lobby
from bot.telegram.delivery.calls import Calls
from bot.telegram.delivery.outcomes import Edit, RefusedError, UnreachableError, WaitError
from bot.telegram.delivery.placement import Changes, Sent, placement_of, private_field, sent_of
from bot.telegram.ports import Conversation, MessageRecords
from bot.telegram.render.content import Content
from bot.telegram.render.hands import joining_content, lobby_seat_content
from texts import Texts

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_WAIT = 10.0  # seconds a reply may wait for its chat's slot
LATER_TRIES = 30  # a menu shown later asks this many times for its slot, then goes
MIN_WAIT = 0.01  # seconds: the least wait before trying again after a 429


class DeliveryFailedError(Exception):
    """Telegram did not take a reply (it did not answer, or asked to wait too long)."""


class Replies:
    """Replies outside the games' messages (see the module's doc)."""

    def __init__(
        self,
        calls: Calls,
        records: MessageRecords,
        conversation: Conversation,
        texts: Texts,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._calls = calls
        self._records = records
        self._conversation = conversation
        self._texts = texts
        self._sleep = sleep
        self._later: set[asyncio.Task[None]] = set()

    async def say(
        self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> None:
        """A new message in the chat."""
        await self._go(chat_id, lambda: self._calls.send(chat_id, Content(text, markup)))
        if chat_id < 0:
            await self._conversation.saw(chat_id)

    async def show(
        self,
        chat_id: int,
        message_id: int | None,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
    ) -> None:
        """Show a menu in the message its button was pressed on (a new one if it is gone):
        at once when the chat's slot is free; else the slot is booked and the menu shown
        when it comes, without keeping the press (and its answer) waiting for it."""
        content = Content(text, markup)
        if await self._calls.book(chat_id, 0.0) is None:  # a slot is taken: the call goes now
            await self._call(chat_id, lambda: self._calls.put(chat_id, message_id, content))
            return
        task = asyncio.create_task(self._show_later(chat_id, message_id, content))
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    async def settle(self) -> None:
        """Wait for the menus being shown later (a graceful stop; tests)."""
        while self._later:
            await asyncio.gather(*self._later, return_exceptions=True)

    async def _show_later(self, chat_id: int, message_id: int | None, content: Content) -> None:
        # Its turn in the chat's and the bot's pace, however long the queue: nothing
        # waits on it, and going past the pace would only be answered 429.
        for _ in range(LATER_TRIES):
            at = await self._calls.book(chat_id, MAX_WAIT)
            if at is None:
                break
            await self._sleep(max(0.0, at - self._calls.clock()))
        try:
            if message_id is None:
                await self._call(chat_id, lambda: self._calls.send(chat_id, content))
                return
            # Only in its own message: one deleted meanwhile was replaced (the game it
            # opened shows below), and a stale menu sent anew would sit under the game.
            edit = await self._call(chat_id, lambda: self._calls.edit(chat_id, message_id, content))
        except (DeliveryFailedError, UnreachableError) as error:
            log.warning("menu in chat %s not shown: %r", chat_id, error)
            return
        if edit is not Edit.DONE:
            log.info("menu %s of chat %s is gone: not shown again", message_id, chat_id)

    async def reach(self, game: Game, person: Person) -> None:
        """Write `person` their private message for `game` before they take a seat (it
        will show their hand), unless it exists; `UnreachableError` (of the game's ports)
        when the bot may not write to them yet."""
        raw = await self._records.field(game.game_id, private_field(person.user_id))
        if raw is not None and sent_of(raw).message_id is not None:
            return
        t = self._texts.translator(person.language)
        content = (
            lobby_seat_content(game, t)
            if isinstance(game.state, Lobby)
            else joining_content(game, t)
        )
        try:
            message_id = await self._go(
                person.chat_id, lambda: self._calls.send(person.chat_id, content)
            )
        except UnreachableError:
            raise PersonUnreachableError(person.user_id) from None
        changes = Changes()
        shown = Sent(person.chat_id, message_id, content.essential, content.full, person.language)
        changes.private(person.user_id, shown)
        await self._records.write(game.game_id, changes.fields, changes.dropped)

    async def belongs_to(self, game: Game, message_id: int) -> bool:
        """Whether `message_id` is one of the game's own messages (its table, a hand)."""
        return placement_of(await self._records.load(game.game_id)).holds(message_id)

    async def _go(self, chat_id: int, call: Callable[[], Awaitable[T]]) -> T:
        """Make the call in a slot of the chat's pace; after a 429 try once more when
        the wait is short. `UnreachableError` passes on; anything else Telegram did is
        `DeliveryFailedError`."""
        deadline = self._calls.clock() + MAX_WAIT
        await self._wait_for_slot(chat_id, deadline)
        return await self._call(chat_id, call, deadline)

    async def _call(
        self, chat_id: int, call: Callable[[], Awaitable[T]], deadline: float | None = None
    ) -> T:
        """Make the call now (its slot is taken); after a 429 try once more when the wait
        is short (before `deadline`, if any). See `_go`."""
        deadline = deadline or self._calls.clock() + MAX_WAIT
        try:
            try:
                return await call()
            except WaitError as wait:
                if wait.delivered_maybe or wait.at is None or wait.at > deadline:
                    raise
                await self._sleep(max(MIN_WAIT, wait.at - self._calls.clock()))
                return await call()
        except WaitError:
            raise DeliveryFailedError(chat_id) from None
        except RefusedError as error:
            log.error("reply in chat %s refused: %s", chat_id, error)
            raise DeliveryFailedError(chat_id) from error

    async def _wait_for_slot(self, chat_id: int, deadline: float) -> None:
        """Wait for a slot in the chat's pace, booked so that a reply keeps its turn
        among the games' deliveries that book theirs; one that frees only past
        `deadline` is not taken, and the reply goes at `deadline`."""
        at = await self._calls.book(chat_id, max(0.0, deadline - self._calls.clock()))
        if at is not None:
            await self._sleep(max(0.0, deadline - self._calls.clock()))
