"""A reply in a group answers the command it replies to: the reply is shown as an
answer to that message, so that a `/score` answered after a `/history` does not read as
the answer to `/history`. The command being handled is known to the reply it leads to
through a context variable, as aiogram's i18n knows the locale; a command deleted before
its reply goes leaves the reply standing alone (`allow_sending_without_reply`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from aiogram import BaseMiddleware
from aiogram.enums import ChatType
from aiogram.types import Message, TelegramObject

Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]
# (chat id, message id) of the group command being handled, if any.
_ANSWERING: ContextVar[tuple[int, int] | None] = ContextVar("answering", default=None)


def answering(chat_id: int) -> int | None:
    """The id of the command in `chat_id` that the reply being made answers, if any."""
    found = _ANSWERING.get()
    return found[1] if found is not None and found[0] == chat_id else None


class Answering(BaseMiddleware):
    """Marks a group's message as the one its replies answer, while it is handled."""

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if not isinstance(event, Message) or event.chat.type == ChatType.PRIVATE:
            return await handler(event, data)
        token = _ANSWERING.set((event.chat.id, event.message_id))
        try:
            return await handler(event, data)
        finally:
            _ANSWERING.reset(token)
