"""/rules: the rules of each variant, in the user's language."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.game.errors import RefusalCode, RefusalError
from bot.telegram.callbacks import RulesData
from bot.telegram.handlers.common import message_of, private_router
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.keyboards import rules_keyboard
from core.variants import Variant
from texts import Translate


def rules_text(variant: Variant, t: Translate) -> str:
    return t(f"rules-{variant.value}")


async def rules(message: Message, command: CommandObject, replies: Replies, t: Translate) -> None:
    """`/rules kozel` shows one variant; plain `/rules` asks which."""
    arg = (command.args or "").strip().lower()
    text = rules_text(Variant(arg), t) if arg in {v.value for v in Variant} else t("rules-choose")
    await replies.say(message.chat.id, text, rules_keyboard(t))


async def show_rules(
    query: CallbackQuery, callback_data: RulesData, replies: Replies, t: Translate
) -> None:
    """Show the chosen variant's rules in place."""
    try:
        variant = Variant(callback_data.variant)
    except ValueError as exc:
        raise RefusalError(RefusalCode.INVALID) from exc
    message = message_of(query)
    chat_id = message.chat.id if message is not None else query.from_user.id
    message_id = message.message_id if message is not None else None
    await replies.show(chat_id, message_id, rules_text(variant, t), rules_keyboard(t))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("rules")
    router.message.register(rules, Command("rules"))
    router.callback_query.register(show_rules, RulesData.filter())
    return router
