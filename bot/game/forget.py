"""/forgetme: every holder of a person's data forgets them. Each store that keeps
something about a person beyond a game's own record (which expires with the game)
is a `PersonalData` holder, handed to `Forgetting` where the app is wired."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class PersonalData(Protocol):
    """Something kept about people, by user id."""

    async def forget(self, user_id: int) -> None:
        """Erase everything kept about `user_id` (nothing kept is no error)."""
        ...


class Forgetting:
    """The /forgetme use case: every holder forgets the person."""

    def __init__(self, holders: Sequence[PersonalData]) -> None:
        self.holders = list(holders)

    async def forget(self, user_id: int) -> None:
        """Erase `user_id` from every holder, in order; a failure stops it there (asking
        again finishes it: forgetting twice is harmless)."""
        for holder in self.holders:
            await holder.forget(user_id)
