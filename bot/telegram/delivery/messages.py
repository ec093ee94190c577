"""A game's messages brought up to date: what they should show (`plan`) compared with
what they show (`placement`), and the difference sent, each call in a slot of its
chat's pace taken ahead of time. A call whose slot is not free yet is not made: the
pass says when the slot frees, and the worker comes back then with whatever is the
latest content, so several changes make one edit.

A direct game costs one edit per press. In a group, a person's hand or buttons go out
at once (the mover's and the next player's); the table, the announcements and the
other hands' views of the table go at the group's pace (`bot.telegram.delivery.group`).

One process at a time delivers a game: it holds the game's lease meanwhile, taken by
the save that made the version shown (`Game.lease`) or here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from contextlib import suppress
from datetime import timedelta

from bot.game.notify import PLAIN, Blocked, DisplayBusyError, Show, Shown
from bot.game.ports import StorageUnavailableError
from bot.game.state import Game, Playing
from bot.telegram.delivery.calls import Calls
from bot.telegram.delivery.group import GroupPolicy
from bot.telegram.delivery.outcomes import RefusedError, UnreachableError, WaitError
from bot.telegram.delivery.placement import Pass, Sent, placement_of
from bot.telegram.delivery.plan import Plan, Private, chats_of, plan_for
from bot.telegram.delivery.timing import Timing
from bot.telegram.ports import Look, Looks, MessageRecords
from bot.tokens import new_token
from texts import Texts

log = logging.getLogger(__name__)

RETIRE_BATCH = 4  # old hand messages of a person deleted together, in one call


class Delivery:
    """Every game's messages (the `Display` of `bot.game.notify`)."""

    def __init__(
        self,
        records: MessageRecords,
        calls: Calls,
        group: GroupPolicy,
        texts: Texts,
        link: Callable[[], Awaitable[str]],
        timing: Timing,
        looks: Looks,
        look: Look = Look.PICTURE,
    ) -> None:
        self._records = records
        self._calls = calls
        self._group = group
        self._texts = texts
        self._link = link
        self.timing = timing
        self._looks = looks
        self._look = look

    async def show(
        self, game: Game, show: Show = PLAIN, *, token: str | None = None, patience: float = 0.0
    ) -> Shown:
        """One pass on `game` under its lease (see `Display.show`); `DisplayBusyError`
        when another process holds it."""
        skipped = None if token or patience else await self._skipped(game, show)
        if skipped is not None:
            return skipped
        token, fields = await self._open(game, token)
        lease = timedelta(seconds=self.timing.lease)
        work = Pass(game, placement_of(fields), patience=patience)
        renewing = asyncio.create_task(self._keep(game.game_id, token, lease))
        try:
            at = await self._run(work, show)
        except WaitError as wait:
            at = wait.at
        finally:
            renewing.cancel()
            changes = work.changes
            await self._records.close(game.game_id, token, changes.fields, changes.dropped)
        placement = work.placement
        told = placement.posted_at if placement.posted else None
        return Shown(at, tuple(work.facts), told)

    async def _skipped(self, game: Game, show: Show) -> Shown | None:
        """The first pass after a direct game's save, not made when it could send
        nothing: the private chats' share of the bot's pace is known to be busy (a crowd
        presses flat out), and the pass would only be planned, drawn and refused. Its
        person's slot is booked and kept for the pass made then, and the lease the save
        took given back: that pass takes its own."""
        if game.in_group or show != PLAIN or game.lease is None:
            return None
        if self._calls.bot_busy_until() is None:
            return None
        at = await self._calls.slot(game.chat_id, self.timing.ahead)
        if at is None:
            return None  # freed meanwhile (a slot given back): the pass goes now
        lease = game.lease.take()
        if lease is not None:
            await self._records.close(game.game_id, lease.token, {}, set())
        return Shown(at, kept=True)

    async def _open(self, game: Game, token: str | None) -> tuple[str, Mapping[str, str]]:
        """The lease the save took, or the lease taken now."""
        lease = game.lease.take() if game.lease is not None else None
        if lease is not None:
            if lease.shown is not None:
                return lease.token, lease.shown
            token = lease.token
        token = token or new_token()
        fields = await self._records.open(game.game_id, token, timedelta(seconds=self.timing.lease))
        if fields is None:
            raise DisplayBusyError(game.game_id)
        return token, fields

    async def _keep(self, game_id: str, token: str, lease: timedelta) -> None:
        """Renew the lease while a pass runs (a slow Telegram must not let a second
        process in), so that it can be short: a killed process's frees soon."""
        with suppress(StorageUnavailableError):
            while True:
                await asyncio.sleep(lease.total_seconds() / 3)
                if not await self._records.renew(game_id, token, lease):
                    return

    async def _run(self, work: Pass, show: Show) -> float | None:
        game, placement = work.game, work.placement
        if placement.shown > game.version:
            return None  # a later version was shown already: this one is out of date
        work.changes.shown(game.version)
        if show.adopt is not None and show.anew is None:
            user_id = game.humans()[0][1].user_id
            work.private(user_id, Sent(game.chat_id, show.adopt))
        if show.anew is not None:
            await self._drop_buttons(work.forget_private(show.anew))
        if show.moved:
            await self._group.move_table(work)
        looks = {chat: await self._look_of(chat) for chat in chats_of(game, placement)}
        plan = plan_for(game, placement, self._texts, await self._link(), looks)
        return await self._send(work, plan)

    async def _drop_buttons(self, old: Sent | None) -> None:
        """Best effort, in a slot of its chat's pace: the copy of a message sent anew
        loses its buttons (one that keeps them still acts on the same game)."""
        if old is None or old.message_id is None:
            return
        if await self._calls.slot(old.chat_id) is None:
            await self._calls.drop_buttons(old.chat_id, old.message_id)

    async def _look_of(self, chat_id: int) -> Look:
        """How the chat chose to see its games (mostly from this process's cache); the
        default when it chose nothing or Redis cannot say."""
        try:
            chosen = await self._looks.get(chat_id)
        except StorageUnavailableError:
            return self._look
        try:
            return Look(chosen) if chosen is not None else self._look
        except ValueError:  # a value of an older or newer version
            return self._look

    async def _send(self, work: Pass, plan: Plan) -> float | None:
        game, placement = work.game, work.placement
        wakes: list[float] = []
        waiting: list[Private] = []
        for private in plan.privates:
            sent = placement.private.get(private.user_id)
            if sent is not None and sent.retired:
                wakes += await self._retire(work, private.user_id, sent, now=sent.prompt)
                sent = placement.private[private.user_id]
            if sent is None or sent.essential != private.content.essential:
                wakes += await self._private(work, private, sent)  # at once
            elif sent.full != private.content.full and not game.in_group:
                waiting.append(private)
            # In a group, a hand whose only change is the line others made waits for its
            # owner's turn: the group's table shows the line, and an edit per move to
            # every player would cost more calls than the move itself.
        if plan.table is None:
            return min(wakes, default=None)
        try:
            later = await self._group.send(work, plan)
        except WaitError as wait:
            return min([*wakes, wait.at]) if wait.at is not None else min(wakes, default=None)
        if later is not None:
            wakes.append(later)
        for private in waiting:
            wakes += await self._private(work, private, placement.private[private.user_id])
        return min(wakes, default=None)

    async def _private(self, work: Pass, private: Private, sent: Sent | None) -> list[float]:
        """Show one person's message; [] when done, [at] when its slot frees at `at`
        (with the pass's patience, a slot that frees sooner is booked and waited for)."""
        await self._calls.draw(private.content, sent.photo if sent is not None else "")
        if work.patience:
            at = await self._calls.book(private.chat_id, work.patience)
        else:
            at = await self._calls.slot(private.chat_id, self.timing.ahead)
        if at is not None:
            return [at]
        content = private.content
        old = sent.message_id if sent is not None else None
        # The person's turn came: a new message notifies them (an edit would not), and
        # the old one is deleted, so their chat keeps one hand message per game. A turn
        # that comes back soon after their own last move finds them at the chat: their
        # message is edited in place, without a ping.
        moved_at = private.moved_at
        at_the_chat = (
            moved_at is not None and self._calls.clock() - moved_at < self.timing.at_the_chat
        )
        anew = (
            private.turn
            and old is not None
            and sent is not None
            and not sent.turn
            and not at_the_chat
        )
        retired = sent.retired if sent is not None else ()
        photo = sent.photo if sent is not None else ""
        shown: int | None
        replaced = False
        try:
            if anew:
                shown = await self._calls.send(private.chat_id, content)
                photo = content.photo
                retired = (*retired, old) if old is not None else retired
            else:
                put = await self._calls.put(private.chat_id, old, content, photo)
                shown, photo = put.message_id, put.photo
                if put.replaced is not None:  # a text message for a picture, or the reverse
                    retired, replaced = (*retired, put.replaced), True
        except UnreachableError:
            shown = None  # they blocked the bot
            log.info("user %s blocked the bot (game %s)", private.user_id, work.game.game_id)
            work.facts.append(Blocked(private.user_id))
        except RefusedError as error:
            # Content Telegram refuses would be refused again: log it, wait for new content.
            log.error("message of game %s refused: %s", work.game.game_id, error)
            if old is None:
                return []
            shown = old
        record = Sent(
            private.chat_id,
            shown,
            content.essential,
            content.full,
            private.language,
            turn=private.turn,
            retired=retired,
            prompt=replaced or (sent is not None and sent.prompt),
            photo=photo,
        )
        work.private(private.user_id, record)
        # The message it replaced still has its buttons: it goes at once, not in a batch.
        return await self._retire(work, private.user_id, record, now=True) if replaced else []

    async def _retire(
        self, work: Pass, user_id: int, sent: Sent, *, now: bool = False
    ) -> list[float]:
        """Delete the person's older messages that newer ones replaced, a few at once
        (one call), or all of them when the hand is over or `now`."""
        batch = len(sent.retired) < RETIRE_BATCH and isinstance(work.game.state, Playing)
        if batch and not now:
            return []
        kept = await self._group.clear_retired(sent)
        if isinstance(kept, float):
            return [kept]
        work.private(user_id, kept)
        return []
