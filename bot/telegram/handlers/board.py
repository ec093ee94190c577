"""/board: the game again at the bottom of the chat, once talk has pushed it up (see
`Games.show_again`). The old copy loses its buttons."""

from __future__ import annotations

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import Message

from bot.game.games import Games
from bot.telegram.outbox.replies import Replies
from texts import Translate


async def board(message: Message, games: Games, replies: Replies, t: Translate) -> None:
    """Send the game's message anew (live, finished or stopped)."""
    chat_id, user = message.chat.id, message.from_user
    if user is None:
        return
    if message.chat.type != ChatType.PRIVATE:
        if await games.show_table_again(chat_id) is None:
            await replies.say(chat_id, t("group-none"))
    elif await games.show_again(chat_id, user.id) is None:
        await replies.say(chat_id, t("score-none"))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent); in
    every chat."""
    router = Router(name="board")
    router.message.register(board, Command("board"))
    return router
