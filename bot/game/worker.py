"""The worker: comes back to every game that is due, moves a group's bots at a pace
people can follow, runs the turn timers, deals a group's next hand, acts on what
showing the games met, and hands finished matches to be recorded.

Everything it does is derived from the store: the game says what is next, and the
schedule when each game next needs attention (every save of a group game marks it due
at once). So a restart, or a second process, just picks up the due games: nothing is
kept only in memory, and nothing is lost. Showing the games is the notifier's: each
step that saves tells it, as every use case does.

One step on a game:
1. bots whose pause is over decide, one compare-and-set save each;
2. a turn timer that reached its reminder has the game shown again (the group is
   reminded), one that ran out has a bot move for the person;
3. a group's hand that is over is followed by the next, `Rhythm.next_hand` after its
   result was told;
4. the game is rescheduled for the earliest pending thing, or dropped from `due`.
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
from bot.game.games import Games
from bot.game.matches import Matches
from bot.game.notify import Alarm, Facts
from bot.game.ports import REVISIT, Schedule, StorageUnavailableError, Told
from bot.game.state import Game, HandOver, Playing
from bot.metrics import PACER_LAG

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Rhythm:
    """The worker's settings, in seconds."""

    bot_delay: float = 1.5  # a group bot's pause before it plays, so that people can follow
    next_hand: float = 6.0  # a group's next hand is dealt this long after a result is told
    idle_poll: float = 1.0  # how often to look for work another process scheduled


class Worker:
    """Runs the due games (see the module's doc)."""

    def __init__(
        self,
        games: Games,
        matches: Matches,
        schedule: Schedule,
        alarm: Alarm,
        facts: Facts,
        told: Told,
        now: Callable[[], datetime],
        rhythm: Rhythm | None = None,
        finisher: Finisher | None = None,
    ) -> None:
        self._games = games
        self._matches = matches
        self._schedule = schedule
        self._alarm = alarm
        self._facts = facts
        self._told = told
        self._now = now
        self.rhythm = rhythm or Rhythm()
        self._finisher = finisher
        self._running: set[str] = set()
        self._stopping = False

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
        It begins by making every live game due and showing it again (what a previous
        process saved but did not show is shown), and does so after an outage."""
        revisit = True
        out_of_reach = False  # the store: told once per outage
        while not self._stopping:
            next_at = None
            try:
                if revisit or self._alarm.to_revisit:
                    self._alarm.to_revisit = False
                    await self.revisit()
                    revisit = False
                await self.pass_once()
                next_at = await self._schedule.next_due()
                if out_of_reach:
                    log.info("worker: the store answers again")
                    out_of_reach = False
            except StorageUnavailableError:
                if not out_of_reach:
                    log.warning("worker: the store is unavailable; trying it again")
                    out_of_reach = True
                revisit = True
            except Exception:  # the loop must outlive any one failure
                log.exception("worker: a pass failed; trying again shortly")
            wait = self.rhythm.idle_poll if next_at is None else next_at - self._clock()
            wait = min(max(wait, 0.0), self.rhythm.idle_poll)
            if wait > 0:
                try:
                    await asyncio.wait_for(self._alarm.event.wait(), wait)
                except TimeoutError:
                    self._alarm.to_record = True  # idle: another process may have left some
            if not self._stopping:
                self._alarm.event.clear()

    async def pass_once(self) -> int:
        """The facts met, the games due now, the matches to record; returns how much
        was done."""
        done = await self._react()
        done += await self.run_due()
        return done + await self._record()

    async def revisit(self) -> int:
        """Every live game due now and shown again (at start-up, after an outage): a
        change a dead process saved but did not show is shown. Returns how many."""
        revisited = await self._schedule.revisit_live(self._clock())
        log.info("worker: %s live games to look at", revisited)
        return revisited

    async def run_due(self) -> int:
        """One pass over the games due now; returns how many it worked on."""
        now = self._clock()
        due = [(i, at) for i, at in await self._schedule.due_at(now) if i not in self._running]
        for _, at in due:
            if at > 0:  # a time it was scheduled for (0: due at once after a save)
                PACER_LAG.observe(max(0.0, now - at))
        # Due at REVISIT: a live game looked at again, to be shown again.
        await asyncio.gather(*(self._step(i, again=at == REVISIT) for i, at in due))
        return len(due)

    async def settle(self, limit: int = 10_000) -> None:
        """Run until nothing is due now, no fact waits and every finished match is
        recorded, or the store is out of reach (tests: the clock only moves by hand)."""
        for _ in range(limit):
            try:
                if not await self.pass_once():
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

    async def _react(self) -> int:
        """Act on the facts showing the games met."""
        met = self._facts.take()
        for game_id, fact in met:
            game = await self._games.get(game_id)
            if game is not None:
                await self._games.react(game, (fact,))
        return len(met)

    # -- one game ----------------------------------------------------------------------------

    async def _step(self, game_id: str, *, again: bool = False) -> None:
        self._running.add(game_id)
        try:
            await self._work(game_id, again)
        except StorageUnavailableError:
            raise
        except Exception:
            log.exception("worker: game %s failed; trying again later", game_id)
            with suppress(Exception):
                await self._schedule.reschedule(game_id, None, self._clock() + 5.0)
        finally:
            self._running.discard(game_id)

    async def _work(self, game_id: str, again: bool) -> None:
        game = await self._games.get(game_id)
        if game is None:
            await self._schedule.forget(game_id)  # expired, or lost by its Redis
            return
        if again:
            await self._games.tell(game)
        wakes: list[float] = []
        game = await self._move_bots(game, wakes)
        game = await self._run_timer(game, wakes)
        if isinstance(game.state, HandOver) and game.kind.deals_by_itself:
            game = await self._deal_next(game, wakes)
        await self._schedule.reschedule(game_id, game.version, min(wakes, default=None))

    async def _run_timer(self, game: Game, wakes: list[float]) -> Game:
        """A group's turn timer: the game shown again once its reminder is due (the group
        reminds the person), and a bot's move for them at the deadline."""
        due = timer.deadline(game)
        if due is None:
            return game
        now = self._clock()
        if now < due.expires_at:
            if now >= due.remind_at:
                await self._games.tell(game)
            wakes.append(due.remind_at if now < due.remind_at else due.expires_at)
            return game
        try:
            game = await self._matches.timeout_move(game)
        except RefusalError:
            return await self._games.get(game.game_id) or game  # moved meanwhile
        wakes.append(self._clock())  # a bot may be next, or a deadline: look again
        return game

    async def _deal_next(self, game: Game, wakes: list[float]) -> Game:
        """The next hand, `next_hand` after the group was told the last one's result."""
        told = await self._told.told_at(game)
        if told is None:  # the result waits for the group's turn: look again then
            wakes.append(self._clock() + 1.0)
            return game
        due = max(told, game.record.updated_at.timestamp()) + self.rhythm.next_hand
        if due > self._clock():
            wakes.append(due)
            return game
        try:
            game = await self._matches.deal_next(game)
        except RefusalError:
            return game  # dealt or stopped meanwhile: its save made it due
        wakes.append(self._clock())
        return game

    async def _move_bots(self, game: Game, wakes: list[float]) -> Game:
        """A group's bots whose pause is over decide, one saved decision at a time."""
        if game.kind.bots_in_the_press:
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
                game = await self._matches.bot_move(game)
            except RefusalError:
                fresh = await self._games.get(game.game_id)  # changed meanwhile
                if fresh is None:
                    return game
                game = fresh
        return game
