"""A chat's one sender: empties the chat's outbox while this process holds the chat.

It takes the most urgent entry (replies first), waits for the chat's turn and for this
process's share of the bot's (`bot.telegram.outbox.pace`), renders what the game is at
that moment (`bot.telegram.outbox.jobs`), makes one call, and writes what the chat shows
now, clearing the entry once the chat shows it, in one round trip. What comes while it
waits folds into the entry, so a state that a newer one replaced is never sent. It
makes a call only while it holds the chat (renewed while it waits or a call runs), and
what a call changed is written before anything else, however long the store takes to
answer: a call is never made twice for want of its write."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, field, replace

from bot.game.notify import Blocked, Facts, GroupLost, Migrated
from bot.game.ports import StorageUnavailableError
from bot.telegram.outbox.calls import Calls
from bot.telegram.outbox.errors import LaterError, MovedError
from bot.telegram.outbox.jobs import REACH, Job, Jobs, first
from bot.telegram.outbox.pace import Pace
from bot.telegram.ports import Conversation, Finished, Outboxes
from bot.telegram.show.steps import Outcome, Put, Step, Whisper

log = logging.getLogger(__name__)


class DeliveryFailedError(Exception):
    """Telegram did not take a reply (it may have gone out all the same)."""


class LostError(Exception):
    """Another process took the chat (this one stopped saying it lives for a while)."""


@dataclass(frozen=True, slots=True)
class Tools:
    """What every sender of a process shares: the store of the outboxes, the jobs, the
    calls, the group's conversation count, the facts met, the process's share of the
    bot's pace (its turns, taken in order, and its calls as they go), how to sleep, and
    how a reply someone waits for is resolved."""

    store: Outboxes
    jobs: Jobs
    calls: Calls
    conversation: Conversation
    facts: Facts
    share: Pace
    going: Pace
    sleep: Callable[[float], Awaitable[None]]
    resolve: Callable[[int, str, Outcome | Exception], None]


@dataclass(slots=True)
class Sender:
    """One chat held by this process: its pace, its entries as last known, each game's
    messages' fields as this chat knows them, until when it holds the chat, and whether
    it was taken again while it was giving it up (it goes on, from the store)."""

    chat_id: int
    pace: Pace
    entries: dict[str, str]
    tools: Tools
    until: float
    fields: dict[str, dict[str, str]] = field(default_factory=dict)
    again: bool = False

    async def run(self) -> None:
        """Send until the chat is given up (and again, when it was taken meanwhile)."""
        try:
            while await self._send() and self.again:
                self.again = False
                claim = await self.tools.store.take(self.chat_id)
                if claim is None or claim.held:
                    return
                self.pace.tat = max(self.pace.tat, claim.tat)
                self.entries = dict(claim.entries)
        except LostError:
            log.info("chat %s: another process took it", self.chat_id)

    async def _send(self) -> bool:
        """Empty the outbox; True when the chat was given up, False when lost."""
        while True:
            cleared: dict[str, str] = {}
            job = await self._next(cleared)
            if job is not None and job.step is not None:
                at = self.pace.free_at(self._now())
                if at > self._now():
                    await self._wait(at)
                    continue  # what came meanwhile folds in: looked at again, rendered now
            if job is None:
                finished = await self._done(cleared, release=True)
            else:
                finished = await self._do(job, cleared)
            if finished.lost:
                return False
            if finished.entries is None:
                return True
            self.entries = finished.entries

    async def _next(self, cleared: dict[str, str]) -> Job | None:
        """The first entry with something to do; those before it that need nothing go
        into `cleared`."""
        for name in first(self.entries):
            value = self.entries[name]
            job = await self.tools.jobs.job(self.chat_id, self.fields, name, value)
            if job is not None:
                return job
            cleared[name] = value
        return None

    async def _do(self, job: Job, cleared: dict[str, str]) -> Finished:
        """Make the job's call, write what it changed and clear what is shown."""
        tools, step = self.tools, job.step
        outcome = Outcome()
        if step is not None and await self._booked():
            # It waited for this process's turn: what came meanwhile folds in.
            value = self.entries.get(job.name, job.value)
            fresh = await tools.jobs.job(self.chat_id, self.fields, job.name, value)
            if fresh is None or fresh.step is None:
                tools.share.give_back()
            if fresh is None:
                cleared[job.name] = value
                return await self._written(cleared, release=True)
            job, step = fresh, fresh.step
        if step is not None:
            if isinstance(step, Put | Whisper):
                await tools.calls.draw(step.content, step.photo)
            await self._turn()  # drawn first: the call reaches Telegram right after it
            try:
                outcome = await self._call(step)
            except LaterError as later:
                self.pace.hold(self._now() + later.after)
                new = (isinstance(step, Put) and step.message_id is None) or (
                    isinstance(step, Whisper) and step.ephemeral_id is None
                )
                if not (later.delivered_maybe and new):
                    return await self._written(cleared, release=False)
                # It may have gone out: never sent twice (an announcement counts as told).
                tools.resolve(self.chat_id, job.name, DeliveryFailedError(self.chat_id))
                cleared[job.name] = job.value
            except MovedError as moved:
                if job.game_id is not None:
                    tools.facts.report(job.game_id, Migrated(moved.chat_id))
                cleared[job.name] = job.value
                return await self._written(cleared, release=True)
            if outcome.refused:  # nothing was sent: the turn is given back
                self.pace.give_back()
                tools.share.give_back()
            outcome = await self._counted(step, outcome)
        changes = job.record(outcome)
        if outcome.pictures_refused:
            await tools.jobs.text_only(self.chat_id)
        # A first message's caller is told (`Replies.reach`): they never started the bot.
        if outcome.unreachable and job.game_id is not None and not job.name.startswith(REACH):
            fact = Blocked(self.chat_id) if self.chat_id > 0 else GroupLost()
            tools.facts.report(job.game_id, fact)
        placement = None
        if job.game_id is not None and changes:
            kept = {name: value for name, value in changes.items() if value is not None}
            dropped = set(changes) - set(kept)
            known = self.fields.setdefault(job.game_id, {})
            known.update(kept)
            for name in dropped:
                known.pop(name, None)
            placement = (job.game_id, kept, dropped)
        after = None
        if not job.once:
            after = await tools.jobs.job(self.chat_id, self.fields, job.name, job.value)
        # Refused content would be refused again: it waits for the next change (refused
        # pictures are shown as text, at once).
        gives_up = outcome.refused and not outcome.pictures_refused
        if after is None or gives_up or outcome.unreachable:
            cleared[job.name] = job.value
        tools.resolve(self.chat_id, job.name, outcome)
        return await self._written(cleared, release=True, placement=placement)

    async def _call(self, step: Step) -> Outcome:
        """The step's call; a slow one (a picture's upload, a slow Telegram) keeps the
        chat held meanwhile, so that no other process takes it and sends it again."""
        call = asyncio.ensure_future(self.tools.calls.make(self.chat_id, step, self._next_turn))
        try:
            while True:
                finished, _ = await asyncio.wait({call}, timeout=self.tools.store.lease / 3)
                if finished:
                    return call.result()
                # The call goes on whatever the store says; its write waits for the store.
                with suppress(StorageUnavailableError):
                    await self._done({}, release=False)
        finally:
            if not call.done():
                call.cancel()
                call.add_done_callback(_looked_at)

    async def _counted(self, step: Step, outcome: Outcome) -> Outcome:
        """A new message at the bottom of a group is counted there (a buried table)."""
        if self.chat_id > 0 or not isinstance(step, Put):
            return outcome
        if outcome.message_id in (None, step.message_id):
            return outcome
        try:
            return replace(outcome, talk=await self.tools.conversation.saw(self.chat_id))
        except StorageUnavailableError:
            return outcome

    async def _written(
        self,
        cleared: dict[str, str],
        *,
        release: bool,
        placement: tuple[str, dict[str, str], set[str]] | None = None,
    ) -> Finished:
        """`_done` after a call: tried again until the store answers (the chat is this
        process's meanwhile: its own look leaves it alone, another's waits a while)."""
        while True:
            try:
                return await self._done(cleared, release=release, placement=placement)
            except StorageUnavailableError:
                await self.tools.sleep(self.tools.store.lease / 12)

    async def _done(
        self,
        cleared: dict[str, str],
        *,
        release: bool,
        until: float = 0.0,
        placement: tuple[str, dict[str, str], set[str]] | None = None,
    ) -> Finished:
        """Clear what is shown, write the pace and what the chat shows, hold the chat a
        lease past `until` (now), or give it up (`release`, when nothing is left)."""
        store = self.tools.store
        until = max(until, self._now()) + store.lease
        finished = await store.done(
            self.chat_id, self.pace.tat, cleared, release=release, until=until, placement=placement
        )
        if not finished.lost:
            self.until = until
        return finished

    def _now(self) -> float:
        return self.tools.store.clock()

    async def _booked(self) -> bool:
        """Book this process's next turn (in the order its senders ask, so that none is
        passed over for ever) and wait for it; True when it waited."""
        at = self.tools.share.take(self._now())
        if at <= self._now():
            return False
        await self._wait(at)
        return True

    async def _turn(self) -> None:
        """Wait for the chat's turn, make sure the chat is still this process's
        (`LostError` when another took it), wait until the process's calls leave room
        for one more, and take both."""
        tools = self.tools
        while (at := self.pace.free_at(self._now())) > self._now():
            await self._wait(at)
        lapsing = self._now() > self.until - tools.store.lease / 3
        if lapsing and (await self._done({}, release=False)).lost:
            raise LostError(self.chat_id)
        # Turns reached late together (a busy process) go apart again; nothing is
        # awaited between the room found and the call's turn taken.
        while (at := tools.going.free_at(self._now())) > self._now():
            await self._wait(at)
        self.pace.take(self._now())
        tools.going.take(self._now())

    async def _next_turn(self) -> None:
        """A second call for one step (a new message after a failed edit): its turns."""
        await self._booked()
        await self._turn()

    async def _wait(self, at: float) -> None:
        """Sleep until `at`, holding the chat meanwhile: renewed a lease at a time, so
        that a process that dies while it waits lets its chats go a lease after."""
        store = self.tools.store
        while (left := at - self._now()) > 0:
            if self._now() > self.until - store.lease / 2:
                finished = await self._done({}, release=False)
                if finished.lost:
                    raise LostError(self.chat_id)
                if finished.entries is not None:
                    self.entries = finished.entries
            await self.tools.sleep(min(left, store.lease / 3))


def _looked_at(call: asyncio.Future[Outcome]) -> None:
    """A call given up on: whatever it ended with is looked at (asyncio would say it
    was never retrieved)."""
    if not call.cancelled():
        call.exception()
