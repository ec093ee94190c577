"""Who is in a group and who administers it, asked of Telegram (getChatMember) only
when a use case needs the answer. An inline message's game (`bot.telegram.inline`) is
open to whoever sees it, and has no admins."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import Bot
from aiogram.enums import ChatMemberStatus
from aiogram.exceptions import TelegramAPIError
from aiogram.types import ChatMemberRestricted

from bot.game.ports import Ask
from bot.telegram.inline import is_inline

MANAGERS = {ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR}
MEMBERS = MANAGERS | {ChatMemberStatus.MEMBER}


async def _status(bot: Bot, chat_id: int, user_id: int) -> tuple[str, bool]:
    """The person's status in the chat, and whether a restricted one is still in it;
    ("left", False) when Telegram will not say."""
    try:
        member = await bot.get_chat_member(chat_id=chat_id, user_id=user_id)
    except TelegramAPIError:
        return ChatMemberStatus.LEFT, False
    in_it = isinstance(member, ChatMemberRestricted) and member.is_member
    return member.status, in_it


def admin_check(bot: Bot, chat_id: int, user_id: int) -> Ask:
    """Whether `user_id` administers `chat_id`."""

    async def check() -> bool:
        if is_inline(chat_id):
            return False  # an inline message has no admins: its game's opener manages it
        status, _ = await _status(bot, chat_id, user_id)
        return status in MANAGERS

    return check


def member_check(bot: Bot, chat_id: int, user_id: int) -> Ask:
    """Whether `user_id` is in the group `chat_id` (restricted members are)."""

    async def check() -> bool:
        if is_inline(chat_id):
            return True  # whoever sees an inline message's invitation may join its game
        status, restricted_member = await _status(bot, chat_id, user_id)
        return status in MEMBERS or restricted_member

    return check


def membership(bot: Bot, user_id: int) -> Callable[[int], Awaitable[bool]]:
    """Whether `user_id` is in a group, for the group the use case names."""

    async def check(chat_id: int) -> bool:
        return await member_check(bot, chat_id, user_id)()

    return check
