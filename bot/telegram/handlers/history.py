"""/history: the last matches of the chat (a group's, or a private chat's direct
games), and `/history last`: the last hand of the latest one, move by move."""

from __future__ import annotations

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.game.history import History
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.history import hand_texts, history_text
from texts import Translate

LAST = "last"


async def show_history(
    message: Message, command: CommandObject, history: History, replies: Replies, t: Translate
) -> None:
    chat_id, user = message.chat.id, message.from_user
    # In a private chat the person asking is "You"; a group sees everyone by name, as on
    # its table.
    private = message.chat.type == ChatType.PRIVATE
    viewer = user.id if private and user is not None else None
    argument = (command.args or "").strip().lower()
    if not argument:
        await replies.say(chat_id, history_text(await history.recent(chat_id), viewer, t))
    elif argument == LAST:
        replay = await history.last_hand(chat_id)
        if replay is None:
            kept = await history.recent(chat_id)
            await replies.say(chat_id, t("history-hand-gone" if kept else "history-none"))
            return
        for text in hand_texts(replay, viewer, t):
            await replies.say(chat_id, text)
    else:
        await replies.say(chat_id, t("history-usage"))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent); in
    every chat."""
    router = Router(name="history")
    router.message.register(show_history, Command("history"))
    return router
