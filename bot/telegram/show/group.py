"""A group's own messages of its game, and the next call they need: announcements first
(a hand's result must not wait for a table that changes with every move, and it comes
before the next hand's table), then a turn called out, the turn timer's reminder, the
table (sent again at the bottom, the old copy deleted next, once talk has buried it),
then the old copies' deletion (a turn called out goes with them once it has passed).
After a match's result, its epilogue (the records' line) once it is known."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from bot.game import timer
from bot.game.ports import StorageUnavailableError
from bot.game.state import Finished, Game, Lobby, Playing
from bot.telegram.ports import ChatGames, Conversation
from bot.telegram.render.content import Content
from bot.telegram.render.game import RecordNames
from bot.telegram.render.table import announcements, inline_table, table_content, turn_call
from bot.telegram.show.placement import (
    CALLED,
    POSTED,
    POSTED_AT,
    REMINDED,
    TABLE,
    GroupShows,
    Sent,
    dump,
)
from bot.telegram.show.steps import Delete, Fields, Outcome, Put, Step
from texts import Translate

BURIED = 5  # messages under a group's table after which its next change goes at the bottom


class Lookups(Protocol):
    """What a group's policy asks the store: how far its talk has gone (a buried
    table), whether a finished game is still the group's latest, the records' line."""

    async def talk(self, chat_id: int) -> int: ...

    async def latest(self, chat_id: int) -> str | None: ...

    async def epilogue(self, game: Game, t: Translate) -> tuple[Content, ...] | None: ...


class Epilogue(Protocol):
    """What a group is told after its match's result, once (the records' line)."""

    async def __call__(self, game: Game, t: Translate, /) -> tuple[Content, ...] | None:
        """The messages for the finished match `game`; None while not known yet."""
        ...


class StoreLookups:
    """`Lookups` from the stores' ports; what Redis cannot say counts as nothing (a
    table not buried, a game still the latest, no epilogue yet)."""

    def __init__(self, conversation: Conversation, games: ChatGames, epilogue: Epilogue) -> None:
        self._conversation = conversation
        self._games = games
        self._epilogue = epilogue

    async def talk(self, chat_id: int) -> int:
        try:
            return await self._conversation.count(chat_id)
        except StorageUnavailableError:
            return 0

    async def latest(self, chat_id: int) -> str | None:
        try:
            return await self._games.current(chat_id)
        except StorageUnavailableError:
            return None

    async def epilogue(self, game: Game, t: Translate) -> tuple[Content, ...] | None:
        return await self._epilogue(game, t)


@dataclass(frozen=True, slots=True)
class GroupView:
    """What the group should see now: the table, the announcements (the epilogue
    included once known), the reminder and the turn called out, if due."""

    table: Content
    posts: tuple[Content, ...]
    reminder: Content | None
    call: Content | None = None  # a turn called out (`bot.telegram.show.ephemeral.calling`)


async def group_view(
    game: Game,
    t: Translate,
    link: str,
    shows: GroupShows,
    lookups: Lookups,
    now: float,
    drawn: bool,
    calling: int | None = None,
) -> GroupView:
    """The group's messages as they should be; `calling`: the seat whose turn is to be
    called out. An inline message's game has its table only, the epilogue in it once
    known: nothing can be posted where it is (each player's private message tells them
    the rest)."""
    finished = isinstance(game.state, Finished)
    if game.inline_message_id is not None:
        epilogue = await lookups.epilogue(game, t) if finished else None
        return GroupView(inline_table(game, t, link, epilogue or ()), (), None)
    table = table_content(game, t, link, drawn=drawn)
    posts = tuple(announcements(game, t))
    if finished:
        posts += await lookups.epilogue(game, t) or ()
    reminder = None
    due = timer.deadline(game)
    if due is not None and now >= due.remind_at and shows.reminded != game.version:
        name = RecordNames(game, None, t).mention(due.seat)
        left = max(1, round(due.expires_at - now))
        reminder = Content(t("turn-reminder", name=name, seconds=left))
    call = None
    if calling is not None and (shows.called is None or shows.called[0] != game.version):
        call = turn_call(game, calling, t)
    return GroupView(table, posts, reminder, call)


async def group_step(
    game: Game, view: GroupView, shows: GroupShows, lookups: Lookups, now: float
) -> Step | None:
    """The next call the group's messages need, or None when they show `view`."""
    if len(view.posts) > shows.posted:
        number = shows.posted + 1
        # Counted however it went: a post that may have gone out is never told twice.
        told = {POSTED: str(number), POSTED_AT: repr(now)}
        return Put(view.posts[shows.posted], None, lambda _: dict(told))
    if view.call is not None:
        return Put(view.call, None, _called(game, shows))
    if view.reminder is not None:
        version = str(game.version)
        return Put(view.reminder, None, lambda _: {REMINDED: version})
    before = shows.table
    if before is None or before.full != view.table.full:
        if await _superseded(game, before, lookups):
            # A newer game of the group (a rematch) has its own table: this one's
            # last copy stays where it is (a /board across the rematch).
            old = before.retired if before is not None else ()
            kept = Sent(game.chat_id, old[-1] if old else None, retired=old[:-1])
            table = replace(kept, essential=view.table.essential, full=view.table.full)
            return Delete((), lambda _: {TABLE: dump(table)})
        return await _table(game, view.table, before, lookups)
    called = shows.called
    stale = called[1] if called is not None and called[0] != game.version else None
    if before.retired or stale is not None:
        # Old copies of the table, and a call whose turn has passed.
        kept = replace(before, retired=())
        done: Fields = {TABLE: dump(kept)} | ({CALLED: None} if stale is not None else {})
        return Delete((*before.retired, *([stale] if stale else [])), lambda _: dict(done))
    return None


