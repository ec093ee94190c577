"""/board: the game again at the bottom of the chat, once talk has pushed it up. In a
private chat, the person's game message (their own game, or their hand in a group game
they sit in: see `Games.of_person`); in a group, the table. The old copy loses its
buttons."""

from __future__ import annotations

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import Message

from bot.game.games import Games
from bot.telegram.outbox import Outbox
from texts import Translate


async def board(message: Message, games: Games, outbox: Outbox, t: Translate) -> None:
    """Send the game's message anew (live, finished or stopped)."""
    chat_id, user = message.chat.id, message.from_user
    if user is None:
        return
    if message.chat.type == ChatType.PRIVATE:
        game = await games.of_person(chat_id, user.id)
        if game is None:
            await outbox.say(chat_id, t("score-none"))
            return
        await outbox.deliver(game, anew=user.id)
        return
    game = await games.for_chat(chat_id)
    if game is None or (game.match is None and not game.is_live):  # a cancelled lobby
        await outbox.say(chat_id, t("group-none"))
        return
    await outbox.deliver(game, moved=True)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent); in
    every chat."""
    router = Router(name="board")
    router.message.register(board, Command("board"))
    return router
