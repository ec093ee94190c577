"""A person as the game layer knows them: no Telegram types. A leaf module."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Person:
    """A human player as the service needs them: no Telegram types."""

    user_id: int
    name: str
    language: str
    chat_id: int  # their private chat: where their game or hand message lives
    # The bot may not write to them privately (they never started it): in a group game
    # their hand is shown to them only inside the group.
    in_group: bool = False
