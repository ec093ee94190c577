"""Group chats: /kozel and /new open a lobby; its buttons, /leave, /stop, /score;
taking a bot's seat between hands; a group that becomes a supergroup.

What the group sees is drawn by the pacer from the stored game: handlers change
the game and wake the pacer, and answer the press (alerts in the presser's language).
"""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot import joining
from bot.callbacks import GroupData
from bot.delivery import Delivery, edit
from bot.groups import GroupAction, GroupService
from bot.handlers.common import message_of, person
from bot.handlers.rules import rules
from bot.record import GameRecord, GameStatus
from bot.render import score_text
from bot.service import RefusalCode, RefusalError
from core.engine import Match
from core.variants import Variant
from core.views import public_view
from texts import Texts, Translate

GROUP_COMMANDS = ("kozel", "new", "leave", "stop", "score", "rules", "help")
_NEW_DEFAULT = (Variant.DRAW, 4)


def _title(message: Message) -> str:
    return message.chat.title or ""


async def open_kozel(
    message: Message,
    bot: Bot,
    groups: GroupService,
    delivery: Delivery,
    texts: Texts,
    lang: str,
) -> None:
    """A Kozel lobby: four seats, two teams."""
    await _open(message, bot, groups, delivery, texts, lang, Variant.KOZEL, 4)


async def open_new(
    message: Message,
    command: CommandObject,
    bot: Bot,
    groups: GroupService,
    delivery: Delivery,
    texts: Texts,
    lang: str,
) -> None:
    """A lobby for any game: `/new`, `/new block`, `/new draw 3`; the lobby's buttons
    change the game and the number of players too."""
    variant, n_players = _NEW_DEFAULT
    for word in (command.args or "").lower().split():
        if word in {v.value for v in Variant}:
            variant = Variant(word)
        elif word.isdigit():
            n_players = int(word)
    if variant is Variant.KOZEL or n_players not in (2, 3, 4):
        n_players = 4
    await _open(message, bot, groups, delivery, texts, lang, variant, n_players)


async def _open(
    message: Message,
    bot: Bot,
    groups: GroupService,
    delivery: Delivery,
    texts: Texts,
    lang: str,
    variant: Variant,
    n_players: int,
) -> None:
    if message.from_user is None:
        return
    creator = person(message.from_user, message.from_user.id, lang)
    try:
        record = await groups.open(message.chat.id, _title(message), creator, variant, n_players)
    except RefusalError as refusal:
        if refusal.code is not RefusalCode.GAME_RUNNING:
            raise
        await message.reply(texts.get(lang, "group-busy"))
        return
    try:  # the creator sits down at once, if the bot may write to them
        record = await joining.seat(bot, groups, delivery.messages, texts, record, creator, None)
    except RefusalError as refusal:
        if refusal.code is not RefusalCode.PRIVATE_CHAT:
            raise
    await delivery.show(bot, record)


async def leave(message: Message, bot: Bot, groups: GroupService, delivery: Delivery) -> None:
    """Leave the group's game: a bot plays your seat from now on."""
    record = await _live_game(groups, message.chat.id)
    if message.from_user is None:
        return
    await delivery.show(bot, await groups.leave(record.game_id, message.from_user.id))


async def stop(message: Message, groups: GroupService, t: Translate) -> None:
    """Ask before stopping the group's game (the creator or an admin may)."""
    record = await _live_game(groups, message.chat.id)
    yes = GroupData(game=record.game_id, action=GroupAction.CANCEL, arg=1)
    no = GroupData(game=record.game_id, action=GroupAction.KEEP)
    markup = InlineKeyboardMarkup(
        inline_keyboard=[
            [
                InlineKeyboardButton(text=t("btn-stop-yes"), callback_data=yes.pack()),
                InlineKeyboardButton(text=t("btn-stop-no"), callback_data=no.pack()),
            ]
        ]
    )
    await message.answer(t("group-stop-confirm"), reply_markup=markup)


