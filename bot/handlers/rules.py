"""/rules: the rules of each variant, in the user's language."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import RulesData
from bot.delivery import edit
from bot.handlers.common import message_of, private_router
from bot.keyboards import rules_keyboard
from bot.service import RefusalCode, RefusalError
from core.variants import Variant
from texts import Translate


def rules_text(variant: Variant, t: Translate) -> str:
    return t(f"rules-{variant.value}")


async def rules(message: Message, command: CommandObject, t: Translate) -> None:
    """`/rules kozel` shows one variant; plain `/rules` asks which."""
    arg = (command.args or "").strip().lower()
    if arg in {v.value for v in Variant}:
        await message.answer(rules_text(Variant(arg), t), reply_markup=rules_keyboard(t))
        return
    await message.answer(t("rules-choose"), reply_markup=rules_keyboard(t))


async def show_rules(
    query: CallbackQuery, callback_data: RulesData, bot: Bot, t: Translate
) -> None:
    """Show the chosen variant's rules in place."""
    try:
        variant = Variant(callback_data.variant)
    except ValueError as exc:
        raise RefusalError(RefusalCode.INVALID) from exc
    text, markup = rules_text(variant, t), rules_keyboard(t)
    message = message_of(query)
    if message is None or not await edit(bot, message.chat.id, message.message_id, text, markup):
        await bot.send_message(chat_id=query.from_user.id, text=text, reply_markup=markup)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("rules")
    router.message.register(rules, Command("rules"))
    router.callback_query.register(show_rules, RulesData.filter())
    return router
