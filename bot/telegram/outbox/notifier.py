"""Every chat's outbox, as this process writes to it: the `Notifier` the use cases tell,
and the way in for replies (`bot.telegram.outbox.replies`).

A change marks the chats that must show it: its own chat in the save that makes it
(`bot.store.games`), a group game's players' private chats right after. A chat's entries
are keyed so that a newer one replaces an older one (`bot.telegram.outbox.jobs`). One
process at a time sends to a chat, the one that holds it in Redis, with one `Sender`
(`bot.telegram.outbox.sender`). A sender that dies is replaced: another process takes
its chats once its hold lapses (`look`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping

from bot.game.notify import PLAIN, Facts, Show
from bot.game.ports import StorageUnavailableError
from bot.game.state import Game
from bot.telegram.outbox.calls import Calls
from bot.telegram.outbox.jobs import ADOPT, ANEW, GAME, MOVED, Jobs
from bot.telegram.outbox.pace import Limits, Pace
from bot.telegram.outbox.sender import Sender, Tools
from bot.telegram.ports import Conversation, OutboxClaim, Outboxes
from bot.telegram.show.placement import people_shown
from bot.telegram.show.steps import Outcome

log = logging.getLogger(__name__)


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
        self._limits = limits
        self._share = Pace(limits.share(1))
        self._going = Pace(limits.share(1))
        self._tools = Tools(
            store, jobs, calls, conversation, facts, self._share, self._going, sleep, self._resolve
        )
        self._senders: dict[int, Sender] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._waiting: dict[tuple[int, str], asyncio.Future[Outcome]] = {}

    @property
    def lease(self) -> float:
        """Seconds this process holds a chat between two signs of life: a dead one's
        chats are taken over this long after its last."""
        return self._store.lease

    @property
    def senders(self) -> int:
        """How many chats this process is sending to."""
        return len(self._tasks)

    @property
    def awaited(self) -> int:
        """How many replies someone waits to see sent."""
        return len(self._waiting)

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
        if game.kind.hands_apart:
            # Everyone with a message for the game (someone who left gets a last word):
            # as the save read it, as the group's sender here knows it, or asked.
            known = self._senders.get(game.chat_id)
            fields = shown or (known.fields.get(game.game_id) if known is not None else None)
            if fields is None:
                fields = await self._jobs.fields(game.game_id)
            seated = {h.chat_id for _, h in game.humans() if not h.in_group}
            people = seated | set(people_shown(fields))
            others = {chat: dict(entry) for chat in people}
        if show.anew is not None:
            where = others.setdefault(show.anew, dict(entry)) if game.kind.hands_apart else own
            where[f"{ANEW}{game.game_id}"] = "1"
        if claim is None or own != entry:
            claim = await self._store.mark(game.chat_id, own)
        self._claimed(game.chat_id, claim, own, game.game_id, shown)
        for chat_id, sets in others.items():
            claim = await self._store.mark(chat_id, sets)
            self._claimed(chat_id, claim, sets, game.game_id, shown)

    async def deliver(
        self, chat_id: int, name: str, value: str, *, wait: bool = True, or_else: bool = False
    ) -> Outcome:
        """Put a reply in the chat's outbox; with `wait`, until it is sent (how it went;
        at once when another process sends to the chat). `or_else`: the caller sends it
        itself when the store does not answer (see `Outboxes.mark`)."""
        claim = await self._store.mark(chat_id, {name: value}, or_else=or_else)
        if claim.held or not wait:
            self._claimed(chat_id, claim, {name: value})
            return Outcome()
        # Two waiting for one entry (a second press on Join) share its outcome.
        future = self._waiting.get((chat_id, name))
        if future is None or future.done():
            future = self._waiting[(chat_id, name)] = asyncio.get_running_loop().create_future()
        self._claimed(chat_id, claim, {name: value})
        return await asyncio.shield(future)

    async def look(self) -> int:
        """Say this process lives, and take the chats whose sender is gone; returns how
        many it took."""
        self._share.limit = self._going.limit = self._limits.share(await self._store.beat())
        taken = 0
        for chat in await self._store.waiting():
            if chat not in self._tasks:
                claim = await self._store.take(chat)
                if claim is not None and not claim.held:
                    self._claimed(chat, claim, {})
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

    async def close(self) -> None:
        """Stop this process's senders, and wait until they have: what they had left
        stays in the chats' outboxes, for another process (a stop that cannot wait)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _claimed(
        self,
        chat_id: int,
        claim: OutboxClaim,
        marked: Mapping[str, str],
        game_id: str | None = None,
        shown: dict[str, str] | None = None,
    ) -> None:
        """Send to the chat when the claim is this process's. A sender already running
        takes the entries just `marked` (the claim's others may be older than what it
        knows), and goes on from the store if it was giving the chat up. `shown`: the
        fields of the game `game_id`'s messages, read with its save."""
        if claim.held:
            return
        sender = self._senders.get(chat_id)
        if sender is None:
            pace = Pace(self._limits.of(chat_id), claim.tat)
            until = self._store.clock() + self._store.lease
            sender = Sender(chat_id, pace, dict(claim.entries), self._tools, until)
            self._senders[chat_id] = sender
            self._tasks[chat_id] = asyncio.create_task(self._run(sender))
        else:
            sender.again = sender.again or claim.taken
            sender.entries.update(marked)
        if game_id is not None and shown is not None:
            sender.fields.setdefault(game_id, dict(shown))

    async def _run(self, sender: Sender) -> None:
        chat_id = sender.chat_id
        try:
            await sender.run()
        except StorageUnavailableError:
            log.warning("chat %s: the store is out of reach; sent once it is back", chat_id)
        except Exception:
            log.exception("chat %s: its sender failed; another look sends", chat_id)
        finally:
            del self._tasks[chat_id], self._senders[chat_id]
            for key in [k for k in self._waiting if k[0] == chat_id]:
                # Kept in the store: it goes when another look takes the chat.
                self._resolve(chat_id, key[1], Outcome())

    def _resolve(self, chat_id: int, name: str, outcome: Outcome | Exception) -> None:
        """A reply someone waits for went (or failed)."""
        future = self._waiting.pop((chat_id, name), None)
        if future is None or future.done():
            return
        if isinstance(outcome, Exception):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)
