"""How a use case tells that a game changed, and how it learns what showing it met.

A use case that saves a change tells its `Notifier`: every chat the game is shown in
is then brought up to date, as soon as Telegram's limits allow, with the game as it is
by then (see `bot.telegram.outbox`). What that meets and the game must act on (a person
who blocked the bot, a group that became a supergroup, a group the bot can no longer
reach) comes back as facts, through `Facts`, and the worker acts on them
(`Games.react`): the outbox never changes a game itself."""

from __future__ import annotations

import asyncio
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


class Notifier(Protocol):
    """What a use case tells after saving a change (or to show a game anew)."""

    async def changed(self, game: Game, show: Show = PLAIN) -> None:
        """Every chat of `game` is to show it (or a later version)."""
        ...


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


class Alarm:
    """What wakes the worker: something changed (`poke`: look at the due games now
    rather than after a pause), a match got its result (`record`), or a saved change
    could not be told (`untold`)."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        # Matches to record: at start-up (a previous process may have left some), when a
        # save gives one its result, and on every idle look (another process's).
        self.to_record = True
        self.to_revisit = False

    def poke(self) -> None:
        self.event.set()

    def record(self) -> None:
        self.to_record = True
        self.event.set()

    def untold(self) -> None:
        """A saved change could not be told (the store stopped answering): every live
        game is to be shown again, as after an outage the worker met itself."""
        self.to_revisit = True
        self.event.set()


class Facts:
    """The facts met while showing games, until the worker acts on them. Kept in the
    process only: a fact lost with it is met again at the next call to that chat."""

    def __init__(self, alarm: Alarm) -> None:
        self._alarm = alarm
        self._met: list[tuple[str, Fact]] = []

    def report(self, game_id: str, fact: Fact) -> None:
        """`fact` met while showing the game `game_id`."""
        self._met.append((game_id, fact))
        self._alarm.poke()

    def take(self) -> list[tuple[str, Fact]]:
        """Every fact met since the last take, in order."""
        met, self._met = self._met, []
        return met
