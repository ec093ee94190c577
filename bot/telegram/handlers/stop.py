"""/stop: abandon the chat's game, after a confirmation. In a private chat here (and
there, for an invitation's game, by whoever posted it: it has no chat of its own to
talk in); in a group the command is `bot.telegram.handlers.group.stop`, and its
confirmation is answered here.

A game has one confirmation at a time (`bot.store.confirmations`): asking again
replaces it, so an older one's buttons no longer work, and only whoever asked may
answer it.
"""

from __future__ import annotations

from typing import Annotated

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.filters.callback_data import CallbackData
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.callback_answer import CallbackAnswer
from pydantic import Field

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.game.kinds import GROUP
from bot.game.matches import Matches
from bot.game.state import Game
from bot.telegram.callbacks import GameId
from bot.telegram.handlers.common import chat_of, message_of, private_router
from bot.telegram.members import admin_check
from bot.telegram.outbox.replies import Replies
from bot.telegram.ports import Confirmations
from bot.telegram.render.table import group_title
from texts import Translate

Token = Annotated[str, Field(pattern=r"^[0-9a-f]{8}$")]


class StopAnswer(CallbackData, prefix="sq"):
    """Yes (`stop`) or No on the /stop confirmation `token` of `game`."""

    game: GameId
    token: Token
    stop: bool


async def ask(
    chat_id: int,
    game: Game,
    user_id: int,
    text: str,
    confirmations: Confirmations,
    replies: Replies,
    t: Translate,
) -> None:
    """Send `user_id`'s confirmation, replacing any other of the game."""
    pending = await confirmations.ask(game.game_id, user_id, chat_id)
    buttons = [
        InlineKeyboardButton(
            text=t(label),
            callback_data=StopAnswer(game=game.game_id, token=pending.token, stop=yes).pack(),
        )
        for label, yes in (("btn-stop-yes", True), ("btn-stop-no", False))
    ]
    await replies.say(chat_id, text, InlineKeyboardMarkup(inline_keyboard=[buttons]))


async def stop(
    message: Message, games: Games, confirmations: Confirmations, replies: Replies, t: Translate
) -> None:
    """Ask before abandoning the chat's game."""
    user, chat_id = message.from_user, message.chat.id
    if user is None:
        return
    game = await games.live_for_chat(chat_id)
    if game is None or not game.is_active:
        elsewhere = await games.of_person(chat_id, user.id)
        if elsewhere is None or elsewhere.kind is not GROUP or not elsewhere.is_live:
            await replies.say(chat_id, t("stop-none"))
        elif elsewhere.inline_message_id is None:
            await replies.say(chat_id, t("stop-in-group", group=group_title(elsewhere, t)))
        elif elsewhere.side.creator_id != user.id:
            await replies.say(chat_id, t("stop-invite-not-yours", group=group_title(elsewhere, t)))
        else:
            # An invitation's table is no chat to talk in: its manager is asked here.
            text = t("stop-ask-invite", group=group_title(elsewhere, t))
            await ask(chat_id, elsewhere, user.id, text, confirmations, replies, t)
        return
    await ask(chat_id, game, user.id, t("stop-confirm"), confirmations, replies, t)


async def answer(
    query: CallbackQuery,
    callback_data: StopAnswer,
    callback_answer: CallbackAnswer,
    bot: Bot,
    games: Games,
    matches: Matches,
    groups: GroupGames,
    confirmations: Confirmations,
    replies: Replies,
    t: Translate,
) -> None:
    """Yes: the game is stopped and the confirmation says so. No: nothing changes. Only
    the latest confirmation works, pressed where it was sent, by whoever asked."""
    data, user_id, chat_id = callback_data, query.from_user.id, chat_of(query)
    pending = await confirmations.waiting(data.game)
    if pending is None or pending.token != data.token:
        _alert(callback_answer, t("stop-outdated"))
        return
    if pending.chat_id != chat_id:
        raise RefusalError(RefusalCode.WRONG_CHAT)
    if pending.user_id != user_id:
        _alert(callback_answer, t("stop-not-yours"))
        return
    game = await games.get(data.game)
    if game is None:
        raise RefusalError(RefusalCode.NO_GAME)
    if not await confirmations.use(data.game, pending):
        _alert(callback_answer, t("stop-outdated"))  # answered or asked again meanwhile
        return
    if not data.stop:
        text = t("stop-kept")
    elif game.kind is GROUP:
        admin = admin_check(bot, game.chat_id, user_id)
        game = await groups.stop_confirmed(data.game, user_id, chat_id, admin)
        text = t("group-stopped")
    else:
        game = await matches.stop(data.game, user_id)
        text = t("stop-done")
    message = message_of(query)
    # Forged onto one of the game's own messages, the answer leaves it to delivery.
    if message is not None and not await replies.belongs_to(game, message.message_id):
        await replies.show(message.chat.id, message.message_id, text)


def _alert(callback_answer: CallbackAnswer, text: str) -> None:
    callback_answer.text, callback_answer.show_alert = text, True


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent). The
    confirmation's buttons check their chat themselves: a group's is in the group."""
    router = private_router("stop", private_buttons=False)
    router.message.register(stop, Command("stop"))
    router.callback_query.register(answer, StopAnswer.filter())
    return router
