"""/play: the menu (variant, bot opponents, difficulty, target), then the game."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.matches import Matches
from bot.game.options import GameOptions
from bot.telegram.callbacks import MenuData
from bot.telegram.handlers.common import message_of, person, private_router
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.keyboards import level_label, menu_keyboard
from core.players import Level
from core.variants import Variant
from texts import Translate
from texts.render import variant_name


async def play(message: Message, games: Games, replies: Replies, t: Translate) -> None:
    """Open the menu, or bring the running game back to the bottom of the chat."""
    if await games.live_for_chat(message.chat.id) is not None:
        await replies.say(message.chat.id, t("play-running"))
        if message.from_user is not None:
            await games.show_again(message.chat.id, message.from_user.id)
        return
    await replies.say(message.chat.id, _menu_text(MenuData(), t), menu_keyboard(MenuData(), t))


async def choose(
    query: CallbackQuery,
    callback_data: MenuData,
    matches: Matches,
    replies: Replies,
    lang: str,
    t: Translate,
) -> None:
    """One more choice made: show the next one, or start the game once all are made."""
    menu = _checked(callback_data)
    message = message_of(query)
    chat_id = message.chat.id if message is not None else query.from_user.id
    message_id = message.message_id if message is not None else None
    if not menu.target:
        await replies.show(chat_id, message_id, _menu_text(menu, t), menu_keyboard(menu, t))
        return
    options = GameOptions(Variant(menu.variant), menu.opponents, Level(menu.level), menu.target)
    # The menu turns into the game message.
    await matches.create(chat_id, person(query.from_user, chat_id, lang), options, menu=message_id)


def _checked(menu: MenuData) -> MenuData:
    """Refuse a forged menu button (the filter already checked the types)."""
    try:
        if menu.variant:
            Variant(menu.variant)
        if menu.level:
            Level(menu.level)
    except ValueError as exc:
        raise RefusalError(RefusalCode.INVALID) from exc
    if (menu.target or menu.level or menu.opponents) and not menu.variant:
        raise RefusalError(RefusalCode.INVALID)
    return menu


def _menu_text(menu: MenuData, t: Translate) -> str:
    lines = [t("menu-title")]
    if menu.variant:
        lines.append(t("menu-chosen-variant", variant=variant_name(Variant(menu.variant), t)))
    if menu.opponents:
        key = "menu-chosen-kozel" if menu.variant == Variant.KOZEL else "menu-chosen-opponents"
        lines.append(t(key, count=menu.opponents))
    if menu.level:
        lines.append(t("menu-chosen-level", level=level_label(Level(menu.level), t)))
    if not menu.variant:
        step = "menu-ask-variant"
    elif not menu.opponents:
        step = "menu-ask-opponents"
    elif not menu.level:
        step = "menu-ask-level"
    else:
        step = "menu-ask-target"
    lines.append("\n" + t(step))
    return "\n".join(lines)


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("play")
    router.message.register(play, Command("play"))
    router.callback_query.register(choose, MenuData.filter())
    return router
