"""/join in a group: sit down in its lobby, as the Join button does. Someone the bot may
not write to yet is given a button to its private chat (one tap on Start there, then
/join again or the lobby's Join)."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link

from bot.game.actions import GroupAction
from bot.game.errors import RefusalCode, RefusalError
from bot.game.groups import GroupGames
from bot.telegram.handlers.common import person
from bot.telegram.members import admin_check, member_check
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.lobby import join_payload
from texts import Translate


async def join(
    message: Message, bot: Bot, groups: GroupGames, replies: Replies, own_lang: str, t: Translate
) -> None:
    """Join the group's lobby (refused as the button is: a match under way, a full table,
    someone already seated)."""
    user, chat_id = message.from_user, message.chat.id
    if user is None:
        return
    try:
        game = await groups.live_game(chat_id)
    except RefusalError as refusal:
        if refusal.code is not RefusalCode.NO_GAME:
            raise
        await replies.say(chat_id, t("no-game-here"))
        return
    try:
        await groups.press(
            game.game_id,
            person(user, user.id, own_lang),
            GroupAction.JOIN,
            -1,
            chat_id,
            admin=admin_check(bot, chat_id, user.id),
            member=member_check(bot, chat_id, user.id),
        )
    except RefusalError as refusal:
        if refusal.code is not RefusalCode.PRIVATE_CHAT:
            raise
        link = await create_start_link(bot, join_payload(game.game_id))
        button = InlineKeyboardButton(text=t("btn-invite"), url=link)
        markup = InlineKeyboardMarkup(inline_keyboard=[[button]])
        await replies.say(chat_id, t("refusal-private-chat"), markup)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = Router(name="join")
    router.message.filter(F.chat.type != ChatType.PRIVATE)
    router.message.register(join, Command("join"))
    return router
