"""Invitations from any chat, by inline mode: typing the bot's name offers the games (the
draw and block games for 2 to 4, Kozel for 4; words after the name choose, as `/new`'s
do), each an invitation card in the person's language with Join. Chosen, the card is
posted where they typed (a chat the bot need not be in); the bot learns so at once
(inline feedback on) or at the first Join on it, and opens the game's lobby in that very
message (`bot.telegram.inline`), which then shows the lobby and, the match dealt, the
table, edited as the game goes; each player's hand comes to their private chat, as in a
group game."""

from __future__ import annotations

import base64
import hashlib
import hmac
from contextlib import suppress

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import (
    CallbackQuery,
    ChosenInlineResult,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQuery,
    InlineQueryResultArticle,
    InlineQueryResultUnion,
    InputTextMessageContent,
    Message,
)
from aiogram.utils.deep_linking import create_start_link

from bot.game.actions import GroupAction
from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.game.kinds import GROUP
from bot.game.people import Person
from bot.game.state import Lobby
from bot.telegram.callbacks import InviteData
from bot.telegram.handlers.common import chat_of, person
from bot.telegram.handlers.group import new_arguments
from bot.telegram.inline import inline_chat
from bot.telegram.members import admin_check, member_check
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.game import table_name
from bot.telegram.render.lobby import join_payload
from bot.telegram.render.table import group_title
from core.variants import Variant
from texts import Translate
from texts.render import variant_name

OFFERED = (
    (Variant.DRAW, 2),
    (Variant.DRAW, 3),
    (Variant.DRAW, 4),
    (Variant.BLOCK, 2),
    (Variant.BLOCK, 3),
    (Variant.BLOCK, 4),
    (Variant.KOZEL, 4),
)
CACHED = 300  # seconds Telegram may keep an answer for the person who asked


def signed(bot: Bot, variant: Variant, players: int, by: int) -> InviteData:
    """A card's Join, signed with the bot's token (64 bits of an HMAC)."""
    what = f"{variant.value}:{players}:{by}".encode()
    digest = hmac.new(bot.token.encode(), what, hashlib.sha256).digest()[:8]
    sig = base64.urlsafe_b64encode(digest).decode().rstrip("=")
    return InviteData(variant=variant.value, players=players, by=by, sig=sig)


def _checked(bot: Bot, data: InviteData) -> tuple[Variant, int]:
    """The card's game, once its Join is the one the bot signed (else refused)."""
    try:
        variant = Variant(data.variant)
    except ValueError:
        raise RefusalError(RefusalCode.UNKNOWN_BUTTON) from None
    if not hmac.compare_digest(signed(bot, variant, data.players, data.by).sig, data.sig):
        raise RefusalError(RefusalCode.UNKNOWN_BUTTON)
    return variant, data.players


async def offer(query: InlineQuery, t: Translate, bot: Bot) -> None:
    """The games, as invitation cards (the one the words name, when they name one)."""
    chosen = new_arguments(query.query) if query.query.strip() else None
    games = [chosen] if chosen is not None else list(OFFERED)
    name = table_name(query.from_user.full_name or "?")
    results: list[InlineQueryResultUnion] = []
    for variant, players in games:
        game = variant_name(variant, t)
        count = t("btn-players", count=players)
        join = signed(bot, variant, players, query.from_user.id).pack()
        card = t("invite-card", name=name, game=game, players=count)
        results.append(
            InlineQueryResultArticle(
                id=f"{variant.value}-{players}",
                title=t("invite-title", game=game, players=count),
                description=t("invite-description"),
                input_message_content=InputTextMessageContent(message_text=card),
                reply_markup=InlineKeyboardMarkup(
                    inline_keyboard=[[InlineKeyboardButton(text=t("btn-join"), callback_data=join)]]
                ),
            )
        )
    # Personal: a card names whoever posts it.
    await query.answer(results, cache_time=CACHED, is_personal=True)


