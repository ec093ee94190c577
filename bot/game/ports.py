"""What the use cases need from outside, as protocols, and the errors they may raise:
a store of games with a compare-and-set save, the schedule of games due, the set of
matches to record. `bot.store` provides them; tests may pass others."""

from __future__ import annotations

from random import Random
from typing import Protocol

from bot.game.people import Person
from bot.game.state import Game


class StorageError(Exception):
    """Base of the storage's own errors."""


class StorageUnavailableError(StorageError):
    """The store could not be reached or answered with an error: nothing was written."""


class StorageUncertainError(StorageError):
    """A write was sent but its outcome is unknown: the store stopped answering. It may
    have been written; the game will show whether it was."""


class VersionConflictError(Exception):
    """A save found another version than the one it replaces: someone wrote first.
    `current`: the game as it is now, when the store read it in the same step, so that
    whoever was refused need not load it again."""

    def __init__(self, message: str, current: Game | None = None) -> None:
        super().__init__(message)
        self.current = current


class ChatBusyError(Exception):
    """The chat already has a game open or being played."""


class UnreachableError(Exception):
    """The bot may not write to this person privately yet (they never started it)."""


class Reach(Protocol):
    """Writes a person their private message for `game` before they take a seat (every
    seat needs one for its hand); `UnreachableError` when the bot may not."""

    async def __call__(self, game: Game, person: Person, /) -> None: ...


class Ask(Protocol):
    """A yes or no about the person pressing in a group (do they administer it, are they
    a member of it), asked of Telegram only when it matters."""

    async def __call__(self) -> bool: ...


class GameRepository(Protocol):
    """Games by id and by chat; saves that check the version they replace."""

    async def load(self, game_id: str) -> Game | None: ...

    async def load_for_chat(self, chat_id: int) -> Game | None: ...

    async def create(self, game: Game) -> Game:
        """Store a new game as its chat's game (version 1); `ChatBusyError` if the chat
        has a live game, `VersionConflictError` if the id is taken."""
        ...

    async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
        """Store `game` as the next version; `VersionConflictError` if it is not the
        latest."""
        ...

    async def games_of(self, user_id: int) -> list[str]: ...

    def new_id(self, chat_id: int, rng: Random) -> str:
        """An id for a new game of `chat_id`, drawn from `rng`: the store may choose
        where its games go by their ids."""
        ...


REVISIT = -1.0  # when a live game looked at again (start-up, an outage) is due


class Schedule(Protocol):
    """When each game next needs attention (its messages, its bots, its timer)."""

    async def due_at(self, now: float, limit: int = 50) -> list[tuple[str, float]]:
        """The games due by `now`, each with the time it was due (0: at once)."""
        ...

    async def next_due(self) -> float | None: ...

    async def reschedule(self, game_id: str, version: int | None, at: float | None) -> bool:
        """When the game next needs attention (None: not until it changes), unless it
        changed since `version`; False when it did (then it stays due at once)."""
        ...

    async def revisit_live(self, now: float) -> int:
        """Make every live game due at `REVISIT`; returns how many there are."""
        ...

    async def forget(self, game_id: str) -> None:
        """A game that is gone: neither due nor live any more."""
        ...


class Told(Protocol):
    """Whether a group has seen everything of its game yet."""

    async def told_at(self, game: Game) -> float | None:
        """When the group was last told something of `game` (0: never), once all of
        that version is shown there; None while some of it waits."""
        ...


class FinishedMatches(Protocol):
    """The matches that got a result and are not recorded yet."""

    async def pending(self) -> list[str]: ...

    async def done(self, game_id: str) -> None: ...
