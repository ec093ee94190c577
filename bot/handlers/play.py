"""/play: the menu (variant, bot opponents, difficulty, target), then the game."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import MenuData
from bot.delivery import Delivery, edit
from bot.handlers.common import message_of, person, private_router
from bot.keyboards import menu_keyboard
from bot.messages import Sent
from bot.service import GameOptions, GameService, RefusalCode, RefusalError
from core.players import Level
from core.variants import Variant
from texts import Translate
from texts.render import variant_name


async def play(
    message: Message, bot: Bot, service: GameService, delivery: Delivery, t: Translate
) -> None:
    """Open the menu, or bring the running game back to the bottom of the chat."""
    record = await service.active_game(message.chat.id)
    if record is not None:
        await message.answer(t("play-running"))
        await delivery.show(bot, record, resend=True)
        return
    await message.answer(_menu_text(MenuData(), t), reply_markup=menu_keyboard(MenuData(), t))


async def choose(
    query: CallbackQuery,
    callback_data: MenuData,
    bot: Bot,
    service: GameService,
    delivery: Delivery,
    lang: str,
    t: Translate,
) -> None:
    """One more choice made: show the next one, or start the game once all are made."""
    menu = _checked(callback_data)
    message = message_of(query)
    if not menu.target:
        text, markup = _menu_text(menu, t), menu_keyboard(menu, t)
        if message is None or not await edit(
            bot, message.chat.id, message.message_id, text, markup
        ):
            await bot.send_message(chat_id=query.from_user.id, text=text, reply_markup=markup)
        return
    chat_id = message.chat.id if message is not None else query.from_user.id
    options = GameOptions(Variant(menu.variant), menu.opponents, Level(menu.level), menu.target)
    user_id = query.from_user.id
    record = await service.create(chat_id, person(query.from_user, chat_id, lang), options)
    if message is not None:  # the menu turns into the game message
        sent = Sent(chat_id, message.message_id)
        await delivery.messages.set_private(record.game_id, user_id, sent)
    await delivery.show(bot, record)


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
        lines.append(t("menu-chosen-level", level=t(f"level-{menu.level}")))
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
