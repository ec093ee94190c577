"""/lang in a group: the group's one language, that of its replies, its lobby, its
table and its announcements. Its live game's opener or a group admin (with no live
game, an admin) chooses it; players' hands stay in each one's own language. The
private chat's /lang is `bot.telegram.handlers.lang`."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.game.errors import RefusalCode, RefusalError
from bot.game.groups import GroupGames
from bot.telegram.callbacks import GroupLangData
from bot.telegram.handlers.common import message_of
from bot.telegram.members import admin_check
from bot.telegram.outbox.replies import Replies
from bot.telegram.ports import Languages
from bot.telegram.render.keyboards import group_language_keyboard
from texts import Texts, Translate


async def choose(
    message: Message, bot: Bot, groups: GroupGames, replies: Replies, lang: str, t: Translate
) -> None:
    """The language menu, for whoever may choose (anyone else is told who may)."""
    user, chat_id = message.from_user, message.chat.id
    if user is None:
        return
    await groups.may_set_language(chat_id, user.id, admin_check(bot, chat_id, user.id))
    await replies.say(chat_id, t("group-lang-choose"), group_language_keyboard(lang, t))


async def chosen(
    query: CallbackQuery,
    callback_data: GroupLangData,
    bot: Bot,
    groups: GroupGames,
    languages: Languages,
    replies: Replies,
    texts: Texts,
) -> None:
    """The group speaks the language pressed from now on, its live game's table too.
    Asked again at the press: the menu is there for the whole group to see."""
    chat = query.message.chat if query.message is not None else None
    if chat is None or chat.type == ChatType.PRIVATE:
        raise RefusalError(RefusalCode.WRONG_CHAT)
    user_id, lang = query.from_user.id, callback_data.lang
    live = await groups.may_set_language(chat.id, user_id, admin_check(bot, chat.id, user_id))
    await languages.set(chat.id, lang)
    message = message_of(query)
    # Forged onto the game's own table, the answer leaves that message to delivery.
    if message is None or live is None or not await replies.belongs_to(live, message.message_id):
        await replies.show(
            chat.id, message.message_id if message else None, texts.get(lang, "group-lang-set")
        )
    await groups.set_language(chat.id, lang)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent): the
    command in groups, the menu's buttons wherever they are pressed (refused outside a
    group)."""
    router = Router(name="group_language")
    router.message.filter(F.chat.type != ChatType.PRIVATE)
    router.message.register(choose, Command("lang"))
    router.callback_query.register(chosen, GroupLangData.filter())
    return router
