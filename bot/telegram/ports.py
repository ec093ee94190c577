"""What the Telegram side needs kept across processes, as protocols: the chosen
languages, the claims on updates, how far each group's conversation has gone, the
/stop confirmations, each game's messages under a lease, and the pace of each chat.
`bot.store` provides them, wired in the composition root (`bot.app`)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from enum import StrEnum
from typing import Protocol


class Languages(Protocol):
    """The language each person (by user id) and group (by chat id) chose."""

    async def get(self, chat_id: int) -> str | None: ...

    async def set(self, chat_id: int, lang: str) -> None: ...

    async def adopt(self, chat_id: int, lang: str) -> str:
        """`lang` becomes the group's language unless it has one; returns its language."""
        ...


class Look(StrEnum):
    """How a chat sees its games: the table drawn (a photo with a caption) or as text."""

    PICTURE = "picture"
    TEXT = "text"


class Looks(Protocol):
    """The look each person (by user id) and group (by chat id) chose (a `Look`'s value)."""

    async def get(self, chat_id: int) -> str | None: ...

    async def set(self, chat_id: int, look: str) -> None: ...


class ChatGames(Protocol):
    """Which game each chat is at."""

    async def current(self, chat_id: int) -> str | None:
        """The id of the chat's latest game (live or not), if it has one."""
        ...


class Claim(Protocol):
    """A process's claim on one update."""

    async def keep(self) -> None:
        """Renew the claim until cancelled (run beside the handling)."""
        ...

    async def done(self) -> None: ...

    async def release(self) -> None: ...


class UpdateClaims(Protocol):
    """Each update handled once across processes."""

    async def claim(self, bot_id: int, update_id: int) -> Claim | None:
        """The update for this process; None when another process handled it."""
        ...


class Conversation(Protocol):
    """A count of the messages seen in each group."""

    async def saw(self, chat_id: int) -> int:
        """One more message in `chat_id`; returns the count."""
        ...

    async def count(self, chat_id: int) -> int: ...


class Pending(Protocol):
    """A /stop confirmation waiting for an answer."""

    @property
    def user_id(self) -> int: ...  # who asked: the only one who may answer

    @property
    def chat_id(self) -> int: ...  # where it was sent

    @property
    def token(self) -> str: ...  # what its buttons carry


class Confirmations(Protocol):
    """Each game's one waiting /stop confirmation."""

    async def ask(self, game_id: str, user_id: int, chat_id: int) -> Pending: ...

    async def waiting(self, game_id: str) -> Pending | None: ...

    async def use(self, game_id: str, pending: Pending) -> bool:
        """Use `pending` up; False when it was replaced or used meanwhile."""
        ...


class MessageRecords(Protocol):
    """Each game's messages as fields of text (their meaning is the delivery's:
    `bot.telegram.delivery.placement`), written under the game's delivery lease."""

    async def open(self, game_id: str, token: str, lease: timedelta) -> Mapping[str, str] | None:
        """Take the game's lease and read its fields; None when another holds it."""
        ...

    async def renew(self, game_id: str, token: str, lease: timedelta) -> bool: ...

    async def close(
        self, game_id: str, token: str, fields: Mapping[str, str], dropped: set[str]
    ) -> None:
        """Write what changed and give the lease back."""
        ...

    async def write(self, game_id: str, fields: Mapping[str, str], dropped: set[str]) -> None:
        """Write what changed, outside any lease."""
        ...

    async def load(self, game_id: str) -> Mapping[str, str]: ...

    async def field(self, game_id: str, name: str) -> str | None: ...


class Booking(Protocol):
    """A slot for one call: `booked`, the call is made at `at`; else `at` is when one
    frees, and `bot_at` when the whole bot's pace frees, if that pace refused (else 0)."""

    @property
    def at(self) -> float: ...

    @property
    def booked(self) -> bool: ...

    @property
    def bot_at(self) -> float: ...


class Pace(Protocol):
    """How often each chat, and the whole bot, may be written to."""

    async def book(self, chat_id: int, now: float, ahead: float, *, spare: int = 0) -> Booking:
        """A slot for one call to `chat_id` no more than `ahead` seconds from now,
        leaving `spare` calls of the chat's burst to others."""
        ...

    async def hold(self, chat_id: int, now: float, until: float) -> None:
        """No call to `chat_id` before `until` (Telegram asked for the wait)."""
        ...
