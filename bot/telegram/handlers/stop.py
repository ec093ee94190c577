"""/stop: abandon the chat's game, after a confirmation."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.game.games import Games
from bot.telegram.callbacks import StopData
from bot.telegram.handlers.common import message_of, private_router
from bot.telegram.keyboards import stop_keyboard
from bot.telegram.outbox import Outbox
from texts import Translate


async def stop(message: Message, games: Games, outbox: Outbox, t: Translate) -> None:
    """Ask before abandoning the game."""
    game = await games.live_for_chat(message.chat.id)
    if game is None or not game.is_active or message.from_user is None:
        await outbox.say(message.chat.id, t("stop-none"))
        return
    await outbox.say(message.chat.id, t("stop-confirm"), stop_keyboard(game.game_id, t))


async def confirm(
    query: CallbackQuery, callback_data: StopData, games: Games, outbox: Outbox, t: Translate
) -> None:
    """Yes: the game is stopped and its message says so. No: nothing changes."""
    message = message_of(query)
    if callback_data.confirm:
        game = await games.stop(callback_data.game, query.from_user.id)
        await outbox.deliver(game)
        text = t("stop-done")
    else:
        text = t("stop-kept")
    if message is not None:
        await outbox.show(message.chat.id, message.message_id, text)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("stop")
    router.message.register(stop, Command("stop"))
    router.callback_query.register(confirm, StopData.filter())
    return router
