"""What the use cases need from outside, as protocols: a store of games with a
compare-and-set save. `bot.store` provides it; tests may pass another."""

from __future__ import annotations

from random import Random
from typing import Protocol

from bot.game.people import Person
from bot.game.state import Game


class VersionConflictError(Exception):
    """A save found another version than the one it replaces: someone wrote first."""


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
        """Store `game` as the next version; `VersionConflictError` if it is not
        the latest."""
        ...

    async def games_of(self, user_id: int) -> list[str]: ...

    def new_id(self, chat_id: int, rng: Random) -> str:
        """An id for a new game of `chat_id`, drawn from `rng`: the store may choose
        where its games go by their ids."""
        ...
