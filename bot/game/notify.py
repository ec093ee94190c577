"""How a use case tells delivery about a change, and what delivery tells back.

A use case that saves a change tells its `Notifier`; delivery follows from that (see
`bot.game.notifier`). Delivery shows what it can now and reports the facts it met that
the game must act on: a person who blocked the bot, a group that became a supergroup,
a group the bot can no longer reach. A use case acts on them (`Games.react`): delivery
never changes a game itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.game.state import Game


@dataclass(frozen=True, slots=True)
class Show:
    """How a change is to be shown, beyond bringing every message up to date."""

    adopt: int | None = None  # a message of the person's (the /play menu) becomes the game's
    anew: int | None = None  # this person's game message is sent again at the bottom
    moved: bool = False  # the group's table is sent anew (/board; a new supergroup)


PLAIN = Show()


@dataclass(frozen=True, slots=True)
class Blocked:
    """The person blocked the bot: nothing reaches them any more."""

    user_id: int


@dataclass(frozen=True, slots=True)
class Migrated:
    """The group became a supergroup: `chat_id` is its new id."""

    chat_id: int


@dataclass(frozen=True, slots=True)
class GroupLost:
    """The bot can no longer write to the game's group (it was removed)."""


Fact = Blocked | Migrated | GroupLost


@dataclass(frozen=True, slots=True)
class Shown:
    """What one delivery pass did: `at`, when to come back for what had to wait (None:
    everything is shown); the facts it met; `told_at`, when the group was last told
    something (an announcement), if ever; `kept`, a slot is kept for `at` in this
    process (shown then by it, however far off)."""

    at: float | None = None
    facts: tuple[Fact, ...] = ()
    told_at: float | None = None
    kept: bool = False


class DisplayBusyError(Exception):
    """Another process is delivering this game right now."""


class Display(Protocol):
    """Brings a game's messages up to date, as far as Telegram's limits allow now."""

    async def show(
        self, game: Game, show: Show = PLAIN, *, token: str | None = None, patience: float = 0.0
    ) -> Shown:
        """One pass on `game`, with the delivery lease its save took (`game.lease`), or
        taking it (with `token`, one this process may hold already: taken again);
        `DisplayBusyError` when another process holds it. `patience`: seconds a
        person's message may wait for its slot within the pass."""
        ...


class Notifier(Protocol):
    """What a use case tells after saving a change (or to show a game anew)."""

    async def changed(self, game: Game, show: Show = PLAIN) -> tuple[Fact, ...]:
        """Delivery follows; returns the facts it met, for the use case to act on."""
        ...
