"""/verify SECRET, in a private chat or a group: a hand's deal dealt again from the
secret its result showed, with the deal code it gives (`core.fair`); what `dominoes
verify` prints in a terminal, for people who have only Telegram."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.telegram.outbox.replies import Replies
from core.fair import BadSecretError, HandSecret
from texts import Translate
from texts.render import verify_lines


async def verify(message: Message, command: CommandObject, replies: Replies, t: Translate) -> None:
    """The deal of the secret given; how to use the command without one; what is wrong
    with a secret that is none."""
    text = (command.args or "").strip()
    if not text:
        await replies.say(message.chat.id, t("verify-usage"))
        return
    try:
        secret = HandSecret.parse(text)
    except BadSecretError as bad:
        await replies.say(message.chat.id, t(f"verify-bad-{bad.problem.value}"))
        return
    await replies.say(message.chat.id, "\n".join(verify_lines(secret, t)))


def create_router() -> Router:
    """This feature's router (a new one per dispatcher: a router has one parent)."""
    router = Router(name="verify")
    router.message.register(verify, Command("verify"))
    return router
