"""Telegram telling the bot that a chat changed towards it (`my_chat_member`): a person
who blocks the bot hands their seats to bots at once; a group that removes the bot
stops its game; a group that makes the bot an administrator, or no longer, is noted (an
administrator may show a person their hand in the group without their press)."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatMemberStatus, ChatType
from aiogram.types import ChatMemberUpdated

from bot.game.groups import GroupGames
from bot.telegram.ports import ADMIN, Rights

GONE = {ChatMemberStatus.KICKED, ChatMemberStatus.LEFT}


async def blocked(update: ChatMemberUpdated, groups: GroupGames) -> None:
    """A person blocked the bot: a bot plays each of their group seats from now on, and
    each group is told, without waiting for the next message to them to fail."""
    await groups.blocked_by(update.from_user.id)


async def removed(update: ChatMemberUpdated, groups: GroupGames) -> None:
    """The bot was removed from a group: its game stops."""
    await groups.bot_removed(update.chat.id)


async def rights_changed(update: ChatMemberUpdated, rights: Rights) -> None:
    """The bot became a group's administrator, or an ordinary member again."""
    status = update.new_chat_member.status
    await rights.set(update.chat.id, ADMIN if status == ChatMemberStatus.ADMINISTRATOR else "")


def create_router() -> Router:
    """The bot's own membership in chats."""
    router = Router(name="membership")
    gone = F.new_chat_member.status.in_(GONE)
    router.my_chat_member.register(blocked, F.chat.type == ChatType.PRIVATE, gone)
    router.my_chat_member.register(removed, F.chat.type != ChatType.PRIVATE, gone)
    router.my_chat_member.register(rights_changed, F.chat.type != ChatType.PRIVATE)
    return router
