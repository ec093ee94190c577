"""Bringing each human's game message up to date: edit in place, treat "message is
not modified" as success, and send the message anew only when it is gone."""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InlineKeyboardMarkup

from bot import keyboards, render
from bot.record import GameRecord
from bot.service import GameService
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


def game_message(
    record: GameRecord, seat: int, texts: Texts
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The text and buttons of one seat's game message, in that player's language."""
    t = texts.translator(record.human(seat).language)
    view = seat_view(Match.from_dict(record.engine), seat)
    return render.game_text(record, view, t), keyboards.game_keyboard(record, view, t)


async def show_game(
    bot: Bot, service: GameService, texts: Texts, record: GameRecord, *, resend: bool = False
) -> GameRecord:
    """Show `record` to every human seat; a seat whose message is gone (or all, with
    `resend`) gets a new one, remembered in the record. Returns the latest record."""
    lost: list[int] = []
    for seat, human in record.humans():
        text, markup = game_message(record, seat, texts)
        if (
            resend
            or human.message_id is None
            or not await edit(bot, human.chat_id, human.message_id, text, markup)
        ):
            lost.append(seat)
    for seat in lost:
        old = record.human(seat).message_id
        if resend and old is not None:
            await _drop_buttons(bot, record.human(seat).chat_id, old)
        # Sent without buttons: they would carry the version that attaching the new
        # message id replaces. The edit below adds them with the right version.
        human = record.human(seat)
        text, _ = game_message(record, seat, texts)
        sent = await bot.send_message(chat_id=human.chat_id, text=text)
        record = await service.attach_message(record.game_id, seat, sent.message_id, record.version)
    if lost:
        for seat, human in record.humans():
            if human.message_id is not None:
                text, markup = game_message(record, seat, texts)
                await edit(bot, human.chat_id, human.message_id, text, markup)
    return record


async def _drop_buttons(bot: Bot, chat_id: int, message_id: int) -> None:
    """Best effort: an older copy of the game message loses its buttons."""
    try:
        await bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id)
    except TelegramBadRequest as error:
        log.debug("old game message %s kept its buttons: %s", message_id, error.message)
