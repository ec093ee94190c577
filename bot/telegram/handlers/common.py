"""Small helpers the feature routers share."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Message, User

from bot.game.people import Person
from bot.telegram.middlewares import PrivateButtons

NAME_FALLBACK = "?"


def private_router(name: str, *, private_buttons: bool = True) -> Router:
    """A router whose commands only work in a private chat (groups have their own), and
    whose buttons only on a private chat's messages (`private_buttons`; the game
    buttons check their own message against their game instead)."""
    router = Router(name=name)
    router.message.filter(F.chat.type == ChatType.PRIVATE)
    if private_buttons:
        router.callback_query.middleware(PrivateButtons())
    return router


def chat_of(query: CallbackQuery) -> int | None:
    """The chat of the message a button was pressed on (None: no message came with it)."""
    return query.message.chat.id if query.message is not None else None


def person(user: User, chat_id: int, lang: str) -> Person:
    return Person(
        user_id=user.id, name=user.full_name or NAME_FALLBACK, language=lang, chat_id=chat_id
    )


def message_of(query: CallbackQuery) -> Message | None:
    """The message a button belongs to, if the bot can still see it."""
    return query.message if isinstance(query.message, Message) else None
