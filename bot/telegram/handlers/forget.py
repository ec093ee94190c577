"""/forgetme: after a confirmation, everything the bot keeps about the person is erased
(see `bot.game.forget`). In their private chat only: its buttons work there alone, so
only that person can answer."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.filters.callback_data import CallbackData
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.game.forget import Forgetting
from bot.telegram.handlers.common import message_of
from bot.telegram.middlewares import PrivateButtons
from bot.telegram.outbox.replies import Replies
from texts import Translate


class ForgetAnswer(CallbackData, prefix="fg"):
    """Yes (`erase`) or No on the /forgetme confirmation."""

    erase: bool


async def ask(message: Message, replies: Replies, t: Translate) -> None:
    """Ask before erasing anything."""
    buttons = [
        InlineKeyboardButton(text=t(label), callback_data=ForgetAnswer(erase=erase).pack())
        for label, erase in (("btn-forget-yes", True), ("btn-forget-no", False))
    ]
    await replies.say(
        message.chat.id, t("forget-ask"), InlineKeyboardMarkup(inline_keyboard=[buttons])
    )


async def answer(
    query: CallbackQuery,
    callback_data: ForgetAnswer,
    forgetting: Forgetting,
    replies: Replies,
    t: Translate,
) -> None:
    """Yes: the person is forgotten; No: nothing changes. The question then says which,
    without its buttons."""
    if callback_data.erase:
        await forgetting.forget(query.from_user.id)
    text = t("forget-done") if callback_data.erase else t("forget-kept")
    message = message_of(query)
    chat_id = message.chat.id if message is not None else query.from_user.id
    await replies.show(chat_id, message.message_id if message is not None else None, text)


async def in_a_group(message: Message, replies: Replies, t: Translate) -> None:
    await replies.say(message.chat.id, t("forget-in-private"))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent). The
    confirmation's buttons work only in the private chat of whoever presses them."""
    router = Router(name="forget")
    router.message.register(ask, Command("forgetme"), F.chat.type == ChatType.PRIVATE)
    router.message.register(in_a_group, Command("forgetme"))
    router.callback_query.middleware(PrivateButtons())
    router.callback_query.register(answer, ForgetAnswer.filter())
    return router
