"""/score: the scores of the chat's game."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import Message

from bot.game.games import Games
from bot.telegram.handlers.common import private_router
from bot.telegram.outbox import Outbox
from bot.telegram.render import score_text
from texts import Translate


async def score(message: Message, games: Games, outbox: Outbox, t: Translate) -> None:
    """Scores, target and whose turn it is; the last result if the match is over."""
    game = await games.for_chat(message.chat.id)
    if game is None or game.match is None:
        await outbox.say(message.chat.id, t("score-none"))
        return
    viewer = game.seat_of(message.from_user.id) if message.from_user else None
    await outbox.say(message.chat.id, score_text(game, game.public_view(), viewer, t))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("score")
    router.message.register(score, Command("score"))
    return router
