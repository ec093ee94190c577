"""Game buttons: a move, Next hand, Rematch. Each press is checked against the stored
game (id, version, seat, turn) and the engine; a refused press changes nothing."""

from __future__ import annotations

from collections.abc import Awaitable

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.game.actions import GameAction
from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.state import Game
from bot.telegram.callbacks import ActionData, EndCode, MoveData
from bot.telegram.handlers.common import chat_of, private_router
from bot.telegram.outbox import Outbox

# A refused press on a game that moved on shows the game again, so the player sees why
# (another press got there first, or the hand moved on).
_REFRESH = {RefusalCode.STALE, RefusalCode.GAME_OVER, RefusalCode.NOT_YOUR_TURN}
_ENDS = {EndCode.LEFT: "left", EndCode.RIGHT: "right", EndCode.NONE: None}


async def move(query: CallbackQuery, callback_data: MoveData, games: Games, outbox: Outbox) -> None:
    """Play the pressed tile (then, in a direct game, the bots) and show the result."""
    data = callback_data
    change = games.play(
        data.game,
        query.from_user.id,
        data.version,
        data.tile,
        _ENDS[data.end],
        chat_of(query),
        press=query.id,
    )
    await _run(data.game, change, games, outbox)


async def action(
    query: CallbackQuery, callback_data: ActionData, games: Games, outbox: Outbox
) -> None:
    """Next hand or Rematch (in a group, from the table or the match's result)."""
    data, user_id = callback_data, query.from_user.id
    if data.action is GameAction.NEXT_HAND:
        change = games.next_hand(data.game, user_id, data.version, chat_of(query))
    else:
        change = games.rematch(data.game, user_id, data.version, chat_of(query))
    await _run(data.game, change, games, outbox)


async def _run(game_id: str, change: Awaitable[Game], games: Games, outbox: Outbox) -> None:
    try:
        game = await change
    except RefusalError as refusal:
        if refusal.code in _REFRESH:
            current = await games.get(game_id)
            if current is not None:
                await outbox.deliver(current)
        raise
    await outbox.deliver(game)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("moves", private_buttons=False)  # Next hand is in groups too
    router.callback_query.register(move, MoveData.filter())
    router.callback_query.register(action, ActionData.filter())
    return router
