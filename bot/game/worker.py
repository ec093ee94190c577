"""The worker: comes back to every game that is due, moves a group's bots at a pace
people can follow, runs the turn timers, deals a group's next hand, has delivery show
what had to wait, and hands finished matches to be recorded.

Everything it does is derived from the store: the game says what its messages must
show, delivery knows what they show now, and the schedule when each game next needs
attention (every save of a group game marks it due at once; the notifier marks a game
due when something of it had to wait). So a restart, or a second process, just picks
up the due games and shows whatever is then the latest content: nothing is kept only
in memory, and nothing is lost.

One step on a game:
1. bots whose pause is over decide, one compare-and-set save each (no Telegram call);
2. delivery brings the messages up to date as far as the pace allows, and the game
   acts on the facts it met (`Games.react`);
3. the game is rescheduled for the earliest pending thing, or dropped from `due`.

The process that made a step comes back to the game when it is next due: it may keep a
slot of a chat's pace for it (`bot.telegram.delivery.slots`) that no other process can
use. The store says `Rhythm.handover` later, for the others should it not come; a
graceful stop hands its games back. (All waking at once, the processes could each
book and keep the next slot in turn, while a person waited for their turn.)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime

from bot.game import timer
from bot.game.bots import MAX_BOT_MOVES, bot_at
from bot.game.errors import RefusalError
from bot.game.finisher import Finisher
from bot.game.games import Games, lease_token
from bot.game.matches import Matches
from bot.game.notifier import Alarm
from bot.game.notify import Display, DisplayBusyError
from bot.game.ports import Schedule, StorageUnavailableError
from bot.game.state import Game, HandOver, Playing
from bot.metrics import PACER_LAG

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Rhythm:
    """The worker's settings, in seconds."""

    bot_delay: float = 1.5  # a group bot's pause before it plays, so that people can follow
    busy_retry: float = 0.5  # another process delivers the game: look again after this
    backoff: float = 5.0  # after an unexpected failure
    idle_poll: float = 5.0  # how often to look for work another process scheduled
    outage_retry: float = 1.0  # the store out of reach: how often to try it again
    next_hand: float = 6.0  # a group's next hand is dealt this long after the result is told
    handover: float = 1.5  # a game's next step is another process's this long after it is due


