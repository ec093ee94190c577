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


# A direct game's change that waits no longer than this for its chat's slot (or for a
# slot kept for it, however far) is shown by this process when the slot frees, with the
# game it holds: no load, no parse, and the worker is not woken. The worker is its
# fallback, this long after, should this process not live to do it (long enough that a
# busy process is not raced by its own worker).
SOON = 1.5
FALLBACK = 5.0


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
        self._later: set[asyncio.Task[None]] = set()

    async def changed(self, game: Game, show: Show = PLAIN) -> tuple[Fact, ...]:
        """Show `game` now as far as Telegram's limits allow; schedule the rest; return
        the facts delivery met."""
        now = self._now().timestamp()
        try:
            shown = await self._display.show(game, show)
        except DisplayBusyError:
            shown = Shown(now)  # the holder may have an older version: look again at once
        except Exception:
            # The change is saved: its answer must not say otherwise.
            log.exception("game %s not shown; trying again shortly", game.game_id)
            shown = Shown(now + self._backoff)
        at = shown.at
        soon = at is not None and not game.in_group and (shown.kept or now < at <= now + SOON)
        if soon and at is not None:
            await self._mark_due(game.game_id, at + FALLBACK)
            self._show_later(game, at)
        elif at is not None and not game.in_group:
            await self._mark_due(game.game_id, at)
        elif at is not None and (show.anew is not None or show.moved):
            # A group's save made it due already, unless this showed it anew without one.
            await self._mark_due(game.game_id, 0.0)
        if isinstance(game.state, Finished):
            self._alarm.record()
        elif game.in_group or (at is not None and not soon):
            # A group's save made it due (its bots, its timer); a direct game is woken
            # for when something of it waits longer than this process waits itself.
            self._alarm.poke()
        return shown.facts

    async def settle(self) -> None:
        """Wait for the changes being shown later (a graceful stop; tests)."""
        while self._later:
            await asyncio.gather(*self._later, return_exceptions=True)

    def _show_later(self, game: Game, at: float) -> None:
        task = asyncio.create_task(self._show_at(game, at))
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    async def _show_at(self, game: Game, at: float) -> None:
        """Show `game` again, its messages each waiting for a slot of its own (booked,
        so that passes waiting for one pace come one after the other, not all at the
        time it frees); then the worker's fallback is no longer needed (unless the game
        changed since: then it stays)."""
        patience = max(0.0, at - self._now().timestamp()) + SOON
        try:
            shown = await self._display.show(game, patience=patience)
        except DisplayBusyError:
            return  # another process shows it
        except Exception:
            log.exception("game %s not shown; the worker tries again", game.game_id)
            return
        try:
            if shown.at is None:
                await self._schedule.reschedule(game.game_id, game.version, None)
            else:
                await self._schedule.mark_due(game.game_id, shown.at)
                self._alarm.poke()
        except StorageUnavailableError:
            log.warning("game %s: its schedule is left to the worker", game.game_id)

    async def _mark_due(self, game_id: str, at: float) -> None:
        # Refused by an outage, the mark is kept by the schedule and written later.
        with suppress(StorageUnavailableError):
            await self._schedule.mark_due(game_id, at)
