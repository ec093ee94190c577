"""A hand shown to one person inside the group: Telegram's ephemeral messages (Bot API
10.2), sent and edited as `bot.telegram.outbox.calls` makes the other calls.

What the Bot API promises, and what is designed around it (docs/architecture.md,
"Hands inside the group"): only the receiver sees the message; it comes back with no
message id but an ephemeral one, by which it is edited; a bot that is not an
administrator may send one only in answer to a press of its receiver within 15 s;
delivery (of the message, an edit, a deletion) is not guaranteed, especially to someone
offline, and nothing tells the bot; an ephemeral message may expire, its id then reused.
So an ephemeral hand is a second view wherever the bot may write to the person (their
private message still shows their hand and notifies them of their turn), and for someone
it may not, their turn is called out in the group as well (`bot.telegram.show.ephemeral`);
an ephemeral message that cannot be edited any more (gone, expired) is dropped, and the
person sees it again on their next press of 🂠."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from aiogram import Bot
from aiogram.types import BufferedInputFile, EphemeralMessageParameters, InputMediaPhoto

from bot.telegram.outbox.drawn import PICTURE_FILE, png_of
from bot.telegram.outbox.errors import RefusedError, edit_kept
from bot.telegram.show.steps import Outcome, Whisper

log = logging.getLogger(__name__)

T = TypeVar("T")


class Calls(Protocol):
    """What a whisper needs of `bot.telegram.outbox.calls.Calls`: the bot, and a call
    made with Telegram's errors met."""

    bot: Bot

    async def call(self, make: Callable[[], Awaitable[T]], *, again: bool = True) -> T: ...


async def whisper(calls: Calls, chat_id: int, step: Whisper) -> Outcome:
    """Edit the ephemeral message of `step`, or send one answering its press (also when
    the one to edit is gone); how it went (no message: it could not be sent, or is
    gone)."""
    if step.ephemeral_id is not None:
        outcome = await _edit(calls, chat_id, step, step.ephemeral_id)
        if outcome.message_id is not None or step.press is None:
            return outcome
    return await _send(calls, chat_id, step)


async def _edit(calls: Calls, chat_id: int, step: Whisper, ephemeral: int) -> Outcome:
    content, bot = step.content, calls.bot
    to = step.receiver
    picture = content.picture
    make: Callable[[], Awaitable[object]]
    if picture is None:
        make = lambda: bot.edit_ephemeral_message_text(  # noqa: E731
            chat_id=chat_id,
            receiver_user_id=to,
            ephemeral_message_id=ephemeral,
            text=content.text,
            reply_markup=content.markup,
        )
    elif step.photo == picture.key:
        make = lambda: bot.edit_ephemeral_message_caption(  # noqa: E731
            chat_id=chat_id,
            receiver_user_id=to,
            ephemeral_message_id=ephemeral,
            caption=content.text,
            reply_markup=content.markup,
        )
    else:
        media = InputMediaPhoto(
            media=BufferedInputFile(await png_of(picture), PICTURE_FILE), caption=content.text
        )
        make = lambda: bot.edit_ephemeral_message_media(  # noqa: E731
            chat_id=chat_id,
            receiver_user_id=to,
            ephemeral_message_id=ephemeral,
            media=media,
            reply_markup=content.markup,
        )
    try:
        await calls.call(make)
    except RefusedError as refused:
        if not edit_kept(refused):  # gone, or of the other kind: sent anew
            log.info("the ephemeral hand of %s in %s is gone", step.receiver, chat_id)
            return Outcome()
    return Outcome(ephemeral, content.photo)


async def _send(calls: Calls, chat_id: int, step: Whisper) -> Outcome:
    content, bot = step.content, calls.bot
    shown_to = EphemeralMessageParameters(
        receiver_user_id=step.receiver, callback_query_id=step.press
    )
    picture = content.picture
    try:
        if picture is None:
            message = await calls.call(
                lambda: bot.send_message(
                    chat_id=chat_id,
                    text=content.text,
                    reply_markup=content.markup,
                    ephemeral_message_parameters=shown_to,
                ),
                again=False,
            )
        else:
            photo = BufferedInputFile(await png_of(picture), PICTURE_FILE)
            message = await calls.call(
                lambda: bot.send_photo(
                    chat_id=chat_id,
                    photo=photo,
                    caption=content.text,
                    reply_markup=content.markup,
                    ephemeral_message_parameters=shown_to,
                ),
                again=False,
            )
    except RefusedError as refused:
        # Too late for the press (it waited for the group's pace), or not allowed: the
        # person plays from their private chat, as before pressing.
        log.info("no ephemeral hand for %s in %s: %s", step.receiver, chat_id, refused)
        return Outcome(refused=True)
    return Outcome(message.ephemeral_message_id, content.photo)
