"""Every call the bot makes to Telegram on its own, and its errors, met here once:

- 429 (flood control): `LaterError` with the time Telegram asks for (the chat's pace is
  held until then);
- a 5xx, a network error or anything unforeseen: a call that may be made twice (an
  edit, a deletion) is tried again after a short pause, twice; an edit that still fails
  is made as a new message (the old one handed back to be deleted: a long outage of one
  method must not freeze a chat); a new message, which may have gone out all the same,
  is `LaterError(delivered_maybe=True)`;
- 403: the chat is out of reach (`UnreachableError`); a group that became a supergroup
  (`MovedError`);
- 400: "message is not modified" is success; an edit of a message that is gone, or of
  the other kind (text, photo), is a new message; anything else is refused content
  (`RefusedError`), which would be refused again.

A message with a picture is a photo whose caption is the text: `put` edits it with one
call (`editMessageMedia` when the picture changed, `editMessageCaption` when only the
words or buttons did)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
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
from aiogram.types import BufferedInputFile, InputMediaPhoto, ReplyParameters

from bot.telegram.outbox.drawn import PICTURE_FILE, png_of
from bot.telegram.outbox.errors import (
    LaterError,
    MovedError,
    OtherKindError,
    RefusedError,
    UnreachableError,
    edit_kept,
    edit_refused,
)
from bot.telegram.outbox.whispers import whisper
from bot.telegram.render.content import Content
from bot.telegram.retry import paced
from bot.telegram.show.steps import Delete, Outcome, Put, Step, Strip, Whisper

log = logging.getLogger(__name__)

T = TypeVar("T")
RETRIES = (0.2, 0.6)  # seconds before each new try of a call that may be made twice
REPLIED_GONE = "message to be replied not found"


class Calls:
    """The bot's calls to Telegram, with their errors met (see the module's doc)."""

    def __init__(self, bot: Bot, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep):
        self.bot = bot
        self._sleep = sleep
        self._link: str | None = None

    async def bot_link(self) -> str:
        """The link to the bot's private chat (its username is asked once)."""
        if self._link is None:
            me = await self.bot.me()
            self._link = f"https://t.me/{me.username}"
        return self._link

    async def send(
        self, chat_id: int, content: Content, turn: Callable[[], Awaitable[None]] | None = None
    ) -> int:
        """A new message (a photo when the content has a picture); its id. One that
        answers a message Telegram no longer finds (deleted, in a forum topic where a
        reply may not stand alone) goes again on its own, after `turn` (see `put`)."""
        if content.reply_to is None:
            return await self._send(chat_id, content, None)
        answers = ReplyParameters(message_id=content.reply_to, allow_sending_without_reply=True)
        try:
            return await self._send(chat_id, content, answers)
        except RefusedError as refused:
            if REPLIED_GONE not in str(refused).lower():
                raise
        if turn is not None:
            await turn()
        return await self._send(chat_id, content, None)

    async def _send(self, chat_id: int, content: Content, answers: ReplyParameters | None) -> int:
        picture = content.picture
        if picture is None:
            message = await self.call(
                lambda: self.bot.send_message(
                    chat_id=chat_id,
                    text=content.text,
                    reply_markup=content.markup,
                    reply_parameters=answers,
                ),
                again=False,
            )
            return message.message_id
        photo = BufferedInputFile(await png_of(picture), PICTURE_FILE)
        message = await self.call(
            lambda: self.bot.send_photo(
                chat_id=chat_id,
                photo=photo,
                caption=content.text,
                reply_markup=content.markup,
                reply_parameters=answers,
            ),
            again=False,
        )
        return message.message_id

    async def make(
        self, chat_id: int, step: Step, turn: Callable[[], Awaitable[None]] | None = None
    ) -> Outcome:
        """One step's call (`turn`: see `put`); how it went. A chat out of reach, or
        content refused, is an outcome; waiting, a moved group, are errors."""
        try:
            if isinstance(step, Whisper):
                return await whisper(self, chat_id, step)
            if isinstance(step, Delete):
                if step.message_ids:
                    await self.delete(chat_id, step.message_ids)
                return Outcome()
            if isinstance(step, Strip):
                await self.drop_buttons(chat_id, step.message_id)
                return Outcome()
            if step.inline is not None:
                return await self.edit_inline(step.inline, step.content)
            if step.only_edit and step.message_id is not None:
                if not await self.edit(chat_id, step.message_id, step.content):
                    log.info(
                        "message %s of chat %s is gone: not sent again", step.message_id, chat_id
                    )
                return Outcome(step.message_id)
            return await self.put(chat_id, step.message_id, step.content, step.photo, turn)
        except UnreachableError:
            log.info("chat %s is out of reach", chat_id)
            return Outcome(unreachable=True)
        except RefusedError as error:
            drawn = isinstance(step, Put) and step.content.picture is not None
            # A picture refused is shown as text; other content would be refused again.
            log.log(
                logging.WARNING if drawn else logging.ERROR, "chat %s refused: %s", chat_id, error
            )
            return Outcome(refused=True, pictures_refused=drawn)

    async def draw(self, content: Content, photo: str = "") -> None:
        """Draw, ahead of its turn, the picture showing `content` over a message that
        shows `photo` would upload: a call must reach Telegram right after its turn is
        taken, not a drawing later (late calls bunch up past the chat's limit)."""
        picture = content.picture
        if picture is not None and picture.key != photo:
            await png_of(picture)

    async def put(
        self,
        chat_id: int,
        message_id: int | None,
        content: Content,
        photo: str = "",
        turn: Callable[[], Awaitable[None]] | None = None,
    ) -> Outcome:
        """Show `content` in the message `message_id` (`photo`: the key of the picture it
        shows, "" for text), or in a new message when there is none, it is gone, it is of
        the other kind, or its edits keep failing (then it is handed back as `replaced`).
        `turn`: waited for before a second call for the content (a new message after a
        failed edit, a reply sent again on its own): the first was a call of its own."""
        if message_id is None:
            return Outcome(await self.send(chat_id, content, turn), content.photo)
        replaced: int | None = message_id
        if bool(content.photo) == bool(photo):
            try:
                if await self.edit(chat_id, message_id, content, photo):
                    return Outcome(message_id, content.photo)
                replaced = None  # gone: nothing to delete
            except LaterError as later:
                if later.delivered_maybe:
                    log.warning("edits in chat %s fail: sent anew", chat_id)
                else:
                    raise
            except OtherKindError:
                pass
            if turn is not None:
                await turn()
        return Outcome(await self.send(chat_id, content, turn), content.photo, replaced)

    async def edit(self, chat_id: int, message_id: int, content: Content, photo: str = "") -> bool:
        """Show `content` in `message_id`, of the same kind; False when it is gone."""
        picture = content.picture
        if picture is None:
            make: Callable[[], Awaitable[object]] = lambda: self.bot.edit_message_text(  # noqa: E731
                text=content.text,
                chat_id=chat_id,
                message_id=message_id,
                reply_markup=content.markup,
            )
        elif photo == picture.key:  # the same picture: only the words or the buttons
            make = lambda: self.bot.edit_message_caption(  # noqa: E731
                chat_id=chat_id,
                message_id=message_id,
                caption=content.text,
                reply_markup=content.markup,
            )
        else:
            media = InputMediaPhoto(
                media=BufferedInputFile(await png_of(picture), PICTURE_FILE),
                caption=content.text,
            )
            make = lambda: self.bot.edit_message_media(  # noqa: E731
                media=media, chat_id=chat_id, message_id=message_id, reply_markup=content.markup
            )
        try:
            await self.call(make)
        except RefusedError as refused:
            return edit_refused(refused)
        return True

    async def edit_inline(self, inline_message_id: str, content: Content) -> Outcome:
        """Show `content` (its words: a new file cannot be uploaded into an inline
        message) in the inline message; out of reach once Telegram no longer has it."""
        make = lambda: self.bot.edit_message_text(  # noqa: E731
            inline_message_id=inline_message_id, text=content.text, reply_markup=content.markup
        )
        try:
            await self.call(make)
        except RefusedError as refused:
            if not edit_kept(refused):
                raise UnreachableError from None
        return Outcome(0)

    async def delete(self, chat_id: int, message_ids: Iterable[int]) -> None:
        """Delete messages in one call; those that cannot be (too old, gone) stay."""
        ids = list(message_ids)
        try:
            await self.call(lambda: self.bot.delete_messages(chat_id=chat_id, message_ids=ids))
        except RefusedError as error:
            log.info("messages %s of chat %s stay: %s", ids, chat_id, error)

    async def drop_buttons(self, chat_id: int, message_id: int) -> None:
        """Best effort: an older copy of a game message loses its buttons."""
        try:
            await self.call(
                lambda: self.bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id)
            )
        except (RefusedError, UnreachableError) as error:
            log.debug("old message %s kept its buttons: %s", message_id, error)

    async def call(self, make: Callable[[], Awaitable[T]], *, again: bool = True) -> T:
        """One call (`make` makes it anew for each try); see the module's doc."""
        pauses = RETRIES if again else ()
        for attempt in range(len(pauses) + 1):
            try:
                with paced():
                    return await make()
            except TelegramRetryAfter as flood:
                raise LaterError(float(flood.retry_after)) from None
            except TelegramMigrateToChat as moved:
                raise MovedError(moved.migrate_to_chat_id) from None
            except TelegramForbiddenError:
                raise UnreachableError from None
            except TelegramBadRequest as error:
                raise RefusedError(error.message) from error
            except Exception as error:  # 5xx, the network, or anything unforeseen
                if attempt < len(pauses):
                    await self._sleep(pauses[attempt])
                    continue
                unforeseen = not isinstance(error, TelegramNetworkError | TelegramServerError)
                log.warning(
                    "Telegram did not answer (%r); again shortly", error, exc_info=unforeseen
                )
                raise LaterError(RETRIES[-1], delivered_maybe=True) from None
        raise AssertionError("unreachable")  # the loop returns or raises
