"""What no feature handles: input the bot does not understand (answered with what the
person's game waits for), unknown buttons (always answered), and errors (logged)."""

from __future__ import annotations

import logging

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import CallbackQuery, ErrorEvent, Message

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.telegram.handlers.common import game_status
from bot.telegram.outbox.replies import Replies
from texts import Translate

log = logging.getLogger(__name__)

COMMANDS = (
    "start",
    "play",
    "score",
    "board",
    "history",
    "stats",
    "rules",
    "verify",
    "lang",
    "look",
    "stop",
    "forgetme",
    "help",
)


async def stray_input(message: Message, games: Games, replies: Replies, t: Translate) -> None:
    """In a private chat: text, a sticker or a command the bot does not know. During a
    game, what the game waits for; otherwise how to start one."""
    user, chat_id = message.from_user, message.chat.id
    game = await games.of_person(chat_id, user.id) if user is not None else None
    status = game_status(game, user.id, chat_id, t) if game is not None and user else None
    await replies.say(chat_id, status or t("stray-text"))


async def unknown_command(message: Message, games: Games, replies: Replies, t: Translate) -> None:
    """In a group: a command for this bot that it does not know. During a game, what the
    game waits for; otherwise nothing, as for the group's other talk."""
    game = await games.live_for_chat(message.chat.id)
    user = message.from_user
    if game is None or user is None:
        return
    status = game_status(game, user.id, message.chat.id, t)
    if status is not None:
        await replies.say(message.chat.id, status)


async def addressed_to_me(message: Message, bot: Bot) -> bool:
    """A command that names this bot (`/x@this_bot`): in a group, a bare one may be meant
    for another bot, and the group's talk is none of the bot's business."""
    words = (message.text or "").split(maxsplit=1)
    command = words[0] if words else ""
    if not command.startswith("/"):
        return False
    _, _, mention = command.partition("@")
    username = (await bot.me()).username or ""
    return bool(mention) and mention.lower() == username.lower()


async def unknown_button(_query: CallbackQuery) -> None:
    """Junk, or a button of an older version of the bot."""
    raise RefusalError(RefusalCode.UNKNOWN_BUTTON)


# Telegram's words when a press waited too long for its answer (about 15 s).
_EXPIRED = "query is too old"


async def on_error(event: ErrorEvent) -> bool:
    """Log what went wrong; the user was already told (see `RefusalMiddleware`). A press
    that reached the bot after its answer window closed (the bot was down, or restarting,
    when it was made) is no bug: what it did stands, only its answer is lost."""
    error = event.exception
    if isinstance(error, TelegramBadRequest) and _EXPIRED in error.message:
        log.warning("update %s: its press expired before it was answered", event.update.update_id)
        return True
    log.error("update %s failed", event.update.update_id, exc_info=error)
    return True


def create_fallback_router() -> Router:
    """Tried last: input nobody understood, unknown buttons, and the error handler."""
    router = Router(name="fallback")
    router.message.register(stray_input, F.chat.type == ChatType.PRIVATE)
    router.message.register(unknown_command, F.chat.type != ChatType.PRIVATE, addressed_to_me)
    router.callback_query.register(unknown_button)
    router.errors.register(on_error)
    return router
