"""/look: how a chat sees its games, the table drawn (a picture with a caption) or as
text. In a private chat the person chooses for it (their own games and their hands in
group games); in a group, whoever may choose its language (its live game's opener or
an admin) chooses for its table. The chat's games are then shown again in the new look.
Delivery reads the choice (`Looks`) each time it draws a chat's messages."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.telegram.callbacks import GroupLookData, LookData
from bot.telegram.handlers.common import message_of, private_router
from bot.telegram.members import admin_check
from bot.telegram.outbox.replies import Replies
from bot.telegram.ports import Look, Looks
from bot.telegram.render.keyboards import look_keyboard
from texts import Translate


def _look(value: str) -> Look:
    """The look a button carries; refused when there is no such look (forged, stale)."""
    try:
        return Look(value)
    except ValueError as exc:
        raise RefusalError(RefusalCode.INVALID) from exc


def _confirmation(look: Look, t: Translate, *, for_group: bool) -> str:
    if for_group:
        return t("group-look-set-picture") if look is Look.PICTURE else t("group-look-set-text")
    return t("look-set-picture") if look is Look.PICTURE else t("look-set-text")


# -- in a private chat -----------------------------------------------------------------


async def choose(
    message: Message, looks: Looks, default_look: Look, replies: Replies, t: Translate
) -> None:
    """The menu, the person's current look marked."""
    chat_id = message.chat.id
    current = await looks.get(chat_id) or default_look.value
    await replies.say(chat_id, t("look-choose"), look_keyboard(current, t))


async def chosen(
    query: CallbackQuery,
    callback_data: LookData,
    games: Games,
    looks: Looks,
    replies: Replies,
    t: Translate,
) -> None:
    """Remember the look; the person's games are shown again in it."""
    look = _look(callback_data.look)
    user_id = query.from_user.id
    await looks.set(user_id, look.value)
    message = message_of(query)
    chat_id = message.chat.id if message is not None else user_id
    await replies.show(
        chat_id,
        message.message_id if message is not None else None,
        _confirmation(look, t, for_group=False),
    )
    await games.redraw(chat_id, seated=user_id)


# -- in a group ------------------------------------------------------------------------


async def choose_for_group(
    message: Message,
    bot: Bot,
    groups: GroupGames,
    looks: Looks,
    default_look: Look,
    replies: Replies,
    t: Translate,
) -> None:
    """The group's menu, for whoever may choose (anyone else is told who may)."""
    user, chat_id = message.from_user, message.chat.id
    if user is None:
        return
    await groups.may_choose_for_group(chat_id, user.id, admin_check(bot, chat_id, user.id))
    current = await looks.get(chat_id) or default_look.value
    markup = look_keyboard(current, t, for_group=True)
    await replies.say(chat_id, t("group-look-choose"), markup)


async def chosen_for_group(
    query: CallbackQuery,
    callback_data: GroupLookData,
    bot: Bot,
    games: Games,
    groups: GroupGames,
    looks: Looks,
    replies: Replies,
    t: Translate,
) -> None:
    """The group sees its table in the look pressed from now on. Asked again at the
    press: the menu is there for the whole group to see."""
    chat = query.message.chat if query.message is not None else None
    if chat is None or chat.type == ChatType.PRIVATE:
        raise RefusalError(RefusalCode.WRONG_CHAT)
    look = _look(callback_data.look)
    user_id = query.from_user.id
    live = await groups.may_choose_for_group(chat.id, user_id, admin_check(bot, chat.id, user_id))
    await looks.set(chat.id, look.value)
    message = message_of(query)
    # Forged onto the game's own table, the answer leaves that message to delivery.
    if message is None or live is None or not await replies.belongs_to(live, message.message_id):
        await replies.show(
            chat.id,
            message.message_id if message is not None else None,
            _confirmation(look, t, for_group=True),
        )
    await games.redraw(chat.id)


def create_router() -> Router:
    """This feature's routers (new ones per dispatcher: a router has one parent): the
    private chat's command and buttons (refused outside it), the group's command and
    buttons (refused outside a group)."""
    private = private_router("look")
    private.message.register(choose, Command("look"))
    private.callback_query.register(chosen, LookData.filter())
    group = Router(name="group_look")
    group.message.filter(F.chat.type != ChatType.PRIVATE)
    group.message.register(choose_for_group, Command("look"))
    group.callback_query.register(chosen_for_group, GroupLookData.filter())
    router = Router(name="looks")
    router.include_routers(private, group)
    return router
