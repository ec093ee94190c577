"""Group chats: /kozel and /new open a lobby; its buttons, /leave, /stop; taking a
bot's seat between hands; a group that becomes a supergroup. (/score and /board work
in every chat: `bot.telegram.handlers.score`, `board`.)

What the group sees is derived by delivery from the stored game: handlers change the
game through one use case (which tells its notifier) and answer the press. The
group sees one language (`lang`, `t`: see `bot.telegram.handlers.group_language`);
what reaches a person privately is in their own (`own_lang`).
"""

from __future__ import annotations

from contextlib import suppress

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer
from aiogram.utils.deep_linking import create_start_link

from bot.game.actions import GroupAction
from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.game.ports import StorageUnavailableError
from bot.telegram.callbacks import GroupData
from bot.telegram.handlers.common import chat_of, message_of, person
from bot.telegram.handlers.rules import rules
from bot.telegram.handlers.stop import ask
from bot.telegram.members import admin_check, member_check
from bot.telegram.outbox.replies import Replies
from bot.telegram.ports import Confirmations, Languages
from bot.telegram.render.game import escape_name
from bot.telegram.render.lobby import join_payload
from core.variants import Variant
from texts import Translate
from texts.render import target_text

GROUP_COMMANDS = (
    "kozel",
    "new",
    "join",
    "leave",
    "stop",
    "score",
    "board",
    "history",
    "stats",
    "top",
    "rules",
    "verify",
    "lang",
    "look",
    "help",
)
_NEW_DEFAULT = (Variant.DRAW, 4)
_SITTING = (GroupAction.JOIN, GroupAction.SEAT, GroupAction.TAKE)


def _title(message: Message) -> str:
    return message.chat.title or ""


async def open_kozel(
    message: Message,
    groups: GroupGames,
    languages: Languages,
    replies: Replies,
    lang: str,
    own_lang: str,
    t: Translate,
) -> None:
    """A Kozel lobby: four seats, two teams, and no other game to choose."""
    await _open(
        message, groups, languages, replies, t, Variant.KOZEL, 4, lang, own_lang, fixed=True
    )


async def open_new(
    message: Message,
    command: CommandObject,
    groups: GroupGames,
    languages: Languages,
    replies: Replies,
    lang: str,
    own_lang: str,
    t: Translate,
) -> None:
    """A lobby for any game: `/new`, `/new block`, `/new draw 3`; the lobby's buttons
    change the game and the number of players too."""
    chosen = new_arguments(command.args or "")
    if chosen is None:
        await replies.say(message.chat.id, t("group-new-usage"))
        return
    await _open(message, groups, languages, replies, t, *chosen, lang, own_lang)


def new_arguments(text: str) -> tuple[Variant, int] | None:
    """`/new`'s arguments: a game and a number of players, in any order, both optional;
    None for anything else (a word it does not know, "²", an essay)."""
    variant, n_players = _NEW_DEFAULT
    words = text.lower().split()
    if len(words) > 2:
        return None
    for word in words:
        if word in {v.value for v in Variant}:
            variant = Variant(word)
        elif word in {"2", "3", "4"}:
            n_players = int(word)
        else:
            return None
    if variant is Variant.KOZEL:
        n_players = 4
    return variant, n_players


async def _open(
    message: Message,
    groups: GroupGames,
    languages: Languages,
    replies: Replies,
    t: Translate,
    variant: Variant,
    n_players: int,
    group_lang: str,
    own_lang: str,
    *,
    fixed: bool = False,
) -> None:
    """`group_lang`: the group's (the opener's while the group has none); `own_lang`:
    the opener's, for their hand; `fixed`: the lobby's game is not for changing."""
    if message.from_user is None:
        return
    chat_id = message.chat.id
    opener = person(message.from_user, message.from_user.id, own_lang)
    try:
        await groups.open(
            chat_id,
            _title(message),
            opener,
            variant,
            n_players,
            language=group_lang,
            variant_fixed=fixed,
        )
    except RefusalError as refusal:
        if refusal.code is not RefusalCode.GAME_RUNNING:
            raise
        await replies.say(chat_id, t("group-busy"))
        return
    # The game is open and speaks its language whatever this says: a group that kept
    # no language is given one by its next game.
    with suppress(StorageUnavailableError):
        await languages.adopt(chat_id, group_lang)


async def leave(message: Message, groups: GroupGames, replies: Replies, t: Translate) -> None:
    """Leave the group's game: a bot plays your seat from now on (a seated person only)."""
    if message.from_user is None:
        return
    try:
        await groups.leave_chat_game(message.chat.id, message.from_user.id)
    except RefusalError as refusal:
        if refusal.code is not RefusalCode.NO_GAME:
            raise
        await replies.say(message.chat.id, t("no-game-here"))