class Worker:
    """Runs the due games (see the module's doc)."""

    def __init__(
        self,
        games: Games,
        matches: Matches,
        schedule: Schedule,
        display: Display,
        alarm: Alarm,
        now: Callable[[], datetime],
        rhythm: Rhythm | None = None,
        finisher: Finisher | None = None,
    ) -> None:
        self._games = games
        self._matches = matches
        self._schedule = schedule
        self._display = display
        self._alarm = alarm
        self._now = now
        self.rhythm = rhythm or Rhythm()
        self._finisher = finisher
        self._running: set[str] = set()
        self._stopping = False
        self._own: dict[str, float] = {}  # games this process comes back to first: id -> when

    def poke(self) -> None:
        """Look at the due games now rather than after a pause."""
        self._alarm.poke()

    def record_finished(self) -> None:
        """Record the finished matches (stats, history) on the next pass."""
        self._alarm.record()

    def _clock(self) -> float:
        return self._now().timestamp()

    # -- the loop ----------------------------------------------------------------------------

    def stop(self) -> None:
        """Finish the pass under way, then leave `run` (a graceful stop)."""
        self._stopping = True
        self._alarm.poke()

    async def run(self) -> None:
        """Until `stop`: run the due games, then sleep until the next is due or a poke.
        It begins by making every live game due, so that what a previous process saved
        but did not show is shown now, and does so again after the store was out of reach."""
        # Every live game is looked at again at start-up and after an outage: a mark made
        # meanwhile may be lost with a process that died holding it (`Schedule.mark_due`).
        revisit = True
        out_of_reach = False  # the store: told once per outage
        while not self._stopping:
            try:
                if revisit:
                    await self.revisit()
                    revisit = False
                await self.run_due()
                await self._record()
                next_at = await self.next_at()
                if out_of_reach:
                    log.info("worker: the store answers again")
                    out_of_reach = False
            except StorageUnavailableError:
                if not out_of_reach:
                    log.warning("worker: the store is unavailable; trying it again")
                    out_of_reach = True
                revisit = True
                # Soon, not at the idle pace: what waited for the store is shown once it is back.
                next_at = self._clock() + self.rhythm.outage_retry
            except Exception:  # the loop must outlive any one failure
                log.exception("worker: a pass failed; trying again shortly")
                next_at = None
            wait = self.rhythm.idle_poll if next_at is None else next_at - self._clock()
            wait = min(max(wait, 0.0), self.rhythm.idle_poll)
            if wait > 0:
                try:
                    await asyncio.wait_for(self._alarm.event.wait(), wait)
                except TimeoutError:
                    self._alarm.to_record = True  # idle: another process may have left some
            if not self._stopping:
                self._alarm.event.clear()
        await self.hand_back()

    async def next_at(self) -> float | None:
        """When this process next has work: the earliest game due in the store, or one
        it is to come back to."""
        stored = await self._schedule.next_due()
        own = min(self._own.values(), default=None)
        return min((at for at in (stored, own) if at is not None), default=None)

    async def hand_back(self) -> None:
        """A graceful stop: the games this process was to come back to are due for the
        others at their own time, not `Rhythm.handover` later."""
        own, self._own = self._own, {}
        for game_id, at in own.items():
            with suppress(StorageUnavailableError):
                await self._schedule.hand_over(game_id, at)

    async def revisit(self) -> int:
        """Every live game due now (at start-up): a change a dead process saved but did
        not show is shown, and buttons drawn for it work. Returns how many."""
        revisited = await self._schedule.revisit_live(self._clock())
        log.info("worker: %s live games to look at", revisited)
        return revisited

    async def run_due(self) -> int:
        """One pass over the games due now; returns how many it worked on."""
        now = self._clock()
        found = dict(await self._schedule.due_at(now))
        found |= {i: at for i, at in self._own.items() if at <= now}
        due = [(i, at) for i, at in found.items() if i not in self._running]
        for _, at in due:
            if at > 0:  # a time it was scheduled for (0: due at once after a save)
                PACER_LAG.observe(max(0.0, now - at))
        await asyncio.gather(*(self._step(i) for i, _ in due))
        return len(due)

    async def settle(self, limit: int = 10_000) -> None:
        """Run until nothing is due now and every finished match is recorded, or the
        store is out of reach (tests: the clock only moves by hand)."""
        for _ in range(limit):
            try:
                ran = await self.run_due()
                # A match just recorded may have work of its own (its records' line).
                recorded = await self._record()
                if not ran and not recorded:
                    return
            except StorageUnavailableError:
                return
        raise RuntimeError("the worker did not settle")

    async def _record(self) -> int:
        """Hand the matches to record to the keepers; returns how many were recorded."""
        if self._finisher is None or not self._alarm.to_record:
            return 0
        self._alarm.to_record = False
        try:
            return await self._finisher.run()
        except StorageUnavailableError:
            self._alarm.to_record = True
            raise

    # -- one game ----------------------------------------------------------------------------

    async def _step(self, game_id: str) -> None:
        self._running.add(game_id)
        self._own.pop(game_id, None)
        try:
            await self._work(game_id)
        except Exception:
            log.exception("worker: game %s failed; trying again later", game_id)
            with suppress(Exception):
                await self._schedule.reschedule(game_id, None, self._clock() + self.rhythm.backoff)
        finally:
            self._running.discard(game_id)

    async def _work(self, game_id: str) -> None:
        game = await self._games.get(game_id)
        if game is None:
            await self._schedule.forget(game_id)  # expired, or lost by its Redis
            return
        wakes: list[float] = []
        # One delivery lease for the whole step: the step's saves take it for the pass
        # that follows (with this token, it is taken again by the pass, never refused).
        lease = lease_token()
        game = await self._move_bots(game, wakes, lease)
        game = await self._run_timer(game, wakes, lease)
        try:
            shown = await self._display.show(game, token=lease)
        except DisplayBusyError:
            wakes.append(self._clock() + self.rhythm.busy_retry)
        else:
            await self._games.react(game, shown.facts)
            if shown.at is not None:
                wakes.append(shown.at)
            elif isinstance(game.state, HandOver) and game.in_group:
                # Everything is shown, the hand's result included: the next hand comes by
                # itself a little later (the table's Next hand button is for the impatient).
                game = await self._deal_next(game, shown.told_at, wakes)
        await self._come_back(game_id, game.version, min(wakes, default=None))

    async def _come_back(self, game_id: str, version: int, at: float | None) -> None:
        """This process comes back to the game at `at`; the others `Rhythm.handover`
        later (unless it changed meanwhile: then it is due at once, for anyone)."""
        later = None if at is None else at + self.rhythm.handover
        if await self._schedule.reschedule(game_id, version, later) and at is not None:
            self._own[game_id] = at

    async def _run_timer(self, game: Game, wakes: list[float], lease: str) -> Game:
        """A group's turn timer: come back for the reminder (delivery sends it) and at
        the deadline, where a bot moves for the person."""
        due = timer.deadline(game)
        if due is None:
            return game
        now = self._clock()
        if now < due.expires_at:
            wakes.append(due.remind_at if now < due.remind_at else due.expires_at)
            return game
        try:
            game = await self._matches.timeout_move(game, lease=lease)
        except RefusalError:
            return await self._games.get(game.game_id) or game  # moved meanwhile
        wakes.append(self._clock())  # a bot may be next, or a deadline: look again
        return game

    async def _deal_next(self, game: Game, told: float | None, wakes: list[float]) -> Game:
        due = (told or game.record.updated_at.timestamp()) + self.rhythm.next_hand
        if due > self._clock():
            wakes.append(due)
            return game
        try:
            # No lease: nothing shows the new hand in this step (the next one does).
            game = await self._matches.deal_next(game, lease=None)
        except RefusalError:
            return game  # dealt or stopped meanwhile: its save made it due
        wakes.append(self._clock())  # show the new hand at once
        return game

    async def _move_bots(self, game: Game, wakes: list[float], lease: str) -> Game:
        """A group's bots whose pause is over decide, one saved decision at a time."""
        if not game.in_group:
            return game
        for _ in range(MAX_BOT_MOVES):
            state = game.state
            if not isinstance(state, Playing) or bot_at(state.seats, state.turn) is None:
                return game
            due = game.record.updated_at.timestamp() + self.rhythm.bot_delay
            if due > self._clock():
                wakes.append(due)
                return game
            try:
                game = await self._matches.bot_move(game, lease=lease)
            except RefusalError:
                fresh = await self._games.get(game.game_id)  # changed meanwhile
                if fresh is None:
                    return game
                game = fresh
        return game
