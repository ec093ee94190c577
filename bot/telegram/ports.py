"""What the Telegram side needs kept across processes, as protocols: the chosen
languages, the claims on updates, how far each group's conversation has gone, the
/stop confirmations, each game's messages, and each chat's outbox.
`bot.store` provides them, wired in the composition root (`bot.app`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


class Rights(Protocol):
    """What the bot is in each group: "admin" or "member" (`ADMIN`, as Telegram last
    told it: an administrator may show a hand in the group without a press)."""

    async def get(self, chat_id: int) -> str | None: ...

    async def set(self, chat_id: int, rights: str) -> None: ...


ADMIN = "admin"


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
    """Each game's messages as fields of text (their meaning is the outbox's:
    `bot.telegram.show.placement`)."""

    async def write(self, game_id: str, fields: Mapping[str, str], dropped: set[str]) -> None:
        """Write what changed."""
        ...

    async def load(self, game_id: str) -> Mapping[str, str]: ...

    async def field(self, game_id: str, name: str) -> str | None: ...


class OutboxClaim(Protocol):
    """What marking or taking a chat's outbox came to (see `bot.store.outbox`)."""

    @property
    def held(self) -> bool: ...  # another process sends to the chat

    @property
    def taken(self) -> bool: ...  # this process took it now (not its own already)

    @property
    def tat(self) -> float: ...  # the chat's pace

    @property
    def entries(self) -> dict[str, str]: ...

    @property
    def shown(self) -> dict[str, str] | None: ...  # a game's messages, read by its save


class Finished(Protocol):
    """What finishing a call came to: the chat `lost` to another process, or the entries
    left (None: the chat was given up)."""

    @property
    def lost(self) -> bool: ...

    @property
    def entries(self) -> dict[str, str] | None: ...


class Outboxes(Protocol):
    """The chats' outboxes (see `bot.store.outbox`)."""

    def claimed(self, game_id: str, version: int) -> OutboxClaim | None:
        """The claim the save of the game's `version` made, once."""
        ...

    @property
    def lease(self) -> float: ...  # seconds a sender holds its chat between signs of life

    def clock(self) -> float: ...

    async def mark(
        self,
        chat_id: int,
        sets: Mapping[str, str],
        drops: Sequence[str] = (),
        *,
        or_else: bool = False,
    ) -> OutboxClaim: ...

    async def take(self, chat_id: int) -> OutboxClaim | None: ...

    async def done(
        self,
        chat_id: int,
        tat: float,
        shown: Mapping[str, str],
        *,
        release: bool,
        until: float,
        placement: tuple[str, Mapping[str, str], set[str]] | None = None,
    ) -> Finished: ...

    async def waiting(self, limit: int = 50) -> list[int]: ...

    async def beat(self) -> int: ...
