"""Who administers a group, asked of Telegram only when it matters."""

from __future__ import annotations

from aiogram import Bot
from aiogram.enums import ChatMemberStatus
from aiogram.exceptions import TelegramAPIError

from bot.game.ports import AdminCheck

MANAGERS = {ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR}


def admin_check(bot: Bot, chat_id: int, user_id: int) -> AdminCheck:
    """Whether `user_id` administers `chat_id` (one getChatMember call, when awaited)."""

    async def check() -> bool:
        try:
            member = await bot.get_chat_member(chat_id=chat_id, user_id=user_id)
        except TelegramAPIError:
            return False
        return member.status in MANAGERS

    return check
