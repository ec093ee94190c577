"""The pacer: keeps every group game's messages up to date and moves its bots, at a
pace Telegram accepts.

Everything it does is derived from Redis: the record says what the table, the
hands and the announcements must show; the message store says what they show
now; the `due` set says when each game next needs attention (every save marks
its game due at once). So a restart, or a second process, just picks up the due
games and sends whatever is then the latest content: nothing is kept only in
memory, and nothing is lost.

One step on a game, under a lease:
1. bots whose pause is over decide, one compare-and-set save each (no Telegram call);
2. private messages whose hand or buttons changed are sent at once (the mover's
   and the next player's);
3. if the group's pace allows, the table is edited (once, with the latest content:
   this is the coalescing), missing announcements are sent, and the other private
   messages catch up; the group's next call is then `group_interval` seconds away
   per call made (Telegram allows about 20 a minute in a group);
4. the game is rescheduled for the earliest pending thing, or dropped from `due`.
A 429 is not slept on: the game is rescheduled after `retry_after`, and the then
latest content goes out.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from contextlib import suppress
from dataclasses import dataclass
from datetime import timedelta

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramRetryAfter,
)

from bot.content import Content
from bot.delivery import put
from bot.groups import GroupService
from bot.hands import hand_content
from bot.messages import MessageStore, Placement, Sent
from bot.record import BotSeat, GameRecord
from bot.retry import paced
from bot.service import MAX_BOT_MOVES, GameService, RefusalError
from bot.storage import StorageUnavailableError
from bot.table import announcements, table_content
from core.engine import Match
from texts import Texts

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Pace:
    """The pacer's settings, in seconds."""

    group_interval: float = 3.5  # between two messages or edits in one group: ~17 a minute
    bot_delay: float = 1.5  # a bot's pause before it plays, so that people can follow
    lease: float = 120.0  # a step's hold on a game; another process takes over after it
    backoff: float = 30.0  # after an unexpected failure
    idle_poll: float = 5.0  # how often to look for work another process scheduled


@dataclass(slots=True)
class _Private:
    user_id: int
    chat_id: int
    content: Content
    sent: Sent | None
    language: str