async def join_card(
    query: CallbackQuery,
    callback_data: InviteData,
    bot: Bot,
    games: Games,
    groups: GroupGames,
    own_lang: str,
) -> None:
    """Join on a posted invitation: the first opens the game's lobby in that message
    (the presser seated; whoever posted it manages it), the others join it."""
    if query.inline_message_id is None:
        raise RefusalError(RefusalCode.INVALID)  # an invitation is an inline message
    chat_id = chat_of(query)
    assert chat_id is not None
    user = query.from_user
    someone = person(user, user.id, own_lang)
    try:
        game = await games.for_chat(chat_id)
        if game is None:
            variant, players = _checked(bot, callback_data)
            try:
                card = query.inline_message_id
                await _open_card(groups, card, someone, variant, players, callback_data.by)
                return
            except RefusalError as refusal:
                if refusal.code is not RefusalCode.GAME_RUNNING:
                    raise
            # Opened a moment ago by another Join on the card: this one joins it.
            game = await games.for_chat(chat_id)
            if game is None:
                raise RefusalError(RefusalCode.STALE)
        await groups.press(
            game.game_id,
            someone,
            GroupAction.JOIN,
            -1,
            chat_id,
            admin=admin_check(bot, chat_id, user.id),
            member=member_check(bot, chat_id, user.id),
        )
    except RefusalError as refusal:
        if refusal.code is not RefusalCode.PRIVATE_CHAT:
            raise
        # Played from the private chat: the press opens it; one tap on Start there.
        found = await games.for_chat(chat_id)
        if found is None:
            raise
        link = await create_start_link(bot, join_payload(found.game_id))
        raise RefusalError(refusal.code, url=link) from None


async def posted(
    chosen: ChosenInlineResult, games: Games, groups: GroupGames, own_lang: str
) -> None:
    """A card was posted (inline feedback on): its lobby opens at once, with whoever
    posted it seated (if the bot may write to them; else at their Join)."""
    variant, _, players = chosen.result_id.partition("-")
    if chosen.inline_message_id is None or (variant, players) not in _OFFERED_IDS:
        return  # not a card of this bot's, or posted with no keyboard
    chat_id = inline_chat(chosen.inline_message_id)
    if await games.for_chat(chat_id) is not None:
        return  # opened already, by a Join faster than this update
    user = chosen.from_user
    poster = person(user, user.id, own_lang)
    with suppress(RefusalError):
        card = chosen.inline_message_id
        await _open_card(groups, card, poster, Variant(variant), int(players), user.id)


async def leave(
    message: Message, games: Games, groups: GroupGames, replies: Replies, t: Translate
) -> None:
    """/leave in a private chat: leave one's seat at an invitation's game (its card is in
    a chat the bot cannot read); a group's game is left from its group."""
    user, chat_id = message.from_user, message.chat.id
    if user is None:
        return
    game = await games.of_person(chat_id, user.id)
    if game is None or game.kind is not GROUP or not game.is_live:
        await replies.say(chat_id, t("leave-none"))
        return
    title = group_title(game, t)
    if game.inline_message_id is None:
        await replies.say(chat_id, t("leave-in-group", group=title))
        return
    left = await groups.leave(game.game_id, user.id)
    done = "leave-invite-lobby" if isinstance(left.state, Lobby) else "leave-invite-match"
    await replies.say(chat_id, t(done, group=title))


async def _open_card(
    groups: GroupGames,
    inline_message_id: str,
    opener: Person,
    variant: Variant,
    players: int,
    manager: int,
) -> None:
    """The card's lobby, in the card itself, `opener` seated; named after them, and
    managed by `manager` (whoever posted the card)."""
    await groups.open(
        inline_chat(inline_message_id),
        opener.name,
        opener,
        variant,
        players,
        language=opener.language,
        variant_fixed=True,
        inline=inline_message_id,
        manager=manager,
    )


_OFFERED_IDS = {(v.value, str(n)) for v, n in OFFERED}


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = Router(name="invite")
    router.inline_query.register(offer)
    router.callback_query.register(join_card, InviteData.filter())
    router.chosen_inline_result.register(posted)
    router.message.register(leave, Command("leave"), F.chat.type == ChatType.PRIVATE)
    return router
