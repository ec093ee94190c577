"""Small helpers the feature routers share."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Message, User

from bot.game.kinds import GROUP
from bot.game.people import Person
from bot.game.state import Game, HandOver, Lobby, Playing
from bot.telegram.inline import inline_chat
from bot.telegram.middlewares import PrivateButtons
from bot.telegram.render.game import RecordNames
from bot.telegram.render.table import group_title
from texts import Translate

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
    """The chat of the message a button was pressed on: an inline message's own
    (`bot.telegram.inline`); None when no message came with it."""
    if query.inline_message_id is not None:
        return inline_chat(query.inline_message_id)
    return query.message.chat.id if query.message is not None else None


def person(user: User, chat_id: int, lang: str) -> Person:
    return Person(
        user_id=user.id, name=user.full_name or NAME_FALLBACK, language=lang, chat_id=chat_id
    )


def message_of(query: CallbackQuery) -> Message | None:
    """The message a button belongs to, if the bot can still see it."""
    return query.message if isinstance(query.message, Message) else None


def game_status(game: Game, user_id: int, chat_id: int, t: Translate) -> str | None:
    """What a live game waits for, told to `user_id` in `chat_id` (the game's group, or
    their private chat) when the bot did not understand them; None when it is not live."""
    state = game.state
    grouped = game.kind is GROUP
    in_its_group = grouped and chat_id == game.chat_id
    title = group_title(game, t)
    if isinstance(state, Lobby):
        return t("status-lobby-here") if in_its_group else t("status-group-lobby", group=title)
    if isinstance(state, HandOver):
        if in_its_group:
            return t("status-hand-over-here")
        if game.inline_message_id is not None:
            return t("status-inline-hand-over", group=title)
        return t("status-group-hand-over", group=title) if grouped else t("status-hand-over")
    if not isinstance(state, Playing):
        return None
    name = RecordNames(game, None, t)(state.turn)
    if in_its_group:
        return t("status-waiting", name=name)
    mine = game.seat_of(user_id) == state.turn
    if not grouped:
        return t("status-your-move") if mine else t("status-waiting", name=name)
    if mine:
        return t("status-group-your-move", group=title)
    return t("status-group-waiting", group=title, name=name)
