"""The calls that show a message: edit in place, treat "message is not modified" as
success, and send the message anew only when it is gone. The outbox uses them for
game messages; handlers for the menus whose buttons were pressed."""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InlineKeyboardMarkup

from bot.telegram.content import Content

log = logging.getLogger(__name__)

NOT_MODIFIED = "message is not modified"
# What Telegram says when a message can no longer be edited: it is sent anew.
GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")


def is_not_modified(error: TelegramBadRequest) -> bool:
    return NOT_MODIFIED in error.message.lower()


def _is_gone(error: TelegramBadRequest) -> bool:
    return any(text in error.message.lower() for text in GONE)


async def edit(
    bot: Bot, chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None
) -> bool:
    """Edit a message; False when it is gone (deleted, too old), True otherwise."""
    try:
        await bot.edit_message_text(
            text=text, chat_id=chat_id, message_id=message_id, reply_markup=markup
        )
    except TelegramBadRequest as error:
        if is_not_modified(error):
            return True  # the same content twice (a double press): nothing to do
        if _is_gone(error):
            return False
        raise
    return True


async def put(bot: Bot, chat_id: int, message_id: int | None, content: Content) -> int:
    """Show `content` in the message `message_id`, or in a new message when there is
    none or it is gone. Returns the id of the message that shows it."""
    if message_id is not None and await edit(
        bot, chat_id, message_id, content.text, content.markup
    ):
        return message_id
    sent = await bot.send_message(chat_id=chat_id, text=content.text, reply_markup=content.markup)
    return sent.message_id


async def drop_buttons(bot: Bot, chat_id: int, message_id: int) -> None:
    """Best effort: an older copy of the game message loses its buttons."""
    try:
        await bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id)
    except TelegramBadRequest as error:
        log.debug("old game message %s kept its buttons: %s", message_id, error.message)