def _called(game: Game, shows: GroupShows) -> Callable[[Outcome], Fields]:
    """What a turn called out records: its version and message; an earlier call still
    shown goes with the table's old copies, to be deleted."""

    def record(outcome: Outcome) -> Fields:
        told: Fields = {CALLED: f"{game.version}:{outcome.message_id or ''}"}
        old, table = shows.called, shows.table
        if old is not None and old[1] is not None and table is not None:
            told[TABLE] = dump(replace(table, retired=(*table.retired, old[1])))
        return told

    return record


async def _table(game: Game, table: Content, before: Sent | None, lookups: Lookups) -> Put:
    inline = game.inline_message_id
    if inline is not None:  # edited where it was posted, whatever was said under it
        shown = Sent(game.chat_id, 0, table.essential, table.full)
        return Put(table, None, lambda _: {TABLE: dump(shown)}, inline=inline)
    old = before.message_id if before is not None else None
    # Buried under the conversation, the table is sent again at the bottom, but only
    # while a lobby fills or a hand is played: the table of a hand or match that is
    # over points at the result posted below it.
    talk = await lookups.talk(game.chat_id)
    anew = (
        isinstance(game.state, Lobby | Playing)
        and before is not None
        and old is not None
        and talk - before.below_from >= BURIED
    )
    retired = before.retired if before is not None else ()
    if anew and old is not None:
        retired = (*retired, old)

    def record(outcome: Outcome) -> Fields:
        if outcome.message_id is None:
            if outcome.unreachable:  # nothing more is sent there: all counts as shown
                return {TABLE: dump(Sent(game.chat_id, None, "", table.full))}
            return {}
        kept = retired if outcome.replaced is None else (*retired, outcome.replaced)
        below = before.below_from if before is not None else 0
        return {
            TABLE: dump(
                Sent(
                    game.chat_id,
                    outcome.message_id,
                    table.essential,
                    table.full,
                    retired=kept,
                    below_from=talk if outcome.message_id != old else below,
                    photo=outcome.photo,
                )
            )
        }

    photo = before.photo if before is not None and not anew else ""
    return Put(table, None if anew else old, record, photo)


async def _superseded(game: Game, table: Sent | None, lookups: Lookups) -> bool:
    """Whether the table, to be sent anew, belongs to a game that is over and no longer
    its group's latest."""
    if game.is_live or (table is not None and table.message_id is not None):
        return False
    latest = await lookups.latest(game.chat_id)
    return latest is not None and latest != game.game_id
