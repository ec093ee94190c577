"""The outbox of every chat, and its one sender (the `Notifier` of the use cases).

A change marks the chats that must show it: its own chat in the save that makes it
(`bot.store.games`), a group game's players' private chats right after. A chat's entries
are keyed so that a newer one replaces an older one (`bot.telegram.outbox.jobs`). One
process at a time sends to a chat: the one that holds the chat's sender in Redis. It
takes the most urgent entry (replies first), waits for the chat's turn and for its own
share of the bot's (`bot.telegram.outbox.pace`), renders what the game is at that moment
(`bot.telegram.show`), makes one call, and writes what the chat shows now, clearing the
entry once the chat shows it, in one round trip. So changes that come while a chat
waits fold into one call, and a state that a newer one replaced is never sent. A sender
that dies is replaced: another process takes its chats once its hold lapses (`look`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.game.notify import PLAIN, Blocked, Facts, GroupLost, Migrated, Show
from bot.game.ports import StorageUnavailableError
from bot.game.state import Game
from bot.telegram.outbox.calls import Calls, LaterError, MovedError, RefusedError, UnreachableError
from bot.telegram.outbox.jobs import ADOPT, ANEW, GAME, MOVED, Job, Jobs, first
from bot.telegram.outbox.pace import Limits, Pace
from bot.telegram.ports import Conversation, Finished, OutboxClaim, Outboxes
from bot.telegram.show.placement import people_shown
from bot.telegram.show.steps import Delete, Outcome, Put, Step

log = logging.getLogger(__name__)


class DeliveryFailedError(Exception):
    """Telegram did not take a reply (it may have gone out all the same)."""


@dataclass(slots=True)
class Chat:
    """A chat this process sends to: its pace, its entries as last known, each game's
    messages' fields as this chat knows them, and a claim that came while the sender was
    giving the chat up (the sender goes on with it)."""

    pace: Pace
    entries: dict[str, str]
    fields: dict[str, dict[str, str]] = field(default_factory=dict)
    again: OutboxClaim | None = None


class Outbox:
    """Every chat's outbox, sent by this process while it holds the chat."""

    def __init__(
        self,
        store: Outboxes,
        jobs: Jobs,
        calls: Calls,
        conversation: Conversation,
        facts: Facts,
        limits: Limits,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._store = store
        self._jobs = jobs
        self._calls = calls
        self._conversation = conversation
        self._facts = facts
        self._limits = limits
        self._sleep = sleep
        self._chats: dict[int, Chat] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._waiting: dict[tuple[int, str], asyncio.Future[Outcome]] = {}
        self._share = Pace(limits.share(1))

    async def changed(self, game: Game, show: Show = PLAIN) -> None:
        """Every chat of `game` is to show it (see `Notifier.changed`)."""
        self._jobs.seen(game)
        entry = {f"{GAME}{game.game_id}": str(game.version)}
        own = dict(entry)
        if show.adopt is not None:
            own[f"{ADOPT}{game.game_id}"] = str(show.adopt)
        if show.moved:
            own[f"{MOVED}{game.game_id}"] = "1"
        claim = self._store.claimed(game.game_id, game.version)
        shown = claim.shown if claim is not None else None
        others: dict[int, dict[str, str]] = {}
        if game.in_group:
            if shown is None:
                shown = await self._jobs.fields(game.game_id)
            people = {h.chat_id for _, h in game.humans()} | set(people_shown(shown))
            others = {chat: dict(entry) for chat in people}
        if show.anew is not None:
            where = others.setdefault(show.anew, dict(entry)) if game.in_group else own
            where[f"{ANEW}{game.game_id}"] = "1"
        if claim is None or own != entry:
            claim = await self._store.mark(game.chat_id, own)
        self._claimed(game.chat_id, claim, game.game_id, shown)
        for chat_id, sets in others.items():
            self._claimed(chat_id, await self._store.mark(chat_id, sets), game.game_id, shown)

    async def deliver(self, chat_id: int, name: str, value: str, *, wait: bool = True) -> Outcome:
        """Put a reply in the chat's outbox; with `wait`, until it is sent (how it went;
        at once when another process sends to the chat)."""
        claim = await self._store.mark(chat_id, {name: value})
        if claim.held or not wait:
            self._claimed(chat_id, claim)
            return Outcome()
        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self._waiting[(chat_id, name)] = future
        self._claimed(chat_id, claim)
        return await future

    async def look(self) -> int:
        """Say this process lives, and take the chats whose sender is gone; returns how
        many it took."""
        self._share.limit = self._limits.share(await self._store.beat())
        taken = 0
        for chat in await self._store.waiting():
            if chat not in self._tasks:
                claim = await self._store.take(chat)
                if claim is not None and not claim.held:
                    self._claimed(chat, claim)
                    taken += 1
        return taken

    async def watch(self) -> None:
        """Every third of a lease, until cancelled: `look`."""
        while True:
            try:
                await self.look()
            except StorageUnavailableError:
                pass  # looked at again once the store is back
            except Exception:
                log.exception("outbox: a look failed")
            await asyncio.sleep(self._store.lease / 3)

    async def settle(self) -> None:
        """Wait until this process's senders have nothing left (a graceful stop; tests)."""
        while self._tasks:
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def _claimed(
        self,
        chat_id: int,
        claim: OutboxClaim,
        game_id: str | None = None,
        shown: dict[str, str] | None = None,
    ) -> None:
        """Send to the chat when the claim is this process's; a sender already running
        takes the entries (and goes on with the claim if it was giving the chat up).
        `shown`: the fields of the game `game_id`'s messages, read with its save."""
        if claim.held:
            return
        chat = self._chats.get(chat_id)
        if chat is None:
            pace = Pace(self._limits.of(chat_id), claim.tat)
            chat = self._chats[chat_id] = Chat(pace, dict(claim.entries))
            self._tasks[chat_id] = asyncio.create_task(self._run(chat_id, chat))
        else:
            if claim.taken:
                chat.again = claim
            chat.entries.update(claim.entries)
        if game_id is not None and shown is not None:
            chat.fields.setdefault(game_id, dict(shown))

    async def _run(self, chat_id: int, chat: Chat) -> None:
        """Send until the chat is given up (again when it was taken meanwhile)."""
        try:
            while await self._send(chat_id, chat) and chat.again is not None:
                claim, chat.again = chat.again, None
                chat.pace.tat, chat.entries = claim.tat, dict(claim.entries)
        except StorageUnavailableError:
            log.warning("chat %s: the store is out of reach; sent once it is back", chat_id)
        except Exception:
            log.exception("chat %s: its sender failed; another look sends", chat_id)
        finally:
            del self._tasks[chat_id], self._chats[chat_id]
            for key in [k for k in self._waiting if k[0] == chat_id]:
                # Kept in the store: it goes when another look takes the chat.
                self._waiting.pop(key).set_result(Outcome())

    async def _send(self, chat_id: int, chat: Chat) -> bool:
        """Empty the chat's outbox; True when it was given up, False when lost."""
        while True:
            cleared: dict[str, str] = {}
            job = await self._next(chat_id, chat, cleared)
            if job is not None and job.step is not None:
                now = self._store.clock()
                at = max(chat.pace.free_at(now), self._share.free_at(now))
                if at > now:
                    await self._wait(chat_id, chat, at)
                    job = await self._jobs.job(chat_id, chat.fields, job.name, job.value)
                    if job is None:
                        continue  # shown meanwhile (a newer state folded into none)
            if job is None:
                finished = await self._done(chat_id, chat, cleared, release=True)
            else:
                finished = await self._do(chat_id, chat, job, cleared)
            if finished.lost:
                return False
            if finished.entries is None:
                return True
            chat.entries = finished.entries

    async def _next(self, chat_id: int, chat: Chat, cleared: dict[str, str]) -> Job | None:
        """The first entry with something to do; those before it that need nothing go
        into `cleared`."""
        for name in first(chat.entries):
            value = chat.entries[name]
            job = await self._jobs.job(chat_id, chat.fields, name, value)
            if job is not None:
                return job
            cleared[name] = value
        return None

    async def _do(self, chat_id: int, chat: Chat, job: Job, cleared: dict[str, str]) -> Finished:
        """Make the job's call, write what it changed and clear what is shown."""
        outcome = Outcome()
        if job.step is not None:
            now = self._store.clock()
            chat.pace.take(now)
            self._share.take(now)
            try:
                outcome = await self._call(chat_id, job.step)
            except LaterError as later:
                chat.pace.hold(now + later.after)
                if not later.delivered_maybe:
                    return await self._done(chat_id, chat, cleared, release=False)
                self._resolve(chat_id, job.name, DeliveryFailedError(chat_id))
                cleared[job.name] = job.value  # may have gone out: never sent twice
            except MovedError as moved:
                if job.game_id is not None:
                    self._facts.report(job.game_id, Migrated(moved.chat_id))
                cleared[job.name] = job.value
                return await self._done(chat_id, chat, cleared, release=True)
        changes = job.record(outcome)
        if outcome.unreachable and job.game_id is not None:
            self._facts.report(job.game_id, Blocked(chat_id) if chat_id > 0 else GroupLost())
        placement = None
        if job.game_id is not None:
            known = chat.fields.setdefault(job.game_id, {})
            for name, value in changes.items():
                if value is None:
                    known.pop(name, None)
                else:
                    known[name] = value
            dropped = {name for name, value in changes.items() if value is None}
            kept = {name: value for name, value in changes.items() if value is not None}
            placement = (job.game_id, kept, dropped) if changes else None
        after = None if job.once else await self._jobs.job(chat_id, chat.fields, job.name, job.value)
        if after is None or outcome.refused or outcome.unreachable:
            cleared[job.name] = job.value
        self._resolve(chat_id, job.name, outcome)
        return await self._done(chat_id, chat, cleared, release=True, placement=placement)

    def _resolve(self, chat_id: int, name: str, outcome: Outcome | Exception) -> None:
        future = self._waiting.pop((chat_id, name), None)
        if future is None or future.done():
            return
        if isinstance(outcome, Exception):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)

    async def _done(
        self,
        chat_id: int,
        chat: Chat,
        cleared: dict[str, str],
        *,
        release: bool,
        until: float | None = None,
        placement: tuple[str, dict[str, str], set[str]] | None = None,
    ) -> Finished:
        lease = self._store.lease
        until = max(until or 0.0, self._store.clock()) + lease
        return await self._store.done(
            chat_id, chat.pace.tat, cleared, release=release, until=until, placement=placement
        )

    async def _call(self, chat_id: int, step: Step) -> Outcome:
        """One call to Telegram, as the step says; how it went."""
        try:
            if isinstance(step, Delete):
                if step.message_ids:
                    await self._calls.delete(chat_id, step.message_ids)
                return Outcome()
            if not isinstance(step, Put):
                await self._calls.drop_buttons(chat_id, step.message_id)
                return Outcome()
            if step.only_edit and step.message_id is not None:
                if not await self._calls.edit(chat_id, step.message_id, step.content):
                    log.info(
                        "menu %s of chat %s is gone: not shown again", step.message_id, chat_id
                    )
                return Outcome(step.message_id)
            shown = await self._calls.put(chat_id, step.message_id, step.content, step.photo)
        except UnreachableError:
            log.info("chat %s is out of reach", chat_id)
            return Outcome(unreachable=True)
        except RefusedError as error:
            log.error("a message to chat %s was refused: %s", chat_id, error)
            drawn = isinstance(step, Put) and step.content.picture is not None
            return Outcome(refused=True, pictures_refused=drawn)
        talk = 0
        if chat_id < 0 and shown.message_id != step.message_id:
            try:
                talk = await self._conversation.saw(chat_id)
            except StorageUnavailableError:
                talk = 0
        return Outcome(shown.message_id, shown.photo, shown.replaced, talk=talk)

    async def _wait(self, chat_id: int, chat: Chat, at: float) -> None:
        """Sleep until `at`, holding the chat meanwhile (a long wait renews the hold)."""
        if at - self._store.clock() > self._store.lease / 2:
            finished = await self._done(chat_id, chat, {}, release=False, until=at)
            if finished.entries is not None:
                chat.entries = finished.entries
        await self._sleep(max(0.0, at - self._store.clock()))
