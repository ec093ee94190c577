"""The 🔑 button under a hand's result: the deal's secret, sent to whoever presses it in
their private chat with the bot, with how to check it (/verify). The result keeps one
line about the deal instead of 64 hex digits. Someone the bot may not write to
yet is sent to the bot with the hand's payload, and /start with it sends the secret."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.types import CallbackQuery
from aiogram.utils.callback_answer import CallbackAnswer
from aiogram.utils.deep_linking import create_start_link

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.kinds import GROUP
from bot.game.state import Game
from bot.telegram.callbacks import DealData
from bot.telegram.outbox.errors import UnreachableError
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.table import group_title
from texts import Texts, Translate
from texts.render import deal_secret, variant_name


def deal_payload(game_id: str, hand: int) -> str:
    """The /start payload that sends a hand's deal secret: 🔑 pressed by someone the
    bot may not write to yet opens the bot with it (Telegram takes a callback answer's
    link only in the t.me/<bot>?start=… form)."""
    return f"deal-{game_id}-{hand}"


async def tell_secret(
    user_id: int, game_id: str, hand: int, games: Games, replies: Replies, t: Translate
) -> Game:
    """The secret of the game's `hand`, once that hand is over, to `user_id` in their
    private chat (a direct game's is that chat); a stale or forged hand is refused.
    `UnreachableError` when the bot may not write to them yet."""
    game = await games.get(game_id)
    if game is None or game.match is None:
        raise RefusalError(RefusalCode.NO_GAME)
    secret = deal_secret(game.public_view(), hand)
    if secret is None:
        raise RefusalError(RefusalCode.INVALID)
    if game.kind is GROUP:
        heading = t("deal-secret-for", hand=hand, group=group_title(game, t))
    else:
        heading = t("deal-secret-own", hand=hand, variant=variant_name(secret.variant, t))
    body = t("deal-secret", secret=str(secret), commitment=secret.commitment)
    await replies.say(user_id, f"<b>{heading}</b>\n{body}")
    return game


async def send_secret(
    query: CallbackQuery,
    callback_data: DealData,
    callback_answer: CallbackAnswer,
    bot: Bot,
    games: Games,
    replies: Replies,
    own_lang: str,
    texts: Texts,
) -> None:
    """The secret of the hand pressed to the presser privately (see `tell_secret`);
    someone the bot may not write to yet is sent to its chat, with the hand's payload."""
    t = texts.translator(own_lang)
    game_id, hand = callback_data.game, callback_data.hand
    try:
        game = await tell_secret(query.from_user.id, game_id, hand, games, replies, t)
    except UnreachableError:
        link = await create_start_link(bot, deal_payload(game_id, hand))
        raise RefusalError(RefusalCode.PRIVATE_CHAT, url=link) from None
    if game.kind is GROUP:  # a direct game's secret comes right under the press
        callback_answer.text = t("deal-secret-sent")


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = Router(name="deal")
    router.callback_query.register(send_secret, DealData.filter())
    return router
