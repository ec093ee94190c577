"""What no feature handles: commands in chats the bot does not play in yet, stray
text, unknown buttons (always answered), and errors (logged)."""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import CallbackQuery, ErrorEvent, Message

from bot.service import RefusalCode, RefusalError
from texts import Translate

log = logging.getLogger(__name__)

COMMANDS = ("start", "play", "score", "rules", "lang", "stop", "help")

group_router = Router(name="groups")
group_router.message.filter(F.chat.type != ChatType.PRIVATE)

fallback_router = Router(name="fallback")


@group_router.message(Command(*COMMANDS))
async def group_command(message: Message, t: Translate) -> None:
    """Games in groups come later: point to the private chat."""
    await message.reply(t("group-not-yet"))


@fallback_router.message(F.chat.type == ChatType.PRIVATE)
async def stray_text(message: Message, t: Translate) -> None:
    await message.answer(t("stray-text"))


@fallback_router.callback_query()
async def unknown_button(_query: CallbackQuery) -> None:
    """Junk, or a button of an older version of the bot."""
    raise RefusalError(RefusalCode.UNKNOWN_BUTTON)


@fallback_router.errors()
async def on_error(event: ErrorEvent) -> bool:
    """Log what went wrong; the user was already told (see `RefusalMiddleware`)."""
    log.error("update %s failed", event.update.update_id, exc_info=event.exception)
    return True
