"""/start and /help."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandStart
from aiogram.types import Message

from bot.handlers.common import private_router
from bot.render import escape_name
from texts import Translate


async def start(message: Message, t: Translate) -> None:
    """Greet the user in their language and say what the bot does."""
    name = escape_name(message.from_user.full_name) if message.from_user else "?"
    await message.answer(t("start", name=name) + "\n\n" + t("help"))


async def help_(message: Message, t: Translate) -> None:
    """The commands and how a game goes."""
    await message.answer(t("help"))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("start")
    router.message.register(start, CommandStart())
    router.message.register(help_, Command("help"))
    return router
