"""Game buttons: a move, 💡, Next hand, Rematch. Each press is checked against the stored
game (id, version, seat, turn) and the engine; a refused press changes nothing, and
shows the game again when it moved on (see `bot.game.matches`)."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery
from aiogram.utils.callback_answer import CallbackAnswer

from bot.game.actions import GameAction
from bot.game.hints import Hints
from bot.game.matches import Matches
from bot.telegram.callbacks import ActionData, EndCode, HintData, MoveData
from bot.telegram.handlers.common import chat_of, private_router
from bot.telegram.render.advice import hint_text
from texts import Translate

_ENDS = {EndCode.LEFT: "left", EndCode.RIGHT: "right", EndCode.NONE: None}


async def move(query: CallbackQuery, callback_data: MoveData, matches: Matches) -> None:
    """Play the pressed tile (then, in a direct game, the bots)."""
    data = callback_data
    await matches.play(
        data.game,
        query.from_user.id,
        data.version,
        data.tile,
        _ENDS[data.end],
        chat_of(query),
        press=query.id,
    )


async def hint(
    query: CallbackQuery,
    callback_data: HintData,
    hints: Hints,
    callback_answer: CallbackAnswer,
    t: Translate,
) -> None:
    """💡: what the expert would play now, in the press's answer (an alert, which stays
    until dismissed; the game's message changes only to count the hint)."""
    data = callback_data
    found = await hints.hint(data.game, query.from_user.id, data.version, chat_of(query))
    callback_answer.text = hint_text(found, t)
    callback_answer.show_alert = True


async def action(query: CallbackQuery, callback_data: ActionData, matches: Matches) -> None:
    """Next hand or Rematch (in a group, from the table or the match's result)."""
    data, user_id = callback_data, query.from_user.id
    if data.action is GameAction.NEXT_HAND:
        await matches.next_hand(data.game, user_id, data.version, chat_of(query))
    else:
        await matches.rematch(data.game, user_id, data.version, chat_of(query))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("moves", private_buttons=False)  # Next hand is in groups too
    router.callback_query.register(move, MoveData.filter())
    router.callback_query.register(action, ActionData.filter())
    router.callback_query.register(hint, HintData.filter())
    return router
