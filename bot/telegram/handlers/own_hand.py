"""🂠 on a group's table, and on its lobby: the presser's hand (in the lobby, their
seat), shown to them alone inside the group (an ephemeral message,
`bot.telegram.show.ephemeral`), with their moves when it is their turn; moves made from
it are checked as from their private chat."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.telegram.callbacks import HandData
from bot.telegram.handlers.common import chat_of
from bot.telegram.outbox.replies import Replies


async def show_hand(
    query: CallbackQuery, callback_data: HandData, games: Games, replies: Replies
) -> None:
    """The presser's hand, to them alone, in the group the table is in."""
    game = await games.get(callback_data.game)
    if game is None:
        raise RefusalError(RefusalCode.NO_GAME)
    if chat_of(query) != game.chat_id:
        raise RefusalError(RefusalCode.WRONG_CHAT)
    seat = game.seat_of(query.from_user.id)
    if seat is None:
        raise RefusalError(RefusalCode.NOT_SEATED)
    if not game.is_live:
        raise RefusalError(RefusalCode.GAME_OVER)
    human = game.human(seat)
    await replies.hand(game, human.user_id, query.id, human.language)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = Router(name="own_hand")
    router.callback_query.register(show_hand, HandData.filter())
    return router