class Pacer:
    """Runs the due group games (see the module's doc)."""

    def __init__(
        self,
        bot: Bot,
        games: GameService,
        groups: GroupService,
        messages: MessageStore,
        texts: Texts,
        pace: Pace | None = None,
    ) -> None:
        self._bot = bot
        self._games = games
        self._groups = groups
        self._messages = messages
        self._texts = texts
        self.pace = pace or Pace()
        self._wake = asyncio.Event()
        self._running: set[str] = set()
        self._link: str | None = None

    def poke(self) -> None:
        """Something changed: look at the due games now rather than after a pause."""
        self._wake.set()

    def _now(self) -> float:
        return self._games.now().timestamp()

    # -- the loop ----------------------------------------------------------------------------

    async def run(self) -> None:
        """Forever: run the due games, then sleep until the next is due or a poke."""
        while True:
            ran = 0
            try:
                ran = await self.run_due()
                next_at = await self._games.storage.next_due()
            except StorageUnavailableError:
                log.warning("pacer: the store is unavailable; trying again shortly")
                next_at = None
            except Exception:  # the loop must outlive any one failure
                log.exception("pacer: a pass failed; trying again shortly")
                next_at = None
            wait = self.pace.idle_poll if next_at is None else next_at - self._now()
            if not ran and wait <= 0:
                wait = 0.5  # due, but another process holds it: do not spin
            wait = min(max(wait, 0.0), self.pace.idle_poll)
            if wait > 0:
                with suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)
            self._wake.clear()

    async def run_due(self) -> int:
        """One pass over the games due now; returns how many this process worked on."""
        ids = await self._games.storage.due_games(self._now())
        ids = [i for i in ids if i not in self._running]
        worked = await asyncio.gather(*(self._step(i) for i in ids))
        return sum(worked)

    async def settle(self, limit: int = 10_000) -> None:
        """Run until nothing is due now, or the store is out of reach (tests: the clock
        only moves by hand)."""
        for _ in range(limit):
            try:
                if not await self.run_due():
                    return
            except StorageUnavailableError:
                return
        raise RuntimeError("the pacer did not settle")

    # -- one game ----------------------------------------------------------------------------

    async def _step(self, game_id: str) -> bool:
        """Work on one game under its lease; False when another process holds it."""
        self._running.add(game_id)
        token = secrets.token_hex(8)
        storage = self._games.storage
        try:
            if not await storage.acquire(game_id, token, timedelta(seconds=self.pace.lease)):
                return False  # another process works on it and will reschedule it
            try:
                with paced():
                    await self._work(game_id)
            finally:
                await storage.release(game_id, token)
        except Exception:
            log.exception("pacer: game %s failed; trying again later", game_id)
            with suppress(Exception):
                await storage.reschedule(game_id, None, self._now() + self.pace.backoff)
        finally:
            self._running.discard(game_id)
        return True

    async def _work(self, game_id: str) -> None:
        storage = self._games.storage
        record = await storage.load(game_id)
        if record is None or record.group is None:
            await storage.reschedule(game_id, None, None)
            return
        wake: list[float] = []
        record = await self._move_bots(record, wake)
        try:
            await self._deliver(record, wake)
        except TelegramRetryAfter as flood:
            at = self._now() + flood.retry_after
            wake.append(at)
            if getattr(flood.method, "chat_id", None) == record.chat_id:
                await self._messages.set_pace(game_id, at)
            log.info("pacer: flood control in game %s: again in %ss", game_id, flood.retry_after)
        except TelegramMigrateToChat as moved:
            # Saving the game in its new chat marks it due at once: the next step goes on.
            await self._groups.migrate(record.chat_id, moved.migrate_to_chat_id, game_id)
            await self._messages.set_table(game_id, None)
            return
        await storage.reschedule(game_id, record.version, min(wake) if wake else None)

    async def _move_bots(self, record: GameRecord, wake: list[float]) -> GameRecord:
        """The bots whose pause is over decide, one saved decision at a time."""
        for _ in range(MAX_BOT_MOVES):
            seat = Match.from_dict(record.engine).turn if record.is_active else None
            if seat is None or not isinstance(record.seats[seat], BotSeat):
                return record
            due = record.updated_at.timestamp() + self.pace.bot_delay
            if due > self._now():
                wake.append(due)
                return record
            try:
                record = await self._games.bot_move(record)
            except RefusalError:
                fresh = await self._games.storage.load(record.game_id)  # changed meanwhile
                if fresh is None:
                    return record
                record = fresh
        return record

    async def _deliver(self, record: GameRecord, wake: list[float]) -> None:
        group = record.group
        assert group is not None
        now = self._now()
        placement = await self._messages.load(record.game_id)
        pending = []
        for private in await self._privates(record, placement):
            if private.sent is None or private.sent.essential != private.content.essential:
                await self._put_private(record, private)  # at once: a hand or its buttons
            elif private.sent.full != private.content.full:
                pending.append(private)  # only what is shown of the table changed: it can wait
        t = self._texts.translator(group.language)
        table = table_content(record, t, await self._bot_link())
        posts = announcements(record, t)[placement.posted :]
        table_due = placement.table is None or placement.table.full != table.full
        if not (table_due or posts or pending):
            return
        if placement.pace > now:
            wake.append(placement.pace)
            return
        calls = 0
        try:
            if table_due:
                await self._put_table(record, placement, table)
                calls += 1
            for done, post in enumerate(posts, start=placement.posted + 1):
                await self._post(record, post)
                await self._messages.set_posted(record.game_id, done)
                calls += 1
        except TelegramForbiddenError:
            await self._lost_group(record, table, placement.posted + len(posts))
            return
        for private in pending:
            await self._put_private(record, private)
        if calls:
            await self._messages.set_pace(record.game_id, now + self.pace.group_interval * calls)

    async def _privates(self, record: GameRecord, placement: Placement) -> list[_Private]:
        """Every private message the game should show: the seated people's, and the
        last word to people who left it."""
        people = {p.user_id: p for p in record.people()}
        out = []
        for user_id in sorted(set(people) | set(placement.private)):
            sent = placement.private.get(user_id)
            if sent is not None and sent.message_id is None:
                continue  # they blocked the bot: nothing can reach them
            if user_id in people:
                lang, chat_id = people[user_id].language, people[user_id].chat_id
            elif sent is not None:
                lang, chat_id = sent.language or self._texts.default, sent.chat_id
            else:
                continue
            content = hand_content(record, user_id, self._texts.translator(lang))
            out.append(_Private(user_id, chat_id, content, sent, lang))
        return out

    async def _put_private(self, record: GameRecord, private: _Private) -> None:
        content, sent = private.content, private.sent
        old = sent.message_id if sent is not None else None
        blocked = False
        shown: int | None = old
        try:
            shown = await put(self._bot, private.chat_id, old, content)
        except TelegramForbiddenError:
            blocked, shown = True, None  # a bot plays for them from now on
        except TelegramBadRequest as error:
            # Content Telegram refuses would be refused again: log it, and wait for new content.
            log.error("pacer: message of game %s refused: %s", record.game_id, error.message)
        if shown is None and not blocked:
            return  # nothing was ever shown: try again with the next content
        await self._messages.set_private(
            record.game_id,
            private.user_id,
            Sent(private.chat_id, shown, content.essential, content.full, private.language),
        )
        if blocked and any(p.user_id == private.user_id for p in record.people()):
            with suppress(RefusalError):
                await self._groups.leave(record.game_id, private.user_id)

    async def _put_table(self, record: GameRecord, placement: Placement, table: Content) -> None:
        old = placement.table.message_id if placement.table is not None else None
        shown: int | None
        try:
            shown = await put(self._bot, record.chat_id, old, table)
        except TelegramBadRequest as error:
            # Content Telegram refuses would be refused again: log it, and wait for new content.
            log.error("pacer: table of game %s refused: %s", record.game_id, error.message)
            shown = old
        sent = Sent(record.chat_id, shown, table.essential, table.full)
        await self._messages.set_table(record.game_id, sent)

    async def _post(self, record: GameRecord, post: Content) -> None:
        try:
            await self._bot.send_message(
                chat_id=record.chat_id, text=post.text, reply_markup=post.markup
            )
        except TelegramBadRequest as error:
            log.error("pacer: announcement in game %s refused: %s", record.game_id, error.message)

    async def _lost_group(self, record: GameRecord, table: Content, posted: int) -> None:
        """The bot can no longer write to the group (removed from it): the game stops."""
        log.warning(
            "pacer: group %s is out of reach; game %s stops", record.chat_id, record.game_id
        )
        await self._messages.set_table(record.game_id, Sent(record.chat_id, None, "", table.full))
        await self._messages.set_posted(record.game_id, posted)
        if record.is_live:
            with suppress(RefusalError):
                await self._groups.abandon(record.game_id)

    async def _bot_link(self) -> str:
        """The link to the bot's private chat (its username is asked once)."""
        if self._link is None:
            me = await self._bot.me()
            self._link = f"https://t.me/{me.username}"
        return self._link
