"""What no feature handles: stray text, unknown buttons (always answered), and
errors (logged)."""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, ErrorEvent, Message

from bot.game.errors import RefusalCode, RefusalError
from texts import Translate

log = logging.getLogger(__name__)

COMMANDS = ("start", "play", "score", "rules", "lang", "stop", "help")


async def stray_text(message: Message, t: Translate) -> None:
    await message.answer(t("stray-text"))


async def unknown_button(_query: CallbackQuery) -> None:
    """Junk, or a button of an older version of the bot."""
    raise RefusalError(RefusalCode.UNKNOWN_BUTTON)


async def on_error(event: ErrorEvent) -> bool:
    """Log what went wrong; the user was already told (see `RefusalMiddleware`)."""
    log.error("update %s failed", event.update.update_id, exc_info=event.exception)
    return True


def create_fallback_router() -> Router:
    """Tried last: stray text, unknown buttons, and the error handler."""
    router = Router(name="fallback")
    router.message.register(stray_text, F.chat.type == ChatType.PRIVATE)
    router.callback_query.register(unknown_button)
    router.errors.register(on_error)
    return router
