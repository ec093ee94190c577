"""/stop: abandon the chat's game, after a confirmation."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import StopData
from bot.delivery import Delivery, edit
from bot.handlers.common import message_of, private_router
from bot.keyboards import stop_keyboard
from bot.service import GameService
from texts import Translate


async def stop(message: Message, service: GameService, t: Translate) -> None:
    """Ask before abandoning the game."""
    record = await service.active_game(message.chat.id)
    if record is None or message.from_user is None:
        await message.answer(t("stop-none"))
        return
    await message.answer(t("stop-confirm"), reply_markup=stop_keyboard(record.game_id, t))


async def confirm(
    query: CallbackQuery,
    callback_data: StopData,
    bot: Bot,
    service: GameService,
    delivery: Delivery,
    t: Translate,
) -> None:
    """Yes: the game is stopped and its message says so. No: nothing changes."""
    message = message_of(query)
    if callback_data.confirm:
        record = await service.stop(callback_data.game, query.from_user.id)
        await delivery.show(bot, record)
        text = t("stop-done")
    else:
        text = t("stop-kept")
    if message is not None:
        await edit(bot, message.chat.id, message.message_id, text, None)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("stop")
    router.message.register(stop, Command("stop"))
    router.callback_query.register(confirm, StopData.filter())
    return router
