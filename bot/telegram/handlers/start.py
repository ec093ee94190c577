"""/start and /help; /start with a deep link's payload joins a group game, or sends a
hand's deal secret (`bot.telegram.handlers.deal`)."""

from __future__ import annotations

import re

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import Message

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.telegram.handlers.common import person, private_router
from bot.telegram.handlers.deal import tell_secret
from bot.telegram.members import membership
from bot.telegram.outbox.replies import Replies
from bot.telegram.render.game import escape_name
from texts import Translate

# What `bot.telegram.render.lobby.join_payload` and `bot.telegram.handlers.deal.deal_payload`
# make, and the `seat-<game>-<seat>` links earlier versions posted.
_PAYLOAD = re.compile(r"^(join|seat|deal)-([0-9a-f]{10})(?:-(\d{1,3}))?$")


async def start(message: Message, replies: Replies, t: Translate) -> None:
    """Greet the person in their language and say what the bot does."""
    name = escape_name(message.from_user.full_name) if message.from_user else "?"
    await replies.say(message.chat.id, t("start", name=name) + "\n\n" + t("help"))


async def start_link(
    message: Message,
    command: CommandObject,
    bot: Bot,
    groups: GroupGames,
    games: Games,
    replies: Replies,
    lang: str,
    t: Translate,
) -> None:
    """The deep link from a group: the person now talks to the bot, so the join (or
    the deal's secret) the group could not give them (403) is given here."""
    found = _PAYLOAD.fullmatch(command.args or "")
    if found is None or message.from_user is None:
        await start(message, replies, t)
        return
    kind, game_id, number = found.groups()  # a seat to take, or a hand's secret
    if kind == "deal":
        if number is None:
            raise RefusalError(RefusalCode.INVALID)
        await tell_secret(message.chat.id, game_id, int(number), games, replies, t)
        return
    somebody = person(message.from_user, message.chat.id, lang)
    taking = int(number) if kind == "seat" and number is not None else None
    await groups.arrive(game_id, somebody, taking, member=membership(bot, message.from_user.id))


async def help_(message: Message, replies: Replies, t: Translate) -> None:
    """The commands and how a game goes."""
    await replies.say(message.chat.id, t("help"))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("start")
    router.message.register(start_link, CommandStart(deep_link=True))
    router.message.register(start, CommandStart())
    router.message.register(help_, Command("help"))
    return router
