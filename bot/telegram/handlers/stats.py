"""/stats and /top: the records. /stats is the sender's (everywhere in a private chat,
in that group in a group), or, in reply to someone's message in a group, theirs there;
/top is a group's."""

from __future__ import annotations

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import Message, User

from bot.game.stats import Stats
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.game import escape_name, table_name
from bot.telegram.render.stats import card_text, top_text
from texts import Translate


def _subject(message: Message, sender: User) -> User:
    """Whose record /stats asks for: the author of the message it replies to, in a
    group; else the sender's. A reply to a forum topic's opening is no reply."""
    reply = message.reply_to_message
    if (
        message.chat.type == ChatType.PRIVATE
        or reply is None
        or reply.from_user is None
        or reply.forum_topic_created is not None
    ):
        return sender
    return reply.from_user


async def stats(message: Message, stats: Stats, replies: Replies, t: Translate) -> None:
    """A person's record: everywhere (private chat) or in this group."""
    sender, chat = message.from_user, message.chat
    if sender is None:
        return
    subject = _subject(message, sender)
    if subject.is_bot:
        await replies.say(chat.id, t("stats-of-a-bot"))
        return
    group = None if chat.type == ChatType.PRIVATE else chat.id
    title = escape_name(chat.title or "") if group is not None else None
    card = await stats.card(subject.id, group)
    name = table_name(subject.full_name)
    if card is not None:
        text = card_text(card, name, title, t)
    elif title is None:
        text = t("stats-none", name=name)
    else:
        text = t("stats-none-group", name=name, group=title)
    await replies.say(chat.id, text)


async def top(message: Message, stats: Stats, replies: Replies, t: Translate) -> None:
    """A group's records: win rates, the goats, the best pair."""
    chat = message.chat
    if chat.type == ChatType.PRIVATE:
        await replies.say(chat.id, t("top-in-a-group"))
        return
    await replies.say(chat.id, top_text(await stats.top(chat.id), escape_name(chat.title or ""), t))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent); in
    every chat."""
    router = Router(name="stats")
    router.message.register(stats, Command("stats"))
    router.message.register(top, Command("top"))
    return router