async def score(message: Message, groups: GroupService, t: Translate) -> None:
    """The scores of the group's game."""
    record = await groups.games.game_for_chat(message.chat.id)
    if record is None or not record.engine:
        await message.answer(t("group-none"))
        return
    view = public_view(Match.from_dict(record.engine))
    await message.answer(score_text(record, view, None, t))


async def group_help(message: Message, t: Translate) -> None:
    """What the bot does in a group."""
    await message.answer(t("group-help"))


async def private_only(message: Message, t: Translate) -> None:
    """/play and /lang belong to the private chat."""
    await message.reply(t("group-private-only"))


async def migrated(message: Message, groups: GroupService, delivery: Delivery, bot: Bot) -> None:
    """The group became a supergroup: its game follows. Telegram says so in both chats."""
    if message.migrate_to_chat_id is not None:
        old, new = message.chat.id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id is not None:
        old, new = message.migrate_from_chat_id, message.chat.id
    else:
        return
    record = await groups.migrate(old, new)
    if record is not None:
        await delivery.messages.set_table(record.game_id, None)  # old messages stay behind
        await delivery.show(bot, record)


async def group_button(
    query: CallbackQuery,
    callback_data: GroupData,
    bot: Bot,
    groups: GroupService,
    delivery: Delivery,
    texts: Texts,
    lang: str,
    t: Translate,
) -> None:
    """A lobby button, a stop confirmation, or taking a bot's seat."""
    data, user = callback_data, query.from_user
    record = await groups.games.storage.load(data.game)
    if record is None or record.group is None:
        raise RefusalError(RefusalCode.NO_GAME)
    message = message_of(query)
    if data.action is GroupAction.KEEP:
        if message is not None:
            await edit(bot, message.chat.id, message.message_id, t("stop-kept"), None)
        return
    somebody = person(user, user.id, lang)
    if data.action is GroupAction.TAKE:
        record = await joining.take(
            bot, groups, delivery.messages, texts, record, somebody, data.arg
        )
    elif _sits_down(record, data):
        seat = data.arg if data.action is GroupAction.SEAT else None
        record = await joining.seat(bot, groups, delivery.messages, texts, record, somebody, seat)
    else:
        chat_id = record.chat_id

        async def admin() -> bool:
            return await joining.is_admin(bot, chat_id, user.id)

        record = await groups.press(data.game, user.id, data.action, data.arg, admin)
        if data.action is GroupAction.CANCEL and data.arg == 1 and message is not None:
            await edit(bot, message.chat.id, message.message_id, t("group-stopped"), None)
    await delivery.show(bot, record)


def _sits_down(record: GameRecord, data: GroupData) -> bool:
    """Join, or a free seat's button in the lobby."""
    if data.action is GroupAction.JOIN:
        return True
    if data.action is not GroupAction.SEAT or record.status is not GameStatus.LOBBY:
        return False
    group = record.group
    return group is not None and 0 <= data.arg < len(group.lobby) and group.lobby[data.arg] is None


async def _live_game(groups: GroupService, chat_id: int) -> GameRecord:
    record = await groups.games.game_for_chat(chat_id)
    if record is None or not record.is_live:
        raise RefusalError(RefusalCode.NO_GAME)
    return record


def create_router() -> Router:
    """Group chats' commands and the group games' buttons; tried first."""
    router = Router(name="groups")
    router.message.filter(F.chat.type != ChatType.PRIVATE)
    router.message.register(migrated, F.migrate_to_chat_id | F.migrate_from_chat_id)
    router.message.register(open_kozel, Command("kozel"))
    router.message.register(open_new, Command("new"))
    router.message.register(leave, Command("leave"))
    router.message.register(stop, Command("stop"))
    router.message.register(score, Command("score"))
    router.message.register(rules, Command("rules"))
    router.message.register(group_help, Command("help", "start"))
    router.message.register(private_only, Command("play", "lang"))
    router.callback_query.register(group_button, GroupData.filter())
    return router
