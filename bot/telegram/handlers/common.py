"""Small helpers the feature routers share."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Message, User

from bot.game.people import Person

NAME_FALLBACK = "?"


def private_router(name: str) -> Router:
    """A router whose commands only work in a private chat (groups have their own)."""
    router = Router(name=name)
    router.message.filter(F.chat.type == ChatType.PRIVATE)
    return router


def person(user: User, chat_id: int, lang: str) -> Person:
    return Person(
        user_id=user.id, name=user.full_name or NAME_FALLBACK, language=lang, chat_id=chat_id
    )


def message_of(query: CallbackQuery) -> Message | None:
    """The message a button belongs to, if the bot can still see it."""
    return query.message if isinstance(query.message, Message) else None
