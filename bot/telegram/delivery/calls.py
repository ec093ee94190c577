"""Every call the bot makes to Telegram on its own (game messages, replies), and its
errors, handled here once for all:

- 429 (flood control): the chat is held for the time Telegram asks (`Pace.hold`) and
  the caller is told when to come back (`WaitError`), instead of sleeping on an old
  message;
- a 5xx or a network error: a call that may be made twice (an edit, a deletion) is
  tried again at once, twice, after a short pause; then, and for a new message (which
  may have gone out all the same), the caller is told to come back shortly;
- 403: the chat is out of reach (`UnreachableError`); a group that became a supergroup
  (`MovedError`);
- 400: "message is not modified" is success; an edit of a message that is gone is sent
  anew (`put`); anything else is refused content (`RefusedError`), which would be
  refused again.

A message with a picture is a photo whose caption is the text: `put` edits it with one
call (`editMessageMedia` when the picture changed, `editMessageCaption` when only the
words or buttons did). A text message cannot become a photo, nor a photo text: such a
change is a new message, and the old one is handed back to be deleted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime
from typing import TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import BufferedInputFile, InputMediaPhoto

from bot.telegram.delivery.outcomes import (
    PICTURE_FILE,
    Edit,
    MovedError,
    Put,
    RefusedError,
    UnreachableError,
    WaitError,
    is_gone,
    is_not_modified,
    is_other_kind,
)
from bot.telegram.delivery.slots import Slots
from bot.telegram.delivery.timing import Timing
from bot.telegram.ports import Pace
from bot.telegram.render.content import Content
from bot.telegram.retry import paced

log = logging.getLogger(__name__)

T = TypeVar("T")


class Calls:
    """The bot's calls to Telegram, each in its chat's pace, with its errors handled."""

    def __init__(
        self,
        bot: Bot,
        pace: Pace,
        now: Callable[[], datetime],
        timing: Timing,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.bot = bot
        self._pace = pace
        self._now = now
        self.timing = timing
        self._sleep = sleep
        self._link: str | None = None
        self._slots = Slots(pace, self.clock, sleep)

    def clock(self) -> float:
        """Now, as a timestamp."""
        return self._now().timestamp()

    async def bot_link(self) -> str:
        """The link to the bot's private chat (its username is asked once)."""
        if self._link is None:
            me = await self.bot.me()
            self._link = f"https://t.me/{me.username}"
        return self._link

    def bot_busy_until(self, ahead: float = 0.0) -> float | None:
        """When the bot's share for private chats frees, if it is known not to free
        within `ahead` seconds, else None (see `Slots`)."""
        return self._slots.bot_busy_until(ahead)

    async def slot(self, chat_id: int, ahead: float = 0.0, *, spare: int = 0) -> float | None:
        """A slot for one call to `chat_id` now (None), or the time to come back; one
        that frees within `ahead` seconds is booked and kept for then; `spare`: calls of
        the chat's burst left to replies (see `Slots`)."""
        return await self._slots.slot(chat_id, ahead, spare=spare)

    async def book(self, chat_id: int, ahead: float) -> float | None:
        """A slot for one call to `chat_id` no more than `ahead` seconds from now, waited
        for (None: the call may go now); else the time one frees (nothing taken)."""
        return await self._slots.book(chat_id, ahead)

    async def send(self, chat_id: int, content: Content) -> int:
        """A new message (a photo when the content has a picture); its id. Not tried
        again: it may have gone out."""
        picture = content.picture
        if picture is None:
            message = await self._call(
                chat_id,
                lambda: self.bot.send_message(
                    chat_id=chat_id, text=content.text, reply_markup=content.markup
                ),
                again=False,
            )
            return message.message_id
        photo = BufferedInputFile(await asyncio.to_thread(picture.png), PICTURE_FILE)
        message = await self._call(
            chat_id,
            lambda: self.bot.send_photo(
                chat_id=chat_id, photo=photo, caption=content.text, reply_markup=content.markup
            ),
            again=False,
        )
        return message.message_id

    async def draw(self, content: Content, photo: str = "") -> None:
        """Draw, ahead of its slot, the picture a `put` of `content` over a message that
        shows `photo` would upload: a call must reach Telegram right after its slot is
        taken, not a drawing later (late calls bunch up past the chat's limit)."""
        picture = content.picture
        if picture is not None and picture.key != photo:
            await asyncio.to_thread(picture.png)

    async def put(
        self, chat_id: int, message_id: int | None, content: Content, photo: str = ""
    ) -> Put:
        """Show `content` in the message `message_id` (`photo`: the key of the picture it
        shows, "" for a text message), or in a new message when there is none, it is
        gone, or it is of the other kind (then it is handed back as `replaced`)."""
        replaced = None
        if message_id is not None and not _same_kind(content, photo):
            replaced = message_id  # known to be of the other kind: no edit is tried
        elif message_id is not None:
            edit = await self.edit(chat_id, message_id, content, photo)
            if edit is Edit.DONE:
                return Put(message_id, content.photo)
            if edit is Edit.OTHER_KIND:
                replaced = message_id
            # The refused edit was a call: the new message takes a slot of its own (two
            # calls in one slot bunch up past the chat's limit).
            await self._next_slot(chat_id)
        return Put(await self.send(chat_id, content), content.photo, replaced)

    async def _next_slot(self, chat_id: int) -> None:
        """Wait for the chat's next slot; `WaitError` when none frees soon."""
        at = await self._slots.book(chat_id, self.timing.ahead)
        if at is not None:
            raise WaitError(at)

    async def edit(self, chat_id: int, message_id: int, content: Content, photo: str = "") -> Edit:
        """Show `content` in the message `message_id`, which shows the picture `photo`
        ("": text), in the slot taken for it; how it went (nothing is sent anew)."""
        if not _same_kind(content, photo):
            return Edit.OTHER_KIND  # no call: Telegram cannot turn one into the other
        picture = content.picture
        if picture is None:
            return await self._edited(
                lambda: self.bot.edit_message_text(
                    text=content.text,
                    chat_id=chat_id,
                    message_id=message_id,
                    reply_markup=content.markup,
                ),
                chat_id,
            )
        if photo == picture.key:  # the same picture: only the words or the buttons
            return await self._edited(
                lambda: self.bot.edit_message_caption(
                    chat_id=chat_id,
                    message_id=message_id,
                    caption=content.text,
                    reply_markup=content.markup,
                ),
                chat_id,
            )
        media = InputMediaPhoto(
            media=BufferedInputFile(await asyncio.to_thread(picture.png), PICTURE_FILE),
            caption=content.text,
        )
        return await self._edited(
            lambda: self.bot.edit_message_media(
                media=media, chat_id=chat_id, message_id=message_id, reply_markup=content.markup
            ),
            chat_id,
        )

    async def _edited(self, make: Callable[[], Awaitable[object]], chat_id: int) -> Edit:
        try:
            await self._call(chat_id, make)
        except RefusedError as refused:
            error = refused.__cause__
            assert isinstance(error, TelegramBadRequest)
            if is_not_modified(error):
                return Edit.DONE  # the same content twice (a double press): nothing to do
            if is_gone(error):
                return Edit.GONE
            if is_other_kind(error):
                return Edit.OTHER_KIND
            raise
        return Edit.DONE

    async def drop_buttons(self, chat_id: int, message_id: int) -> None:
        """Best effort: an older copy of a game message loses its buttons."""
        try:
            await self._call(
                chat_id,
                lambda: self.bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id),
            )
        except (RefusedError, UnreachableError) as error:
            log.debug("old message %s kept its buttons: %s", message_id, error)

    async def delete(self, chat_id: int, message_ids: Iterable[int]) -> None:
        """Delete messages in one call; those that cannot be deleted (too old, gone)
        stay, without buttons already."""
        ids = list(message_ids)
        try:
            await self._call(
                chat_id, lambda: self.bot.delete_messages(chat_id=chat_id, message_ids=ids)
            )
        except RefusedError as error:
            log.info("messages %s of chat %s stay: %s", ids, chat_id, error)
        except UnreachableError:
            pass  # they blocked the bot: nothing shows there any more

    async def _call(
        self, chat_id: int, make: Callable[[], Awaitable[T]], *, again: bool = True
    ) -> T:
        """One call (`make` makes it anew for each try); see the module's doc."""
        pauses = self.timing.retries if again else ()
        for attempt in range(len(pauses) + 1):
            try:
                with paced():
                    return await make()
            except TelegramRetryAfter as flood:
                now = self.clock()
                until = now + flood.retry_after
                await self._pace.hold(chat_id, now, until)
                log.info("flood control in chat %s: again in %ss", chat_id, flood.retry_after)
                raise WaitError(until) from None
            except (TelegramNetworkError, TelegramServerError) as error:
                if attempt < len(pauses):
                    await self._sleep(pauses[attempt])
                    continue
                log.warning(
                    "Telegram did not answer in chat %s (%s); again shortly", chat_id, error
                )
                at = self.clock() + self.timing.backoff
                raise WaitError(at, delivered_maybe=True) from None
            except TelegramMigrateToChat as moved:
                raise MovedError(moved.migrate_to_chat_id) from None
            except TelegramForbiddenError:
                raise UnreachableError(chat_id) from None
            except TelegramBadRequest as error:
                raise RefusedError(error.message) from error
        raise AssertionError("unreachable")  # the loop returns or raises


def _same_kind(content: Content, photo: str) -> bool:
    """Whether `content` is of the kind of a message showing `photo` ("": a text)."""
    return bool(content.photo) == bool(photo)
