"""The notifier the use cases tell (`bot.game.notify.Notifier`): delivery shows what it
can at once, and whatever had to wait is left to the worker (`bot.game.worker`),
scheduled for when it can go, and the worker's `Alarm` rung. A change is saved before
it is told: a failed delivery never undoes it, and the worker comes back to it.

Every save of a group game marks it due at once, in the save itself (see
`bot.store.games`): the worker then sees to its bots and its timer. A direct game is
marked due only when something of it had to wait."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime

from bot.game.notify import PLAIN, Display, DisplayBusyError, Fact, Show, Shown
from bot.game.ports import Schedule, StorageUnavailableError
from bot.game.state import Finished, Game

log = logging.getLogger(__name__)


class Alarm:
    """What wakes the worker: something changed (`poke`: look at the due games now
    rather than after a pause), or a match got its result (`record`)."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        # Matches to record: at start-up (a previous process may have left some), when a
        # save gives one its result, and on every idle look (another process's).
        self.to_record = True

    def poke(self) -> None:
        self.event.set()

    def record(self) -> None:
        self.to_record = True
        self.event.set()


class Notifications:
    """Delivery after every change (see the module's doc)."""

    def __init__(
        self,
        display: Display,
        schedule: Schedule,
        alarm: Alarm,
        now: Callable[[], datetime],
        backoff: float,
    ) -> None:
        self._display = display
        self._schedule = schedule
        self._alarm = alarm
        self._now = now
        self._backoff = backoff  # seconds before trying again after a failed delivery

    async def changed(self, game: Game, show: Show = PLAIN) -> tuple[Fact, ...]:
        """Show `game` now as far as Telegram's limits allow; schedule the rest; return
        the facts delivery met."""
        try:
            shown = await self._display.show(game, show)
        except DisplayBusyError:
            shown = Shown(
                self._now().timestamp()
            )  # the holder may have an older version: look again
        except Exception:
            # The change is saved: its answer must not say otherwise.
            log.exception("game %s not shown; trying again shortly", game.game_id)
            shown = Shown(self._now().timestamp() + self._backoff)
        if shown.at is not None:
            # A group's save made it due already, unless this showed it anew without one.
            if not game.in_group:
                await self._mark_due(game.game_id, shown.at)
            elif show.anew is not None or show.moved:
                await self._mark_due(game.game_id, 0.0)
        if isinstance(game.state, Finished):
            self._alarm.record()
        elif game.in_group or shown.at is not None:
            # A group's save made it due (its bots, its timer); a direct game is woken
            # for only when something of it waits.
            self._alarm.poke()
        return shown.facts

    async def _mark_due(self, game_id: str, at: float) -> None:
        # Refused by an outage, the mark is kept by the schedule and written later.
        with suppress(StorageUnavailableError):
            await self._schedule.mark_due(game_id, at)