async def stop(
    message: Message,
    bot: Bot,
    groups: GroupGames,
    confirmations: Confirmations,
    replies: Replies,
    t: Translate,
) -> None:
    """Ask before stopping the group's game: only its opener or an admin is asked, and
    only they may answer (see `bot.telegram.handlers.stop`)."""
    user, chat_id = message.from_user, message.chat.id
    if user is None:
        return
    try:
        game = await groups.may_stop(chat_id, user.id, admin_check(bot, chat_id, user.id))
    except RefusalError as refusal:
        if refusal.code is not RefusalCode.NO_GAME:
            raise
        await replies.say(chat_id, t("no-game-here"))
        return
    text = t("stop-ask-group", name=escape_name(user.full_name))
    await ask(chat_id, game, user.id, text, confirmations, replies, t)


async def group_help(message: Message, replies: Replies, t: Translate) -> None:
    """What the bot does in a group."""
    await replies.say(message.chat.id, t("group-help"))


async def private_only(message: Message, replies: Replies, t: Translate) -> None:
    """/play belongs to the private chat."""
    await replies.say(message.chat.id, t("group-private-only"))


async def migrated(message: Message, games: Games, languages: Languages) -> None:
    """The group became a supergroup: its game and its language follow. Telegram says so
    in both chats."""
    if message.migrate_to_chat_id is not None:
        old, new = message.chat.id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id is not None:
        old, new = message.migrate_from_chat_id, message.chat.id
    else:
        return
    with suppress(StorageUnavailableError):  # the game moving matters more
        lang = await languages.get(old)
        if lang is not None:
            await languages.adopt(new, lang)
    await games.migrate(old, new)


async def group_button(
    query: CallbackQuery,
    callback_data: GroupData,
    callback_answer: CallbackAnswer,
    bot: Bot,
    groups: GroupGames,
    replies: Replies,
    own_lang: str,
    t: Translate,
) -> None:
    """A lobby button, taking a bot's seat, or taking one's own back."""
    data, user = callback_data, query.from_user
    if data.action is GroupAction.KEEP or (data.action is GroupAction.CANCEL and data.arg == 1):
        # A stop confirmation of an older version of the bot, which anyone could answer:
        # a confirmation has buttons of its own now.
        raise RefusalError(RefusalCode.STALE)
    chat_id = chat_of(query)
    asked_in = chat_id if chat_id is not None else user.id
    try:
        game = await groups.press(
            data.game,
            person(user, user.id, own_lang),
            data.action,
            data.arg,
            chat_id,
            admin=admin_check(bot, asked_in, user.id),
            member=member_check(bot, asked_in, user.id),
        )
    except RefusalError as refusal:
        if refusal.code is RefusalCode.NO_GAME:
            await _game_gone(query, replies, t)
        if refusal.code is RefusalCode.PRIVATE_CHAT:
            # An inline message's game is played from the private chat: the press opens
            # it, and one tap on Start there completes the join.
            link = await create_start_link(bot, join_payload(data.game))
            raise RefusalError(refusal.code, url=link) from None
        raise
    seat = game.seat_of(user.id)
    if data.action in _SITTING and seat is not None and game.human(seat).in_group:
        # Seated without a private chat: their seat, then their hand, shows here to them
        # alone, in answer to this press.
        await replies.hand(game, user.id, query.id, own_lang)
        callback_answer.text = t("answer-seated-in-group")
    # A setting says its effect at once, even when the lobby's edit waits for the
    # group's pace.
    if data.action is GroupAction.TARGET:
        # Said as the lobby says it: in Kozel, the goats' mark (101), not the target.
        goal = target_text(game.settings.variant, game.settings.target, t)
        callback_answer.text = t("answer-target", goal=goal)
    elif data.action is GroupAction.TIMER:
        callback_answer.text = t("answer-timer", seconds=game.settings.turn_timer)


async def _game_gone(query: CallbackQuery, replies: Replies, t: Translate) -> None:
    """A button of a game that is no longer stored (its Redis lost it): the message
    says so and keeps no buttons."""
    message = message_of(query)
    if message is not None and message.chat.type != ChatType.PRIVATE:
        await replies.show(message.chat.id, message.message_id, t("group-game-gone"))


def create_router() -> Router:
    """Group chats' commands and the group games' buttons; tried first."""
    router = Router(name="groups")
    router.message.filter(F.chat.type != ChatType.PRIVATE)
    router.message.register(migrated, F.migrate_to_chat_id | F.migrate_from_chat_id)
    router.message.register(open_kozel, Command("kozel"))
    router.message.register(open_new, Command("new"))
    router.message.register(leave, Command("leave"))
    router.message.register(stop, Command("stop"))
    router.message.register(rules, Command("rules"))
    router.message.register(group_help, Command("help", "start"))
    router.message.register(private_only, Command("play"))
    router.callback_query.register(group_button, GroupData.filter())
    return router
