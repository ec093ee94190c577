"""/score: the scores of the chat's game."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import Message

from bot.handlers.common import private_router
from bot.render import score_text
from bot.service import GameService
from core.engine import Match
from core.views import public_view
from texts import Translate


async def score(message: Message, service: GameService, t: Translate) -> None:
    """Scores, target and whose turn it is; the last result if the match is over."""
    record = await service.game_for_chat(message.chat.id)
    if record is None:
        await message.answer(t("score-none"))
        return
    viewer = record.seat_of(message.from_user.id) if message.from_user else None
    view = public_view(Match.from_dict(record.engine))
    await message.answer(score_text(record, view, viewer, t))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("score")
    router.message.register(score, Command("score"))
    return router
