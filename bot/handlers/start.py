"""/start and /help; /start with a deep link's payload joins a group game."""

from __future__ import annotations

import re

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import Message

from bot import joining
from bot.delivery import Delivery
from bot.groups import GroupService
from bot.handlers.common import person, private_router
from bot.record import GameStatus
from bot.render import escape_name
from bot.service import RefusalCode, RefusalError
from texts import Texts, Translate

# What `bot.table.join_payload` and `seat_payload` make.
_PAYLOAD = re.compile(r"^(join|seat)-([0-9a-f]{10})(?:-(\d))?$")


async def start(message: Message, t: Translate) -> None:
    """Greet the user in their language and say what the bot does."""
    name = escape_name(message.from_user.full_name) if message.from_user else "?"
    await message.answer(t("start", name=name) + "\n\n" + t("help"))


async def start_link(
    message: Message,
    command: CommandObject,
    bot: Bot,
    groups: GroupService,
    delivery: Delivery,
    texts: Texts,
    lang: str,
    t: Translate,
) -> None:
    """The deep link from a group: the person now talks to the bot, so the join the
    group could not complete (403) is completed here."""
    found = _PAYLOAD.fullmatch(command.args or "")
    if found is None or message.from_user is None:
        await start(message, t)
        return
    kind, game_id, seat = found.groups()
    record = await groups.games.storage.load(game_id)
    if record is None or record.group is None:
        raise RefusalError(RefusalCode.NO_GAME)
    somebody = person(message.from_user, message.chat.id, lang)
    if kind == "join" or record.status is GameStatus.LOBBY:
        record = await joining.seat(bot, groups, delivery.messages, texts, record, somebody, None)
    else:
        record = await joining.take(
            bot, groups, delivery.messages, texts, record, somebody, int(seat or 0)
        )
    await delivery.show(bot, record)


async def help_(message: Message, t: Translate) -> None:
    """The commands and how a game goes."""
    await message.answer(t("help"))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = private_router("start")
    router.message.register(start_link, CommandStart(deep_link=True))
    router.message.register(start, CommandStart())
    router.message.register(help_, Command("help"))
    return router
