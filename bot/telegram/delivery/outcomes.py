"""What a call to Telegram came to, when it is not simply done: the errors callers act
on (come back later, a chat out of reach, a group that moved, refused content), how an
edit went, and where `Calls.put` showed a message."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from aiogram.exceptions import TelegramBadRequest

NOT_MODIFIED = "message is not modified"
# What Telegram says when a message can no longer be edited: it is sent anew.
GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")
# What Telegram says when a message is of the other kind (text, photo) than the edit.
OTHER_KIND = (
    "there is no media in the message",
    "there is no text in the message",
    "there is no caption in the message",
)
PICTURE_FILE = "table.png"


class WaitError(Exception):
    """Nothing more can go to Telegram now: come back at `at` (None: there is nothing
    left to send). `delivered_maybe`: the call that failed may have reached the chat all
    the same (a network error or a 5xx, not a 429)."""

    def __init__(self, at: float | None, *, delivered_maybe: bool = False) -> None:
        super().__init__(at)
        self.at = at
        self.delivered_maybe = delivered_maybe


class UnreachableError(Exception):
    """The bot may not write to the chat (a person who blocked it, a group it was
    removed from)."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(chat_id)
        self.chat_id = chat_id


class MovedError(Exception):
    """The group became a supergroup: `chat_id` is its new id."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(chat_id)
        self.chat_id = chat_id


class RefusedError(Exception):
    """Telegram refused the content itself (it would refuse it again)."""


def is_not_modified(error: TelegramBadRequest) -> bool:
    return NOT_MODIFIED in error.message.lower()


def is_gone(error: TelegramBadRequest) -> bool:
    return any(words in error.message.lower() for words in GONE)


def is_other_kind(error: TelegramBadRequest) -> bool:
    return any(words in error.message.lower() for words in OTHER_KIND)


class Edit(Enum):
    """How an edit went."""

    DONE = "done"  # the message shows the content now (or did already)
    GONE = "gone"  # the message is no more (deleted, too old to edit)
    OTHER_KIND = "other kind"  # a text message for a picture, or the reverse: it stays


@dataclass(frozen=True, slots=True)
class Put:
    """Where `Calls.put` showed the content: the message, the key of the picture it
    shows ("" for text), and an older message it replaced that is still there."""

    message_id: int
    photo: str = ""
    replaced: int | None = None
