"""/lang: choose the language of the bot's texts (overrides Telegram's)."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.telegram.callbacks import LangData
from bot.telegram.handlers.common import message_of, private_router
from bot.telegram.outbox.replies import Replies
from bot.telegram.ports import Languages
from bot.telegram.render.keyboards import language_keyboard
from texts import LANGUAGES, Texts, Translate


async def choose_language(message: Message, replies: Replies, t: Translate) -> None:
    await replies.say(message.chat.id, t("lang-choose"), language_keyboard())


async def set_language(
    query: CallbackQuery,
    callback_data: LangData,
    games: Games,
    languages: Languages,
    replies: Replies,
    texts: Texts,
) -> None:
    """Remember the language; the running games' messages follow it."""
    lang = callback_data.lang
    if lang not in LANGUAGES:
        raise RefusalError(RefusalCode.INVALID)
    user_id = query.from_user.id
    await languages.set(user_id, lang)
    message = message_of(query)
    chat_id = message.chat.id if message is not None else user_id
    await replies.show(
        chat_id, message.message_id if message is not None else None, texts.get(lang, "lang-set")
    )
    await games.set_language(chat_id, user_id, lang)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("lang")
    router.message.register(choose_language, Command("lang"))
    router.callback_query.register(set_language, LangData.filter())
    return router
