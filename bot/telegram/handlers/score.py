"""/score: the scores of the game the chat is about: in a group, the group's game; in
a private chat, the person's own game or a group game they sit in (see
`Games.of_person`), live, finished or stopped."""

from __future__ import annotations

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import Message

from bot.game.games import Games
from bot.game.kinds import GROUP
from bot.game.state import Game, Lobby, Stopped
from bot.telegram.handlers.common import game_status
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.game import RecordNames, score_text
from bot.telegram.render.table import group_line
from texts import Translate
from texts.render import header, scores_line


async def score(message: Message, games: Games, replies: Replies, t: Translate) -> None:
    """Scores, target and whose turn it is; the last result if the match is over."""
    chat_id, user = message.chat.id, message.from_user
    if message.chat.type != ChatType.PRIVATE:
        game, none, viewer = await games.for_chat(chat_id), "group-none", None
    elif user is not None:
        game, none = await games.of_person(chat_id, user.id), "score-none"
        viewer = game.seat_of(user.id) if game is not None else None
    else:
        return
    if game is not None and isinstance(game.state, Lobby) and user is not None:
        status = game_status(game, user.id, chat_id, t)
        await replies.say(chat_id, status or t(none))
    elif game is None or game.match is None:
        await replies.say(chat_id, t(none))
    else:
        text = _scores(game, viewer, t)
        if game.kind is GROUP and chat_id != game.chat_id:
            text = group_line(game, t) + "\n" + text
        await replies.say(chat_id, text)


def _scores(game: Game, viewer: int | None, t: Translate) -> str:
    view = game.public_view()
    if not isinstance(game.state, Stopped):
        return score_text(game, view, viewer, t)
    # The engine still has a turn: nobody is to play a stopped game.
    names = RecordNames(game, viewer, t)
    return "\n".join([header(view, t), scores_line(view, names, t), t("game-stopped")])


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent); in
    every chat."""
    router = Router(name="score")
    router.message.register(score, Command("score"))
    return router
