"""The calls a chat's messages need, one at a time: a message shown (a new one, or an
existing one edited), an old copy's buttons taken away, or old messages deleted, each
with what it changes in the store's fields once it is made (`record`, given how it went)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.telegram.render.content import Content

Fields = dict[str, str | None]  # store fields to write (None: to drop)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a call went: where the content shows now (None: nowhere, it was refused or
    the chat is out of reach), the key of its picture, an older message of the other
    kind it replaced (still there), and whether Telegram refused a picture."""

    message_id: int | None = None
    photo: str = ""
    replaced: int | None = None
    refused: bool = False
    unreachable: bool = False
    pictures_refused: bool = False
    talk: int = 0  # a new message in a group: how many messages the group has seen since


@dataclass(frozen=True, slots=True)
class Put:
    """Show `content` in `message_id` (which shows the picture `photo`, "" for text), or
    in a new message when it is None (or gone, unless `only_edit`)."""

    content: Content
    message_id: int | None
    record: Callable[[Outcome], Fields]
    photo: str = ""
    only_edit: bool = False
    inline: str | None = None  # an inline message, edited by its id (never sent anew)


@dataclass(frozen=True, slots=True)
class Strip:
    """An older copy of a message loses its buttons (best effort)."""

    message_id: int
    record: Callable[[Outcome], Fields]


@dataclass(frozen=True, slots=True)
class Delete:
    """Delete older messages (one call)."""

    message_ids: tuple[int, ...]
    record: Callable[[Outcome], Fields]


@dataclass(frozen=True, slots=True)
class Whisper:
    """Show `content` to `receiver` alone, in the group (an ephemeral message): edit the
    ephemeral message `ephemeral_id` (which shows the picture `photo`), or send one when
    it is None, answering the receiver's press `press` (a bot that is no administrator
    may send one only so, within 15 s of the press)."""

    content: Content
    receiver: int
    ephemeral_id: int | None
    record: Callable[[Outcome], Fields]
    press: str | None = None
    photo: str = ""


Step = Put | Delete | Strip | Whisper
