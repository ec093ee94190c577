"""The one way out to Telegram for every game, direct or group: what a game's messages
should show is derived from the stored game (`bot.telegram.plan`), compared with
what they show (`bot.store.messages`), and the difference is sent, each call in a
slot of its chat's pace (`bot.store.pace`) taken ahead of time. A call whose slot is
not free yet is not made: the game is marked due for the time the slot frees, and
the worker (`bot.telegram.worker`) comes back then with whatever is the latest
content, so several changes make one edit.

A direct game costs the callback's answer plus one edit per press. In a group, a
person's hand or buttons go out at once (the mover's and the next player's); the
table, the announcements and the other hands' views of the table go at the group's
pace. A 429 that still comes holds the chat for the time Telegram asks.

One process at a time delivers a game: the messages' lease (see `MessageStore.open`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol, TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import InlineKeyboardMarkup

from bot.game import timer
from bot.game.errors import RefusalError
from bot.game.groups import GroupGames
from bot.game.people import Person
from bot.game.ports import UnreachableError
from bot.game.state import Finished, Game, Lobby, Playing
from bot.store.chats import ChatMarks
from bot.store.errors import StorageUnavailableError
from bot.store.messages import Changes, MessageStore, Placement, Sent
from bot.store.pace import Pace
from bot.store.schedule import Schedule
from bot.telegram.content import Content
from bot.telegram.hands import joining_content, lobby_seat_content
from bot.telegram.plan import Plan, Private, plan_for
from bot.telegram.render import RecordNames
from bot.telegram.retry import paced
from bot.telegram.sending import drop_buttons, edit, put
from texts import Texts, Translate

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_WAIT = 10.0  # seconds a reply outside a game may wait for its chat's slot
RETIRE_BATCH = 4  # old hand messages of a person deleted together, in one call
MIN_WAIT = 0.01  # seconds between two looks at a slot another caller may have taken
# A group's finished match whose epilogue is not known yet (the match is being recorded)
# is looked at again this often; past this long after its last change there is no
# epilogue: it would no longer follow the match's result.
EPILOGUE_RETRY = 1.0
EPILOGUE_WAIT = timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class Timing:
    """Seconds: how long a delivery holds a game, and the pause after a network error
    or a 5xx before trying again."""

    lease: float = 6.0  # renewed while a pass runs: a dead process's lasts at most this
    backoff: float = 3.0
    # A turn that comes again this soon after the last notified one is sent silently:
    # someone playing quickly is not buzzed at every move.
    quick_turns: float = 20.0
    # Messages under a group's table after which its next change is sent at the bottom.
    buried: int = 5


class Epilogue(Protocol):
    """What a group is told after its match's result, once (the records' line)."""

    async def __call__(self, game: Game, t: Translate, /) -> tuple[Content, ...] | None:
        """The messages for the finished match `game`, in the group's language; None
        while they are not known yet (the match is not recorded yet)."""
        ...


class BusyError(Exception):
    """Another process is delivering this game right now."""


class _StopError(Exception):
    """This pass ends here; `at` is when to come back (None: nothing is waiting).
    `delivered_maybe`: the call that failed may have reached the chat all the same (a
    network error or a 5xx, not a 429)."""

    def __init__(self, at: float | None, *, delivered_maybe: bool = False) -> None:
        super().__init__(at)
        self.at = at
        self.delivered_maybe = delivered_maybe


class Outbox:
    """Every Telegram call of every game (see the module's doc)."""

    def __init__(
        self,
        bot: Bot,
        messages: MessageStore,
        chats: ChatMarks,
        schedule: Schedule,
        pace: Pace,
        texts: Texts,
        groups: GroupGames,
        now: Callable[[], datetime],
        *,
        timing: Timing | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        epilogue: Epilogue | None = None,
    ) -> None:
        self._bot = bot
        self._messages = messages
        self._chats = chats
        self._schedule = schedule
        self._pace = pace
        self._texts = texts
        self._groups = groups
        self._now = now
        self.timing = timing or Timing()
        self._sleep = sleep
        self._epilogue = epilogue
        self.on_wait: Callable[[], None] = lambda: None  # a call waits: the worker wakes
        self._link: str | None = None

    def clock(self) -> float:
        return self._now().timestamp()

    # -- a game's messages -------------------------------------------------------------------

    async def deliver(
        self,
        game: Game,
        *,
        adopt: Sent | None = None,
        anew: int | None = None,
        moved: bool = False,
    ) -> None:
        """After a change: bring `game`'s messages up to date as far as the pace allows
        now; the rest is left to the worker. `adopt`: a person's message (the /play menu)
        becomes their game message. `anew`: this person's game message is sent again at
        the bottom of their chat (the old one loses its buttons). `moved`: the group's
        table is sent anew (/board; or the group became a supergroup)."""
        try:
            at = await self.run(game, adopt=adopt, anew=anew, moved=moved)
        except BusyError:
            at = self.clock()  # the holder may have an older version: look again at once
        except Exception:
            # The change is saved: its answer must not say otherwise. The worker tries
            # again shortly.
            log.exception("outbox: game %s not shown; trying again shortly", game.game_id)
            at = self.clock() + self.timing.backoff
        if game.in_group:
            if at is not None and (moved or anew is not None):
                # Sent anew without a save, which would have made it due: the worker must
                # still come back for what had to wait.
                with suppress(Exception):
                    await self._schedule.mark_due(game.game_id)
            self.on_wait()  # its save made it due: the worker sees to its bots and the rest
        elif at is not None:
            with suppress(Exception):
                await self._schedule.mark_due(game.game_id, at)
            self.on_wait()

    async def run(
        self,
        game: Game,
        *,
        adopt: Sent | None = None,
        anew: int | None = None,
        moved: bool = False,
    ) -> float | None:
        """One delivery pass under the game's lease; returns when to come back for what
        had to wait (None: everything is shown). `BusyError` when another process delivers."""
        token = secrets.token_hex(8)
        lease = timedelta(seconds=self.timing.lease)
        placement = await self._messages.open(game.game_id, token, lease)
        if placement is None:
            raise BusyError(game.game_id)
        changes = Changes()
        renewing = asyncio.create_task(self._keep(game.game_id, token, lease))
        try:
            if placement.shown > game.version:
                return None  # a later version was shown already: this one is out of date
            changes.shown(game.version)
            if adopt is not None and anew is None:
                user_id = game.humans()[0][1].user_id
                placement.private[user_id] = adopt
                changes.private(user_id, adopt)
            if anew is not None:
                await self._forget(placement, anew, changes)
            if moved:
                await self._forget_table(game, placement, changes)
            plan = plan_for(game, placement, self._texts, await self.bot_link())
            ending = await self._ending(game)
            if ending:
                plan = replace(plan, posts=plan.posts + ending)
            at = await self._send(game, plan, placement, changes)
            if ending is None and at is None:
                at = self.clock() + EPILOGUE_RETRY  # the rest is shown; the epilogue waits
            return at
        except _StopError as stop:
            return stop.at
        finally:
            renewing.cancel()
            await self._messages.close(game.game_id, token, changes)

    async def _ending(self, game: Game) -> tuple[Content, ...] | None:
        """The epilogue of a group's finished match, told after its announcements; None
        while it is not known and still worth waiting for."""
        group = game.record.group
        if self._epilogue is None or group is None or not isinstance(game.state, Finished):
            return ()
        if self._now() - game.record.updated_at >= EPILOGUE_WAIT:
            return ()  # too late to follow the result
        return await self._epilogue(game, self._texts.translator(group.language))

    async def _keep(self, game_id: str, token: str, lease: timedelta) -> None:
        """Renew the lease while a pass runs (a slow Telegram must not let a second
        process in), so that it can be short: a killed process's frees soon."""
        with suppress(StorageUnavailableError):
            while True:
                await asyncio.sleep(lease.total_seconds() / 3)
                if not await self._messages.renew(game_id, token, lease):
                    return

    async def _forget_table(self, game: Game, placement: Placement, changes: Changes) -> None:
        """The group's table is sent anew. In the same chat (/board) the old one keeps no
        buttons, if the group's pace allows; a group that became a supergroup leaves its
        old chat's table as it is."""
        old = placement.table
        placement.table = None
        changes.table(None)
        if old is None or old.message_id is None or old.chat_id != game.chat_id:
            return
        if await self._group_slot(game) is None:
            await self._call(old.chat_id, drop_buttons(self._bot, old.chat_id, old.message_id))

    async def _forget(self, placement: Placement, user_id: int, changes: Changes) -> None:
        """The person's game message is sent anew; the old one keeps no buttons."""
        sent = placement.private.pop(user_id, None)
        changes.private(user_id, None)
        if sent is not None and sent.message_id is not None:
            await self._call(sent.chat_id, drop_buttons(self._bot, sent.chat_id, sent.message_id))

    async def _send(
        self, game: Game, plan: Plan, placement: Placement, changes: Changes
    ) -> float | None:
        wakes: list[float] = []
        waiting: list[Private] = []
        for private in plan.privates:
            sent = placement.private.get(private.user_id)
            if sent is not None and sent.retired:
                wakes += await self._retire(game, private, sent, placement, changes)
                sent = placement.private[private.user_id]
            if sent is None or sent.essential != private.content.essential:
                wakes += await self._private(game, private, sent, changes)  # at once
            elif sent.full != private.content.full and not game.in_group:
                waiting.append(private)
            # In a group, a hand whose only change is the line others made waits for its
            # owner's turn: the group's table shows the line, and an edit per move to
            # every player would cost more calls than the move itself.
        if plan.table is None:
            return min(wakes, default=None)
        table, posts = plan.table, plan.posts[placement.posted :]
        # Announcements first: a table that changes with every move would otherwise take
        # every slot of the group's pace, and a hand's result would wait for play to stop.
        # A hand's result also comes before the next hand's table.
        for number, post in enumerate(posts, start=placement.posted + 1):
            at = await self._group_slot(game)
            if at is not None:
                return min([*wakes, at])
            await self._post(game, plan, post, changes, number)
        at = await self._remind(game, plan, placement, changes)
        if at is not None:
            return min([*wakes, at])
        table_due = placement.table is None or placement.table.full != table.full
        if table_due:
            at = await self._group_slot(game)
            if at is not None:
                return min([*wakes, at])
            await self._table(game, plan, placement, changes)
        at = await self._retire_table(game, placement, changes)
        if at is not None:
            return min([*wakes, at])
        for private in waiting:
            wakes += await self._private(game, private, placement.private[private.user_id], changes)
        return min(wakes, default=None)

    async def _group_slot(self, game: Game) -> float | None:
        """A slot for one call to the group now, or the time one frees."""
        return await self._pace.take(game.chat_id, self.clock())

    async def _private(
        self, game: Game, private: Private, sent: Sent | None, changes: Changes
    ) -> list[float]:
        """Show one person's message; [] when done, [at] when its slot frees at `at`."""
        at = await self._pace.take(private.chat_id, self.clock())
        if at is not None:
            return [at]
        content = private.content
        old = sent.message_id if sent is not None else None
        # The person's turn came: a new message notifies them (an edit would not), and
        # the old one is deleted, so their chat keeps one hand message per game. A turn
        # that comes back soon after the last one they were told of finds them at the
        # chat: their message is edited in place, without a ping.
        now = self.clock()
        pinged_at = sent.pinged_at if sent is not None else 0.0
        anew = (
            private.turn
            and old is not None
            and sent is not None
            and not sent.turn
            and now - pinged_at >= self.timing.quick_turns
        )
        retired = sent.retired if sent is not None else ()
        try:
            if anew:
                message = await self._call(
                    private.chat_id,
                    self._bot.send_message(
                        chat_id=private.chat_id, text=content.text, reply_markup=content.markup
                    ),
                )
                shown: int | None = message.message_id
                retired = (*retired, old) if old is not None else retired
                pinged_at = now
            else:
                shown = await self._call(
                    private.chat_id, put(self._bot, private.chat_id, old, content)
                )
        except TelegramForbiddenError:
            shown = None  # they blocked the bot
            await self._unreachable(game, private.user_id)
        except TelegramBadRequest as error:
            # Content Telegram refuses would be refused again: log it, wait for new content.
            log.error("outbox: message of game %s refused: %s", game.game_id, error.message)
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
            pinged_at=pinged_at,
            retired=retired,
        )
        changes.private(private.user_id, record)
        return []

    async def _retire(
        self, game: Game, private: Private, sent: Sent, placement: Placement, changes: Changes
    ) -> list[float]:
        """Delete the person's older hand messages that turn messages replaced, a few at
        once (one call), or all of them when the hand is over."""
        if len(sent.retired) < RETIRE_BATCH and isinstance(game.state, Playing):
            return []
        kept = await self._clear_retired(sent)
        if isinstance(kept, float):
            return [kept]
        placement.private[private.user_id] = kept
        changes.private(private.user_id, kept)
        return []

    async def _clear_retired(self, sent: Sent) -> Sent | float:
        """Delete the older messages `sent` replaced, in one call in a slot of its chat's
        pace: `sent` without them, or the time a slot frees."""
        at = await self._pace.take(sent.chat_id, self.clock())
        if at is not None:
            return at
        await self._delete(sent.chat_id, sent.retired)
        return replace(sent, retired=())

    async def _delete(self, chat_id: int, message_ids: tuple[int, ...]) -> None:
        """Delete messages, in one call; those that cannot be deleted (too old, gone)
        stay, without buttons already."""
        try:
            await self._call(
                chat_id,
                self._bot.delete_messages(chat_id=chat_id, message_ids=list(message_ids)),
            )
        except TelegramBadRequest as error:
            log.info("outbox: messages %s of chat %s stay: %s", message_ids, chat_id, error.message)
        except TelegramForbiddenError:
            pass  # they blocked the bot: nothing shows there any more

    async def _unreachable(self, game: Game, user_id: int) -> None:
        """A person who blocked the bot: in a group, a bot plays their seat from now on."""
        log.info("outbox: user %s blocked the bot (game %s)", user_id, game.game_id)
        if game.in_group and game.seat_of(user_id) is not None:
            with suppress(RefusalError):  # gone or over meanwhile
                await self._groups.leave(game.game_id, user_id)

    async def _table(self, game: Game, plan: Plan, placement: Placement, changes: Changes) -> None:
        table = plan.table
        assert table is not None
        before = placement.table
        old = before.message_id if before is not None else None
        # Buried under the conversation, the table is sent again at the bottom (the old
        # one deleted next), but only when it changes anyway: no message of its own.
        # Only while a lobby fills or a hand is played: the table of a hand or match that
        # is over points at the result posted below it.
        anew = (
            isinstance(game.state, Lobby | Playing)
            and before is not None
            and old is not None
            and await self._buried(game, before)
        )
        shown: int | None
        try:
            shown = await self._group_call(
                game, plan, changes, put(self._bot, game.chat_id, None if anew else old, table)
            )
        except TelegramBadRequest as error:
            log.error("outbox: table of game %s refused: %s", game.game_id, error.message)
            shown, anew = old, False
        below_from = before.below_from if before is not None else 0
        if shown is not None and shown != old:
            below_from = await self._saw(game.chat_id)
        retired = (old,) if anew and old is not None else ()
        sent = Sent(
            game.chat_id, shown, table.essential, table.full, retired=retired, below_from=below_from
        )
        placement.table = sent
        changes.table(sent)

    async def _buried(self, game: Game, table: Sent) -> bool:
        """Whether enough messages came after the table to push it out of sight."""
        try:
            count = await self._chats.count(game.chat_id)
        except StorageUnavailableError:
            return False
        return count - table.below_from >= self.timing.buried

    async def _retire_table(
        self, game: Game, placement: Placement, changes: Changes
    ) -> float | None:
        """Delete the table a newer one at the bottom replaced; when a slot frees, if none
        is free now."""
        sent = placement.table
        if sent is None or not sent.retired:
            return None
        kept = await self._clear_retired(sent)
        if isinstance(kept, float):
            return kept
        placement.table = kept
        changes.table(kept)
        return None

    async def _saw(self, chat_id: int) -> int:
        """A message of the bot's at the bottom of a group: counted. Returns the count
        (0 when Redis cannot say)."""
        try:
            return await self._chats.saw(chat_id)
        except StorageUnavailableError:
            return 0

    async def _post(
        self, game: Game, plan: Plan, post: Content, changes: Changes, number: int
    ) -> None:
        send = self._bot.send_message(
            chat_id=game.chat_id, text=post.text, reply_markup=post.markup
        )
        try:
            await self._group_call(game, plan, changes, send)
            await self._saw(game.chat_id)
        except TelegramBadRequest as error:
            log.error("outbox: announcement of game %s refused: %s", game.game_id, error.message)
        except _StopError as stop:
            if stop.delivered_maybe:  # it may have gone out: never risk telling it twice
                log.warning("outbox: announcement %s of game %s may be lost", number, game.game_id)
                await self._count_posted(game, number, changes)
            raise
        await self._count_posted(game, number, changes)

    async def _remind(
        self, game: Game, plan: Plan, placement: Placement, changes: Changes
    ) -> float | None:
        """When a third of a person's turn timer is left, the group reminds them, with a
        mention (it notifies them), once per turn. Returns when a slot frees, if none is
        free now."""
        due = timer.deadline(game)
        now = self.clock()
        if due is None or now < due.remind_at or placement.reminded == game.version:
            return None
        at = await self._group_slot(game)
        if at is not None:
            return at
        group = game.record.group
        assert group is not None
        t = self._texts.translator(group.language)
        name = RecordNames(game, None, t).mention(due.seat)
        left = max(1, round(due.expires_at - now))
        text = t("turn-reminder", name=name, seconds=left)
        # Counted before it is sent: a reminder told twice is worse than one lost.
        told = Changes()
        told.reminded(game.version)
        await self._messages.write(game.game_id, told)
        changes.reminded(game.version)
        await self._group_call(game, plan, changes, self._bot.send_message(game.chat_id, text))
        await self._saw(game.chat_id)
        return None

    async def _count_posted(self, game: Game, number: int, changes: Changes) -> None:
        """Count an announcement as sent at once, not at the end of the pass: a process
        killed later in the pass does not tell it again."""
        at = self.clock()
        changes.posted(number, at)
        now = Changes()
        now.posted(number, at)
        await self._messages.write(game.game_id, now)

    async def _call(self, chat_id: int, call: Awaitable[T]) -> T:
        """One call to Telegram; a 429 holds the chat and ends the pass, and so does a
        network error or a 5xx (the game is tried again shortly)."""
        try:
            with paced():
                return await call
        except TelegramRetryAfter as flood:
            now = self.clock()
            until = now + flood.retry_after
            await self._pace.hold(chat_id, now, until)
            log.info("outbox: flood control in chat %s: again in %ss", chat_id, flood.retry_after)
            raise _StopError(until) from None
        except (TelegramNetworkError, TelegramServerError) as error:
            log.warning("outbox: Telegram unreachable (%s); trying again shortly", error)
            raise _StopError(self.clock() + self.timing.backoff, delivered_maybe=True) from None

    async def _group_call(self, game: Game, plan: Plan, changes: Changes, call: Awaitable[T]) -> T:
        """A call to the game's group: as `_call`, and the group may have moved (it
        became a supergroup) or be out of reach (the bot was removed from it)."""
        try:
            return await self._call(game.chat_id, call)
        except TelegramMigrateToChat as moved:
            # Saving the game in its new chat marks it due at once: the next pass goes on.
            await self._groups.migrate(game.chat_id, moved.migrate_to_chat_id, game.game_id)
            changes.table(None)  # the old chat's messages stay behind
            raise _StopError(self.clock()) from None
        except TelegramForbiddenError:
            log.warning(
                "outbox: group %s is out of reach; game %s stops", game.chat_id, game.game_id
            )
            # Nothing more is sent there: everything counts as shown.
            full = plan.table.full if plan.table is not None else ""
            changes.table(Sent(game.chat_id, None, "", full))
            changes.posted(len(plan.posts))
            if game.is_live:
                with suppress(RefusalError):
                    await self._groups.abandon(game.game_id)
            raise _StopError(None) from None

    # -- a person's first message, replies outside games ------------------------------------

    async def reach(self, game: Game, person: Person) -> None:
        """Write `person` their private message for `game` before they take a seat (it
        will show their hand), unless it exists; `UnreachableError` when the bot may not
        write to them yet."""
        sent = await self._messages.private(game.game_id, person.user_id)
        if sent is not None and sent.message_id is not None:
            return
        t = self._texts.translator(person.language)
        content = (
            lobby_seat_content(game, t)
            if isinstance(game.state, Lobby)
            else joining_content(game, t)
        )
        await self._wait_for_slot(person.chat_id)
        try:
            message = await self._bot.send_message(chat_id=person.chat_id, text=content.text)
        except TelegramForbiddenError:
            raise UnreachableError(person.user_id) from None
        changes = Changes()
        shown = Sent(
            person.chat_id, message.message_id, content.essential, content.full, person.language
        )
        changes.private(person.user_id, shown)
        await self._messages.write(game.game_id, changes)

    async def say(
        self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> None:
        """A reply outside any game's messages (help, rules, menus), in its chat's pace."""
        await self._wait_for_slot(chat_id)
        await self._bot.send_message(chat_id=chat_id, text=text, reply_markup=markup)
        if chat_id < 0:
            await self._saw(chat_id)

    async def show(
        self,
        chat_id: int,
        message_id: int | None,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
    ) -> None:
        """Show a menu in the message its button was pressed on (a new one if it is gone)."""
        await self._wait_for_slot(chat_id)
        if message_id is None or not await edit(self._bot, chat_id, message_id, text, markup):
            await self._bot.send_message(chat_id=chat_id, text=text, reply_markup=markup)

    async def _wait_for_slot(self, chat_id: int) -> None:
        """Wait for a slot in the chat's pace (a crowd shares the bot's, and each waits
        its turn); past `MAX_WAIT`, go anyway and let a 429 be honoured by the request
        middleware."""
        deadline = self.clock() + MAX_WAIT
        while True:
            now = self.clock()
            at = await self._pace.take(chat_id, now)
            if at is None or now >= deadline:
                return
            await self._sleep(max(MIN_WAIT, min(at, deadline) - now))

    async def told_at(self, game: Game) -> float | None:
        """When the group was last told something (an announcement); None if never."""
        placement = await self._messages.load(game.game_id)
        return placement.posted_at if placement.posted else None

    async def belongs_to(self, game: Game, message_id: int) -> bool:
        """Whether `message_id` is one of the game's own messages (its table, a hand)."""
        placement = await self._messages.load(game.game_id)
        shown = [placement.table, *placement.private.values()]
        return any(sent is not None and sent.message_id == message_id for sent in shown)

    async def bot_link(self) -> str:
        """The link to the bot's private chat (its username is asked once)."""
        if self._link is None:
            me = await self._bot.me()
            self._link = f"https://t.me/{me.username}"
        return self._link
