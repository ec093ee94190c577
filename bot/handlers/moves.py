"""Game buttons: a move, Next hand, Rematch. Each press is checked against the stored
game (id, version, seat, turn) and the engine; a refused press changes nothing."""

from __future__ import annotations

from collections.abc import Awaitable

from aiogram import Bot, Router
from aiogram.types import CallbackQuery

from bot.callbacks import ActionData, EndCode, GameAction, MoveData
from bot.delivery import Delivery
from bot.handlers.common import private_router
from bot.record import GameRecord
from bot.service import GameService, RefusalCode, RefusalError

# A refused press that comes with the current game refreshes the message, so the
# player sees why (another press got there first, or the hand moved on).
_REFRESH = {RefusalCode.STALE, RefusalCode.GAME_OVER, RefusalCode.NOT_YOUR_TURN}
_ENDS = {EndCode.LEFT: "left", EndCode.RIGHT: "right", EndCode.NONE: None}


async def move(
    query: CallbackQuery,
    callback_data: MoveData,
    bot: Bot,
    service: GameService,
    delivery: Delivery,
) -> None:
    """Play the pressed tile (then, in a direct game, the bots) and show the result."""
    data = callback_data
    await _run(
        bot,
        delivery,
        service.play(data.game, query.from_user.id, data.version, data.tile, _ENDS[data.end]),
    )


async def action(
    query: CallbackQuery,
    callback_data: ActionData,
    bot: Bot,
    service: GameService,
    delivery: Delivery,
) -> None:
    """Next hand or Rematch (in a group, from the table or the match's result)."""
    data, user_id = callback_data, query.from_user.id
    if data.action is GameAction.NEXT_HAND:
        await _run(bot, delivery, service.next_hand(data.game, user_id, data.version))
    else:
        await _run(bot, delivery, service.rematch(data.game, user_id, data.version))


async def _run(bot: Bot, delivery: Delivery, change: Awaitable[GameRecord]) -> None:
    try:
        record = await change
    except RefusalError as refusal:
        if refusal.code in _REFRESH and refusal.record is not None:
            await delivery.show(bot, refusal.record)
        raise
    await delivery.show(bot, record)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("moves")
    router.callback_query.register(move, MoveData.filter())
    router.callback_query.register(action, ActionData.filter())
    return router
