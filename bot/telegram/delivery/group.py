"""A group's side of a delivery pass: its announcements, the reminder of a person's
turn timer, its table (sent again at the bottom once talk has buried it), the old
copies deleted in batches, and the epilogue after a match's result; each call in a
slot of the group's pace (about 20 messages or edits a minute). A group that became
a supergroup, or that the bot can no longer reach, is a fact for the game to act on.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Protocol, TypeVar

from bot.game import timer
from bot.game.notify import GroupLost, Migrated
from bot.game.ports import StorageUnavailableError
from bot.game.state import Finished, Game, Lobby, Playing
from bot.telegram.delivery.calls import Calls
from bot.telegram.delivery.outcomes import MovedError, RefusedError, UnreachableError, WaitError
from bot.telegram.delivery.placement import Changes, Pass, Sent
from bot.telegram.delivery.plan import Plan
from bot.telegram.delivery.timing import Timing
from bot.telegram.ports import ChatGames, Conversation, MessageRecords
from bot.telegram.render.content import Content
from bot.telegram.render.game import RecordNames
from texts import Texts, Translate

log = logging.getLogger(__name__)

T = TypeVar("T")

# A group's finished match whose epilogue is not known yet (the match is being recorded)
# is looked at again this often; past this long after its last change there is no
# epilogue: it would no longer follow the match's result.
EPILOGUE_RETRY = 1.0
EPILOGUE_WAIT = timedelta(minutes=10)
# Calls of the group's burst the table's edits leave to replies while a hand is played
# (results, the lobby and a hand's end take it whole: people wait for them).
REPLIES_SPARE = 1


class Epilogue(Protocol):
    """What a group is told after its match's result, once (the records' line)."""

    async def __call__(self, game: Game, t: Translate, /) -> tuple[Content, ...] | None:
        """The messages for the finished match `game`, in the group's language; None
        while they are not known yet (the match is not recorded yet)."""
        ...


class GroupPolicy:
    """What a group is sent, and when (see the module's doc)."""

    def __init__(
        self,
        calls: Calls,
        records: MessageRecords,
        conversation: Conversation,
        texts: Texts,
        now: Callable[[], datetime],
        timing: Timing,
        epilogue: Epilogue | None = None,
        current: ChatGames | None = None,
    ) -> None:
        self._calls = calls
        self._records = records
        self._conversation = conversation
        self._texts = texts
        self._now = now
        self.timing = timing
        self._epilogue = epilogue
        self._current = current

    async def send(self, work: Pass, plan: Plan) -> float | None:
        """The group's messages: announcements first (a table that changes with every
        move would otherwise take every slot of the pace, and a hand's result would wait
        for play to stop; a hand's result also comes before the next hand's table), the
        reminder, the table, then the old table's deletion. Returns when to come back,
        or None when all is shown; `WaitError` when a slot is not free yet."""
        ending = await self._ending(work.game)
        plan = replace(plan, posts=plan.posts + (ending or ()))
        placement = work.placement
        for number, post in enumerate(plan.posts[placement.posted :], start=placement.posted + 1):
            await self._slot(work)
            await self._post(work, plan, post, number)
        await self._remind(work, plan)
        table = plan.table
        assert table is not None
        if placement.table is None or placement.table.full != table.full:
            if await self._superseded(work):
                # A newer game of the group (a rematch) has its own table: this one's
                # last copy stays where it is (a /board that waited for its slot).
                old = placement.table.retired if placement.table is not None else ()
                kept = Sent(work.game.chat_id, old[-1] if old else None, retired=old[:-1])
                work.table(replace(kept, essential=table.essential, full=table.full))
            else:
                await self._calls.draw(table, placement.table.photo if placement.table else "")
                mid_hand = isinstance(work.game.state, Playing)  # see `REPLIES_SPARE`
                await self._slot(work, REPLIES_SPARE if mid_hand else 0)
                await self._table(work, plan, table)
        await self._retire_table(work)
        # The rest is shown; the epilogue waits for the match to be recorded.
        return self._calls.clock() + EPILOGUE_RETRY if ending is None else None

    async def move_table(self, work: Pass) -> None:
        """The group's table is sent anew (/board; a new supergroup). In the same chat
        the old copy is deleted in the slot after the new one's (see `_retire_table`),
        so that one table is left; a group that became a supergroup leaves its old
        chat's table as it is."""
        old = work.placement.table
        game = work.game
        if old is None or old.message_id is None or old.chat_id != game.chat_id:
            work.table(None)
            return
        work.table(Sent(game.chat_id, None, retired=(*old.retired, old.message_id)))

    async def clear_retired(self, sent: Sent) -> Sent | float:
        """Delete the older messages `sent` replaced, in one call in a slot of its chat's
        pace: `sent` without them, or the time a slot frees."""
        at = await self._calls.slot(sent.chat_id)
        if at is not None:
            return at
        await self._calls.delete(sent.chat_id, sent.retired)
        return replace(sent, retired=(), prompt=False)

    async def _ending(self, game: Game) -> tuple[Content, ...] | None:
        """The epilogue of a finished match, told after its announcements; None while
        it is not known and still worth waiting for."""
        group = game.record.group
        if self._epilogue is None or group is None or not isinstance(game.state, Finished):
            return ()
        if self._now() - game.record.updated_at >= EPILOGUE_WAIT:
            return ()  # too late to follow the result
        return await self._epilogue(game, self._texts.translator(group.language))

    async def _slot(self, work: Pass, spare: int = 0) -> None:
        """A slot for one call to the group now (leaving `spare` calls of its burst to
        replies); `WaitError` until the one that frees."""
        at = await self._calls.slot(work.game.chat_id, spare=spare)
        if at is not None:
            raise WaitError(at)

    async def _post(self, work: Pass, plan: Plan, post: Content, number: int) -> None:
        game = work.game
        try:
            await self._call(work, plan, lambda: self._calls.send(game.chat_id, post))
            await self._saw(game.chat_id)
        except RefusedError as error:
            log.error("announcement of game %s refused: %s", game.game_id, error)
        except WaitError as wait:
            if wait.delivered_maybe:  # it may have gone out: never risk telling it twice
                log.warning("announcement %s of game %s may be lost", number, game.game_id)
                await self._count_posted(work, number)
            raise
        await self._count_posted(work, number)

    async def _count_posted(self, work: Pass, number: int) -> None:
        """Count an announcement as sent at once, not at the end of the pass: a process
        killed later in the pass does not tell it again."""
        at = self._calls.clock()
        work.changes.posted(number, at)
        work.placement.posted, work.placement.posted_at = number, at
        now = Changes()
        now.posted(number, at)
        await self._records.write(work.game.game_id, now.fields, now.dropped)

    async def _remind(self, work: Pass, plan: Plan) -> None:
        """When a third of a person's turn timer is left, the group reminds them, with a
        mention (it notifies them), once per turn."""
        game = work.game
        due = timer.deadline(game)
        now = self._calls.clock()
        if due is None or now < due.remind_at or work.placement.reminded == game.version:
            return
        await self._slot(work)
        group = game.record.group
        assert group is not None
        t = self._texts.translator(group.language)
        name = RecordNames(game, None, t).mention(due.seat)
        left = max(1, round(due.expires_at - now))
        text = Content(t("turn-reminder", name=name, seconds=left))
        # Counted before it is sent: a reminder told twice is worse than one lost.
        told = Changes()
        told.reminded(game.version)
        await self._records.write(game.game_id, told.fields, told.dropped)
        work.changes.reminded(game.version)
        work.placement.reminded = game.version
        await self._call(work, plan, lambda: self._calls.send(game.chat_id, text))
        await self._saw(game.chat_id)

    async def _table(self, work: Pass, plan: Plan, table: Content) -> None:
        game = work.game
        before = work.placement.table
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
        photo = "" if anew or before is None else before.photo
        # Copies waiting to be deleted stay so until they are (a change may come first).
        retired = before.retired if before is not None else ()
        if anew and old is not None:
            retired = (*retired, old)
        try:
            put = await self._call(
                work,
                plan,
                lambda: self._calls.put(game.chat_id, None if anew else old, table, photo),
            )
            shown, photo = put.message_id, put.photo
            if put.replaced is not None:  # the lobby's text became the table's picture
                retired = (*retired, put.replaced)
        except RefusedError as error:
            log.error("table of game %s refused: %s", game.game_id, error)
            shown = old
            retired = tuple(r for r in retired if r != old)
            photo = before.photo if before is not None else ""
        below_from = before.below_from if before is not None else 0
        if shown is not None and shown != old:
            below_from = await self._saw(game.chat_id)
        work.table(
            Sent(
                game.chat_id,
                shown,
                table.essential,
                table.full,
                retired=retired,
                below_from=below_from,
                photo=photo,
            )
        )

    async def _superseded(self, work: Pass) -> bool:
        """Whether the table, to be sent anew, belongs to a game that is over and no
        longer its group's latest (Redis that cannot say: it is not)."""
        game, table = work.game, work.placement.table
        if game.is_live or self._current is None:
            return False
        if table is not None and table.message_id is not None:
            return False  # shown already: brought up to date where it is
        try:
            current = await self._current.current(game.chat_id)
        except StorageUnavailableError:
            return False
        return current is not None and current != game.game_id

    async def _buried(self, game: Game, table: Sent) -> bool:
        """Whether enough messages came after the table to push it out of sight."""
        try:
            count = await self._conversation.count(game.chat_id)
        except StorageUnavailableError:
            return False
        return count - table.below_from >= self.timing.buried

    async def _retire_table(self, work: Pass) -> None:
        """Delete the table a newer one at the bottom replaced, when a slot frees."""
        sent = work.placement.table
        if sent is None or not sent.retired:
            return
        kept = await self.clear_retired(sent)
        if isinstance(kept, float):
            raise WaitError(kept)
        work.table(kept)

    async def _saw(self, chat_id: int) -> int:
        """A message of the bot's at the bottom of a group: counted. Returns the count
        (0 when Redis cannot say)."""
        try:
            return await self._conversation.saw(chat_id)
        except StorageUnavailableError:
            return 0

    async def _call(self, work: Pass, plan: Plan, call: Callable[[], Awaitable[T]]) -> T:
        """A call to the game's group, which may have moved (it became a supergroup) or
        be out of reach (the bot was removed from it): facts for the game."""
        game = work.game
        try:
            return await call()
        except MovedError as moved:
            work.facts.append(Migrated(moved.chat_id))
            work.changes.table(None)  # the old chat's messages stay behind
            raise WaitError(self._calls.clock()) from None
        except UnreachableError:
            log.warning("group %s is out of reach; game %s stops", game.chat_id, game.game_id)
            # Nothing more is sent there: everything counts as shown.
            full = plan.table.full if plan.table is not None else ""
            work.changes.table(Sent(game.chat_id, None, "", full))
            work.changes.posted(len(plan.posts))
            if game.is_live:
                work.facts.append(GroupLost())
            raise WaitError(None) from None  # nothing is left to send there
