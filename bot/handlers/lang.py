"""/lang: choose the language of the bot's texts (overrides Telegram's)."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import LangData
from bot.delivery import Delivery, edit
from bot.handlers.common import message_of, private_router
from bot.keyboards import language_keyboard
from bot.service import GameService, RefusalCode, RefusalError
from texts import LANGUAGES, Texts, Translate


async def choose_language(message: Message, t: Translate) -> None:
    await message.answer(t("lang-choose"), reply_markup=language_keyboard())


async def set_language(
    query: CallbackQuery,
    callback_data: LangData,
    bot: Bot,
    service: GameService,
    delivery: Delivery,
    texts: Texts,
) -> None:
    """Remember the language; the running games' messages follow it."""
    lang = callback_data.lang
    if lang not in LANGUAGES:
        raise RefusalError(RefusalCode.INVALID)
    user_id = query.from_user.id
    await service.storage.set_language(user_id, lang)
    text = texts.get(lang, "lang-set")
    message = message_of(query)
    if message is None or not await edit(bot, message.chat.id, message.message_id, text, None):
        await bot.send_message(chat_id=user_id, text=text)
    chat_id = message.chat.id if message is not None else user_id
    for record in await service.set_language(chat_id, user_id, lang):
        await delivery.show(bot, record)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("lang")
    router.message.register(choose_language, Command("lang"))
    router.callback_query.register(set_language, LangData.filter())
    return router
