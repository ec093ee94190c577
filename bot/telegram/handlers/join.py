"""/join in a group: sit down in its lobby, as the Join button does (someone the bot may
not write to yet sits down in the group only: the lobby shows them the link to its
private chat, and 🂠 shows them their seat and, later, their hand)."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import Message

from bot.game.actions import GroupAction
from bot.game.errors import RefusalCode, RefusalError
from bot.game.groups import GroupGames
from bot.telegram.handlers.common import person
from bot.telegram.members import admin_check, member_check
from bot.telegram.outbox.replies import Replies
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
    await groups.press(
        game.game_id,
        person(user, user.id, own_lang),
        GroupAction.JOIN,
        -1,
        chat_id,
        admin=admin_check(bot, chat_id, user.id),
        member=member_check(bot, chat_id, user.id),
    )


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = Router(name="join")
    router.message.filter(F.chat.type != ChatType.PRIVATE)
    router.message.register(join, Command("join"))
    return router
