"""Seating a person at a group game. The bot may only write privately to someone who
has started it, and every seat needs a private message for its hand: so that
message is sent first, and a person the bot cannot write to (403) is refused
with the deep link that opens the private chat and completes the join there."""

from __future__ import annotations

from aiogram import Bot
from aiogram.enums import ChatMemberStatus
from aiogram.exceptions import TelegramAPIError, TelegramForbiddenError
from aiogram.utils.deep_linking import create_start_link

from bot import lobby
from bot.content import Content
from bot.groups import GroupService, check_take
from bot.hands import joining_content, lobby_seat_content
from bot.messages import MessageStore, Sent
from bot.record import GameRecord
from bot.service import Person, RefusalCode, RefusalError
from bot.table import join_payload, seat_payload
from texts import Texts

MANAGERS = {ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR}


async def is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether `user_id` administers the group (one getChatMember call)."""
    try:
        member = await bot.get_chat_member(chat_id=chat_id, user_id=user_id)
    except TelegramAPIError:
        return False
    return member.status in MANAGERS


async def seat(
    bot: Bot,
    groups: GroupService,
    messages: MessageStore,
    texts: Texts,
    record: GameRecord,
    person: Person,
    seat_no: int | None,
) -> GameRecord:
    """Join the lobby at `seat_no` (the first free seat if None)."""
    lobby.check_join(record, person.user_id, seat_no)
    content = lobby_seat_content(record, texts.translator(person.language))
    try:
        await _reach(bot, messages, record, person, content)
    except TelegramForbiddenError:
        await groups.invite(record.game_id)
        link = await create_start_link(bot, join_payload(record.game_id))
        raise RefusalError(RefusalCode.PRIVATE_CHAT, record, url=link) from None
    return await groups.join(record.game_id, person, seat_no)


async def take(
    bot: Bot,
    groups: GroupService,
    messages: MessageStore,
    texts: Texts,
    record: GameRecord,
    person: Person,
    seat_no: int,
) -> GameRecord:
    """Take the bot's seat `seat_no` between hands."""
    check_take(record, person.user_id, seat_no)
    content = joining_content(record, texts.translator(person.language))
    try:
        await _reach(bot, messages, record, person, content)
    except TelegramForbiddenError:
        link = await create_start_link(bot, seat_payload(record.game_id, seat_no))
        raise RefusalError(RefusalCode.PRIVATE_CHAT, record, url=link) from None
    return await groups.take_seat(record.game_id, person, seat_no)


async def _reach(
    bot: Bot, messages: MessageStore, record: GameRecord, person: Person, content: Content
) -> None:
    """Send the person's private message for this game, unless it exists already."""
    sent = await messages.private(record.game_id, person.user_id)
    if sent is not None and sent.message_id is not None:
        return
    message = await bot.send_message(chat_id=person.chat_id, text=content.text)
    shown = Sent(
        person.chat_id, message.message_id, content.essential, content.full, person.language
    )
    await messages.set_private(record.game_id, person.user_id, shown)
