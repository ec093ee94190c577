"""A reply in a group answers the command it replies to: the reply is shown as an
answer to that message, so that a `/score` answered after a `/history` does not read as
the answer to `/history`. The command being handled is known to the reply it leads to
through a context variable, as aiogram's i18n knows the locale (set by
`bot.telegram.middlewares.Answering`); a command deleted before its reply goes leaves
the reply standing alone (`allow_sending_without_reply`, `bot.telegram.outbox.calls`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# (chat id, message id) of the group command being handled, if any.
_ANSWERING: ContextVar[tuple[int, int] | None] = ContextVar("answering", default=None)


def answering(chat_id: int) -> int | None:
    """The id of the command in `chat_id` that the reply being made answers, if any."""
    found = _ANSWERING.get()
    return found[1] if found is not None and found[0] == chat_id else None


@contextmanager
def answering_to(chat_id: int, message_id: int) -> Iterator[None]:
    """The replies made meanwhile in `chat_id` answer its message `message_id`."""
    token = _ANSWERING.set((chat_id, message_id))
    try:
        yield
    finally:
        _ANSWERING.reset(token)
