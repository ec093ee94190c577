"""Bringing messages up to date: edit in place, treat "message is not modified" as
success, and send the message anew only when it is gone. A direct game's message
is updated at once; a group game's messages are the pacer's (`bot.pacing`)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InlineKeyboardMarkup

from bot import keyboards, render
from bot.content import Content
from bot.messages import MessageStore, Sent
from bot.record import GameRecord
from core.engine import Match
from core.views import seat_view
from texts import Texts

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


def game_message(
    record: GameRecord, seat: int, texts: Texts
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The text and buttons of one seat's game message, in that player's language."""
    t = texts.translator(record.human(seat).language)
    view = seat_view(Match.from_dict(record.engine), seat)
    return render.game_text(record, view, t), keyboards.game_keyboard(record, view, t)


async def show_game(
    bot: Bot, messages: MessageStore, texts: Texts, record: GameRecord, *, resend: bool = False
) -> None:
    """Show a direct game to its player(s); a message that is gone (or every one, with
    `resend`: the game is brought back to the bottom of the chat) is sent anew."""
    for seat, human in record.humans():
        text, markup = game_message(record, seat, texts)
        sent = await messages.private(record.game_id, human.user_id)
        old = sent.message_id if sent is not None else None
        if resend and old is not None:
            await _drop_buttons(bot, human.chat_id, old)
            old = None
        shown = await put(bot, human.chat_id, old, Content(text, markup))
        if sent is None or shown != sent.message_id:
            await messages.set_private(record.game_id, human.user_id, Sent(human.chat_id, shown))


async def _drop_buttons(bot: Bot, chat_id: int, message_id: int) -> None:
    """Best effort: an older copy of the game message loses its buttons."""
    try:
        await bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id)
    except TelegramBadRequest as error:
        log.debug("old game message %s kept its buttons: %s", message_id, error.message)


class Delivery:
    """Shows a game that changed: a direct game's message at once, a group game's
    messages by waking the pacer (which reads the stored record)."""

    def __init__(self, messages: MessageStore, texts: Texts, wake: Callable[[], None]) -> None:
        self.messages = messages
        self._texts = texts
        self._wake = wake

    async def show(self, bot: Bot, record: GameRecord, *, resend: bool = False) -> None:
        """Bring the game's messages up to date (`resend`: a direct game's anew)."""
        if record.group is not None:
            self._wake()
            return
        await show_game(bot, self.messages, self._texts, record, resend=resend)
