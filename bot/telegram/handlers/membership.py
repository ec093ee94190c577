"""Telegram telling the bot that a chat changed towards it (`my_chat_member`): a person
who blocks the bot hands their seats to bots at once; a group that removes the bot
stops its game."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatMemberStatus, ChatType
from aiogram.types import ChatMemberUpdated

from bot.game.groups import GroupGames

GONE = {ChatMemberStatus.KICKED, ChatMemberStatus.LEFT}


async def blocked(update: ChatMemberUpdated, groups: GroupGames) -> None:
    """A person blocked the bot: a bot plays each of their group seats from now on, and
    each group is told, without waiting for the next message to them to fail."""
    await groups.blocked_by(update.from_user.id)


async def removed(update: ChatMemberUpdated, groups: GroupGames) -> None:
    """The bot was removed from a group: its game stops."""
    await groups.bot_removed(update.chat.id)


def create_router() -> Router:
    """The bot's own membership in chats."""
    router = Router(name="membership")
    gone = F.new_chat_member.status.in_(GONE)
    router.my_chat_member.register(blocked, F.chat.type == ChatType.PRIVATE, gone)
    router.my_chat_member.register(removed, F.chat.type != ChatType.PRIVATE, gone)
    return router
