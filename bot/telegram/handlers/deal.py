"""The 🔑 button under a group's hand result: the deal's secret, sent to whoever presses
it in their private chat with the bot, with how to check it (/verify). The group's result
keeps one line about the deal instead of 64 hex digits."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.types import CallbackQuery
from aiogram.utils.callback_answer import CallbackAnswer

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.telegram.callbacks import DealData
from bot.telegram.outbox.calls import UnreachableError
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.table import group_title
from texts import Texts
from texts.render import deal_secret


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
    """The secret of the hand pressed, once that hand is over, to the presser privately;
    a stale or forged hand is refused, and someone the bot may not write to yet is sent
    to its chat."""
    game = await games.get(callback_data.game)
    if game is None or game.match is None:
        raise RefusalError(RefusalCode.NO_GAME)
    secret = deal_secret(game.public_view(), callback_data.hand)
    if secret is None:
        raise RefusalError(RefusalCode.INVALID)
    t = texts.translator(own_lang)
    heading = t("deal-secret-for", hand=callback_data.hand, group=group_title(game))
    body = t("deal-secret", secret=str(secret), commitment=secret.commitment)
    try:
        await replies.say(query.from_user.id, f"<b>{heading}</b>\n{body}")
    except UnreachableError:
        me = await bot.me()
        raise RefusalError(RefusalCode.PRIVATE_CHAT, url=f"https://t.me/{me.username}") from None
    callback_answer.text = t("deal-secret-sent")


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = Router(name="deal")
    router.callback_query.register(send_secret, DealData.filter())
    return router
