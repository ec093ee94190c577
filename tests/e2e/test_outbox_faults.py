"""The fault suite's scenarios for delivery: every call to Telegram goes through one
outbox per chat, sent by one process at a time at the chat's pace. Crowds that press
as soon as they are answered (with Redis frozen under one of them), pictures Telegram
refuses, a method failing with 500 for half a minute, replies asked for while Redis is
frozen, a process killed while the chats it holds wait for their turn, and Redis
freezing while a slow call is in flight. Each scenario measures what it times (the
suite's closing table lists it)."""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from bot.app import Pacing
from bot.telegram.outbox.pace import Limits
from tests.e2e.checks import (
    accepted,
    accepted_at,
    changes_in,
    check_announcements,
    check_answers,
    check_moves,
    check_no_flood,
    longest_unshown,
    shown_version,
)
from tests.e2e.fake_bot_api import Call, FakeBotApi, Someone
from tests.e2e.people import FROZEN, DirectGame, GroupGame, Press, stopped
from tests.e2e.process import BotProcess
from tests.e2e.suite import scenario
from tests.e2e.test_faults import (
    ALICE,
    FOUR,
    GROUP,
    check_all_stored,
    check_over,
    direct_records,
)
from tests.e2e.world import ChatOutbox, World

# -- what the scenarios share --------------------------------------------------------------------

LOOKS = 3  # times the stored games are looked at while a crowd plays
FEW = 2  # versions a settled game message may lag behind its stored game
SETTLING = 20.0  # seconds for every outbox to empty once people stop pressing
_SHOWS_A_HAND = re.compile(r"· hand \d+ ·")


def now(world: World) -> float:
    return world.api.clock()


def crowd(world: World, count: int, first_id: int) -> list[DirectGame]:
    """`count` people, each to play a direct game in their private chat."""
    people = [Someone(first_id + i, f"T{i}") for i in range(count)]
    return [DirectGame(world.api, world.service, who) for who in people]


def chats_of(games: Sequence[DirectGame]) -> list[int]:
    return [g.who.id for g in games]


def presses_of(games: Sequence[DirectGame]) -> list[Press]:
    return [p for g in games for p in g.presses]


def tapping(games: Sequence[DirectGame], until: Callable[[], bool]) -> asyncio.Future[list[None]]:
    """Everyone presses what their game message offers (a move, Next hand, Rematch) as
    soon as it offers it, until `until()`: the task of all their games."""
    return asyncio.gather(*(g.play(until=until, again=lambda: True) for g in games))


async def meanwhile(playing: asyncio.Future[Any], seconds: float) -> None:
    """Wait `seconds` while the people play; their failure ends the wait with it."""
    done, _ = await asyncio.wait({playing}, timeout=seconds)
    if done:
        playing.result()


async def check_moving(
    world: World, chats: Sequence[int], before: dict[int, tuple[str, int]]
) -> dict[int, tuple[str, int]]:
    """Every chat's stored game moved on since `before` (a newer version, or a rematch);
    returns where they are now."""
    after = await world.positions(chats)
    stuck = {chat: after.get(chat) for chat in chats if after.get(chat) == before.get(chat)}
    assert not stuck, f"stored games that did not move on (game, version): {stuck}"
    return after


async def settled(world: World, chats: Sequence[int]) -> None:
    """Wait until every chat's outbox is empty: all it was marked for is shown."""
    deadline = now(world) + SETTLING
    while True:
        waiting = {c: o for c, o in (await world.outboxes(chats)).items() if o.waiting}
        if not waiting:
            return
        assert now(world) < deadline, f"outboxes still waiting after {SETTLING:.0f} s: {waiting}"
        await asyncio.sleep(0.5)


async def check_crowd(world: World, games: Sequence[DirectGame]) -> None:
    """Once the people stopped: every outbox empty, each person's messages show their
    game (not the /play menu) at the version stored (within `FEW`), every press
    answered once, every accepted move stored once, every record replays, no 429."""
    chats = chats_of(games)
    await settled(world, chats)
    positions = await world.positions(chats)
    problems = []
    for game in games:
        name = game.who.first_name
        if any(m.data_starting("pl:") for m in world.api.messages_in(game.who.id)):
            menus = [t for t in world.api.sent_texts(game.who.id) if "New game" in t]
            problems.append(f"{name}: the /play menu is still shown ({len(menus)} sent)")
        message = game.game_message()
        if message is None or game.who.id not in positions:
            problems.append(f"{name}: no game shown")
            continue
        game_id, version = positions[game.who.id]
        shown = shown_version(message, game_id)
        if shown is None or version - shown > FEW:
            problems.append(f"{name}: game {game_id} is at {version}, its message shows {shown}")
    assert not problems, "games not shown as stored:\n" + "\n".join(problems)
    await check_answers(world, presses_of(games))
    records = await world.records()
    for game in games:
        for record in records.values():
            if record.chat_id == game.who.id:
                check_moves(world.api, record, game.presses, figures=world.figures)
    await check_all_stored(world)
    check_no_flood(world.api)


async def tap_for(world: World, games: Sequence[DirectGame], seconds: float) -> None:
    """The people press as soon as they are offered for `seconds`; the stored games are
    looked at `LOOKS` times meanwhile, each having moved on since the last look."""
    end = now(world) + seconds
    playing = tapping(games, lambda: now(world) >= end)
    try:
        chats = chats_of(games)
        before = await world.positions(chats)
        for _ in range(LOOKS):
            await meanwhile(playing, seconds / LOOKS)
            before = await check_moving(world, chats, before)
        await playing
    finally:
        await stopped(playing)


# -- crowds pressing as fast as they are answered ------------------------------------------------

TAPPING = 60.0  # seconds the crowd of 25 plays
# A crowd keeps a bot process busy as several ordinary scenarios do (its weight), and
# the two crowds never run at once.


@pytest.mark.faults
@scenario(expected=95, weight=4)
async def test_25_people_pressing_as_soon_as_answered_each_see_their_game_move_on(
    world: World,
) -> None:
    """25 people open direct games through the /play menu at once, then for 60 s each
    presses the first move, Next hand or Rematch as soon as their game message offers
    it: every stored game moves on between three looks, each message ends showing its
    game (not the menu) at the stored version, every press is answered once, no 429."""
    await world.start_bot()
    games = crowd(world, 25, 7000)
    await asyncio.gather(*(g.open() for g in games))
    await tap_for(world, games, TAPPING)
    await check_crowd(world, games)


FROZEN_REDIS = 12.0
BEFORE_FREEZE = (4.0, 6.0)  # seconds of play before Redis is frozen (seeded)
AFTER_THAW = 12.0  # seconds of play after it is thawed


@pytest.mark.faults
@scenario(expected=100, weight=6)
async def test_40_people_pressing_through_a_12_s_redis_freeze_see_their_games_move_on(
    world: World,
) -> None:
    """40 people press as soon as answered (as the 25 do, their games shown as text)
    while Redis is frozen (SIGSTOP) for 12 s: each game's message changes within 10 s
    of the thaw and its stored game has moved on 10 s after it. Once all is shown and
    answered the bot stops cleanly on SIGTERM (exit status 0), and, as in every
    scenario, its log says of no task that its exception was never retrieved; then all
    is checked as for the 25."""
    # As text: drawn, 40 people would take a core of the machine the other scenarios
    # share, and the freeze, not the drawing, is what this crowd is about.
    bot = await world.start_bot(replace(world.settings, look="text"))
    games = crowd(world, 40, 7100)
    chats = chats_of(games)
    await asyncio.gather(*(g.open() for g in games))
    end = [float("inf")]
    playing = tapping(games, lambda: now(world) >= end[0])
    try:
        await meanwhile(playing, world.rng.uniform(*BEFORE_FREEZE))
        before = await world.positions(chats)
        world.freeze_redis()
        await meanwhile(playing, FROZEN_REDIS)
        world.thaw_redis()
        thawed = now(world)
        await meanwhile(playing, FROZEN)
        await check_moving(world, chats, before)
        end[0] = thawed + AFTER_THAW
        await playing
    finally:
        await stopped(playing)

    moved_on = {c: first_change(world.api, c, thawed) - thawed for c in chats}
    longest = max(moved_on.values())
    world.figures.measured["moving on after a thaw"] = longest
    late = {c: round(s, 1) for c, s in moved_on.items() if s > FROZEN}
    assert not late, (
        f"chats that changed more than {FROZEN:.0f} s after the thaw: {late}; their "
        f"presses since the freeze: {presses_since(world, games, late, thawed - FROZEN_REDIS)}"
    )
    # Stopped once all is shown and answered: a task's error lost shows in the log at
    # the latest when the process ends.
    await settled(world, chats)
    await check_answers(world, presses_of(games))
    status = await world.sigterm(bot)
    assert status == 0, f"the bot exited with {status} on SIGTERM"
    await check_crowd(world, games)


def presses_since(
    world: World, games: Sequence[DirectGame], chats: Iterable[int], since: float
) -> dict[int, list[tuple[str, float, list[tuple[float, str]]]]]:
    """Each chat's presses since `since`: what, when, and each answer (when, what it
    said), the times from `since`."""
    wanted = set(chats)
    return {
        g.who.id: [
            (
                p.data,
                round(p.at - since, 2),
                [
                    (round(a.at - since, 2), str(a.params.get("text") or a.status))
                    for a in world.api.answers_to(p.query_id)
                ],
            )
            for p in g.presses
            if p.at >= since
        ]
        for g in games
        if g.who.id in wanted
    }


def first_change(api: FakeBotApi, chat_id: int, since: float) -> float:
    """When the chat first changed after `since` (infinity: never)."""
    return min((c.at for c in changes_in(api, chat_id, since)), default=float("inf"))


# -- pictures Telegram refuses -------------------------------------------------------------------

TO_TEXT = 5.0  # seconds from a game's start to its being shown as text
PICTURE_METHODS = ("sendPhoto", "editMessageMedia")


def text_shown_at(api: FakeBotApi, chat_id: int) -> float | None:
    """When a text message of the chat first showed a game's hand."""
    return next(
        (
            c.at
            for c in changes_in(api, chat_id)
            if c.method in ("sendMessage", "editMessageText")
            and _SHOWS_A_HAND.search(str(c.params.get("text", "")))
        ),
        None,
    )


def pictures_in(api: FakeBotApi, chat_id: int) -> tuple[list[Call], list[Call]]:
    """The photo calls to the chat Telegram took, and those it refused."""
    calls = [c for m in PICTURE_METHODS for c in api.calls(m) if c.params.get("chat_id") == chat_id]
    return [c for c in calls if c.ok], [c for c in calls if c.status == 400]


async def to_text(world: World, chat_id: int, started: float) -> float:
    """Wait for the chat to show its game as text; returns how long after `started` it
    first did (a figure of the suite's table)."""
    api = world.api
    await api.wait_until(
        lambda: text_shown_at(api, chat_id) is not None, FROZEN, f"the game as text in {chat_id}"
    )
    shown = text_shown_at(api, chat_id)
    assert shown is not None
    took = shown - started
    world.figures.measured[f"refused: to text ({'group' if chat_id < 0 else 'direct'})"] = took
    return took


def check_to_text(chat_id: int, took: float) -> None:
    assert took <= TO_TEXT, f"chat {chat_id} showed its game as text {took:.1f} s after its start"


@pytest.mark.faults
@scenario(expected=45)
async def test_a_direct_game_whose_pictures_are_refused_is_shown_as_text_to_its_end(
    world: World,
) -> None:
    """Telegram refuses every picture in Alice's chat (400 wrong file identifier), the
    bot drawing its games: her game is shown as text within 5 s of the /play menu's
    last press, then played to its end, every press answered once, no 429, no error
    logged, nothing drawn shown there."""
    await world.start_bot(replace(world.settings, look="picture"))
    world.api.refuse_pictures(ALICE.id)
    game = DirectGame(world.api, world.service, ALICE)
    await game.open()
    took = await to_text(world, ALICE.id, game.presses[-1].at)
    await game.play()

    check_over(await world.record_in(ALICE.id), game.game_message())
    await check_answers(world, game.presses)
    for record in await direct_records(world, ALICE):
        check_moves(world.api, record, game.presses, figures=world.figures)
    taken, refused = pictures_in(world.api, ALICE.id)
    assert refused, "no picture was refused: the fault was not met"
    assert not taken, f"pictures shown in a chat that refuses them: {len(taken)}"
    check_no_flood(world.api)
    assert not world.log_problems()
    check_to_text(ALICE.id, took)


@pytest.mark.faults
@scenario(expected=60)
async def test_a_group_whose_pictures_are_refused_sees_its_table_as_text_and_plays_on(
    world: World,
) -> None:
    """Telegram refuses every picture in the group (400 wrong file identifier), the bot
    drawing its games: its table shows as text within 5 s of the last Join (the match
    dealt), and the game goes on past its second hand (or its end), each result told
    once; the players' own chats still get pictures; every press answered once, no 429,
    no error logged."""
    await world.start_bot(replace(world.settings, look="picture"))
    world.api.refuse_pictures(GROUP)
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await group.open()
    joined = [p.at for p in group.presses if "join" in p.data and accepted(world.api, p)]
    took = await to_text(world, GROUP, joined[-1])
    await group.play_past(lambda: 1)

    record = await world.record_in(GROUP)
    check_announcements(world.api, GROUP, record, figures=world.figures)
    await check_answers(world, group.presses)
    check_moves(world.api, record, group.presses, figures=world.figures)
    taken, refused = pictures_in(world.api, GROUP)
    assert refused, "no picture was refused: the fault was not met"
    assert not taken, f"pictures shown in a group that refuses them: {len(taken)}"
    drawn = [who.first_name for who in FOUR if pictures_in(world.api, who.id)[0]]
    assert drawn, "the players' own chats were switched to text with the group"
    check_no_flood(world.api)
    assert not world.log_problems()
    check_to_text(GROUP, took)


# -- an edit method failing with 500 ---------------------------------------------------------------

MEDIA_OUTAGE = 30.0  # seconds editMessageMedia answers 500 in the group


@pytest.mark.faults
@scenario(expected=70)
async def test_a_groups_picture_edits_failing_30_s_leave_its_table_stale_at_most_10_s(
    world: World,
) -> None:
    """A four-person Kozel game drawn in its group; editMessageMedia answers 500 there
    for 30 s (sendPhoto works): the group never goes more than 10 s without a change
    after a move while the people play through the outage and 10 s after it (a
    rematch when the match ends), every press answered once, no 429."""
    await world.start_bot(replace(world.settings, look="picture"))
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await group.open()
    began = now(world)
    world.api.fail("editMessageMedia", MEDIA_OUTAGE, GROUP)
    end = began + MEDIA_OUTAGE + FROZEN
    await group.play(until=lambda: now(world) >= end, again=lambda: True)

    moves = [at for at in accepted_at(world.api, group.presses) if at >= began]
    stale = longest_unshown(world.api, GROUP, moves, now(world))
    world.figures.measured["table stale, edits failing"] = stale
    failed = [c for c in world.api.calls("editMessageMedia") if c.status == 500]
    assert failed, "no edit failed: the fault was not met"
    await check_answers(world, group.presses)
    for record in (await world.records()).values():
        if record.chat_id == GROUP:
            check_moves(world.api, record, group.presses, figures=world.figures)
    check_no_flood(world.api)
    await check_all_stored(world)
    assert stale <= FROZEN, f"the group showed nothing new for {stale:.1f} s after a move"


# -- replies while Redis is frozen -----------------------------------------------------------------

BOB = Someone(1002, "Bob")
NINA = Someone(1003, "Nina")
REPLIES_FROZEN = 10.0
QUIET = 3.0  # seconds for anything sent twice to show
# What a frozen Redis explains in the log: the store out of reach, and a traceback that
# ends in it.
OUTAGE = re.compile(r"\bStorageUnavailableError\b")
NO_STORE = "I cannot reach my game store"  # the reply to what needs it while it is out


def greetings_to(api: FakeBotApi, who: Someone) -> list[str]:
    return [t for t in api.sent_texts(who.id) if t.startswith(f"Hello, {who.first_name}")]


def play_answers_to(api: FakeBotApi, who: Someone) -> list[str]:
    """The replies to `who`'s /play: the menu, or the word that the store is out."""
    return [t for t in api.sent_texts(who.id) if "New game" in t or NO_STORE in t]


@pytest.mark.faults
@scenario(expected=35)
async def test_a_play_and_a_start_sent_while_redis_is_frozen_are_each_answered_once(
    world: World,
) -> None:
    """Redis is frozen (SIGSTOP) for 10 s from the moment Telegram takes Bob's greeting
    (before the bot hears it went); a seeded moment into it Bob, who has no game, sends
    /play, and Nina, new, sends /start. Each is answered (the menu or the word that the
    store is out; the greeting) at once or within 10 s of the thaw, nothing is logged as
    an error but what the outage explains, and no reply is sent twice: Bob's greeting
    neither."""
    api = world.api
    await world.start_bot()
    frozen: list[float] = []

    def freeze() -> None:
        world.freeze_redis()
        frozen.append(now(world))

    api.once_taken("sendMessage", BOB.id, freeze)
    api.write(BOB, "/start")
    await api.wait_until(lambda: bool(frozen), FROZEN, "Bob's greeting")
    await asyncio.sleep(world.rng.uniform(0.5, 2.0))
    asked = now(world)
    api.write(BOB, "/play")
    api.write(NINA, "/start")
    await asyncio.sleep(frozen[0] + REPLIES_FROZEN - now(world))
    world.thaw_redis()
    try:
        await api.wait_until(
            lambda: bool(play_answers_to(api, BOB) and greetings_to(api, NINA)),
            FROZEN,
            "the replies",
        )
    except AssertionError as error:
        for who in (BOB, NINA):
            error.add_note(f"sent to {who.first_name}: {api.sent_texts(who.id)}")
        raise
    for who, answers in ((BOB, play_answers_to), (NINA, greetings_to)):
        said = answers(api, who)
        replied = next(c.at for c in changes_in(api, who.id, asked) if c.params.get("text") in said)
        world.figures.measured[f"replied in a freeze ({who.first_name})"] = replied - asked
    await asyncio.sleep(QUIET)

    assert not world.log_problems(OUTAGE), world.log_problems(OUTAGE)
    assert len(play_answers_to(api, BOB)) == 1, play_answers_to(api, BOB)
    assert len(greetings_to(api, NINA)) == 1, "Nina was greeted twice"
    sent = [c.at for c in api.calls("sendMessage") if c.ok and c.params["chat_id"] == BOB.id]
    assert len(greetings_to(api, BOB)) == 1, (
        f"Bob was greeted {len(greetings_to(api, BOB))} times (his messages sent at "
        f"{[round(at - frozen[0], 2) for at in sent]} s from the freeze)"
    )


# -- a process killed while its chats wait ---------------------------------------------------------

TAKEOVER = 5.0  # seconds for the other process to show a chat the killed one held
HELD = 2  # chats the killed process holds with something waiting: the group and one
MOMENT = 30.0  # seconds to wait for such a moment
LEASE = Pacing().lease  # seconds a process says it lives for, at each look
LOOKED_AGAIN = 1.5  # seconds after which a live process has said so again


class Holders:
    """Which process holds each chat's outbox. Redis names the holder by the token of
    its outbox, which the processes do not tell: a chat's calls while one token holds
    it come from one process, so each such call is a vote for that process."""

    def __init__(self, world: World, chats: Sequence[int]) -> None:
        self._world = world
        self._chats = list(chats)
        self._votes: dict[str, Counter[str]] = {}
        self.task = asyncio.create_task(self._watch())

    def process_of(self, owner: str) -> BotProcess | None:
        """The live process that holds the chats `owner` names, once votes agree."""
        if self.task.done():
            self.task.result()  # the watch failed: say why
        votes = self._votes.get(owner, Counter())
        found = votes.most_common(2)
        if not found or found[0][1] < 3 or (len(found) > 1 and found[1][1] * 3 > found[0][1]):
            return None
        token = found[0][0]
        return next((p for p in self._world.processes if p.token == token and p.running), None)

    async def _watch(self) -> None:
        api = self._world.api
        at, before = now(self._world), await self._world.outboxes(self._chats)
        while True:
            await asyncio.sleep(0.1)
            later, after = now(self._world), await self._world.outboxes(self._chats)
            for chat in self._chats:
                owner = after[chat].owner
                if owner is None or before[chat].owner != owner:
                    continue
                for call in changes_in(api, chat, at):
                    if call.at <= later:
                        self._votes.setdefault(owner, Counter())[call.token] += 1
            at, before = later, after


async def a_moment_to_kill(
    world: World, holders: Holders, chats: Sequence[int], playing: asyncio.Future[Any]
) -> tuple[BotProcess, dict[int, ChatOutbox]]:
    """Wait until one process holds the group while its table waits for the group's
    pace (its next call not due for a second yet) and a direct chat with something
    waiting too; returns it and the chats it holds that wait."""
    deadline = now(world) + MOMENT
    pace = Limits().group
    while now(world) < deadline:
        if playing.done():
            playing.result()
            raise AssertionError("the games ended before a moment to kill came")
        outboxes = await world.outboxes(chats)
        table = outboxes[GROUP]
        due = table.tat - (pace.burst - 1) * pace.interval
        wall = time.time()
        if table.owner is not None and table.waiting and table.until > wall and due > wall + 1:
            held = {c: o for c, o in outboxes.items() if o.owner == table.owner and o.waiting}
            process = holders.process_of(table.owner)
            if process is not None and len(held) >= HELD:
                return process, held
        await asyncio.sleep(0.05)
    raise AssertionError(
        f"in {MOMENT:.0f} s no process held the group waiting for its pace and a direct "
        "chat waiting too"
    )


@pytest.mark.faults
@scenario(expected=60, weight=2)
async def test_the_chats_a_killed_process_held_are_shown_by_the_other_within_5_s(
    world: World,
) -> None:
    """Two processes on one Redis; a group Kozel game and four direct games, everyone
    pressing as soon as offered (the table waits for the group's pace, the direct chats
    for a message a second). At a moment one process holds the group, its table waiting
    for the group's pace, and a direct chat with something waiting, it is killed -9:
    each chat it held that waited changes within 5 s of the kill, shown by the other
    process; every press answered once (but those in flight), nothing lost or
    doubled."""
    await world.start_bot()
    await world.start_bot()
    directs = crowd(world, 4, 8000)
    group = GroupGame(world.api, world.service, GROUP, FOUR)
    await asyncio.gather(group.open(), *(d.open() for d in directs))
    chats = [GROUP, *chats_of(directs)]
    holders = Holders(world, chats)
    stop = [False]
    playing = asyncio.gather(
        tapping(directs, lambda: stop[0]),
        group.play(until=lambda: stop[0], again=lambda: True),
    )
    try:
        victim, held = await a_moment_to_kill(world, holders, chats, playing)
        owner = held[GROUP].owner
        killed, killed_wall = now(world), time.time()
        await world.kill(victim)
        await world.api.wait_until(
            lambda: all(first_change(world.api, c, killed) < float("inf") for c in held),
            3 * FROZEN,
            "a change in each chat the killed process held",
        )
        stop[0] = True
        await playing
    finally:
        await stopped(holders.task, playing)

    taken = {c: first_change(world.api, c, killed) - killed for c in held}
    world.figures.measured["kill -9: group shown"] = taken[GROUP]
    world.figures.measured["kill -9: direct chat shown"] = max(
        s for c, s in taken.items() if c != GROUP
    )
    await asyncio.sleep(killed + LOOKED_AGAIN - now(world))
    alive = [t for t, until in (await world.beats()).items() if until > killed_wall + LEASE]
    assert owner not in alive, "the process killed was not the one holding the group"
    await check_answers(world, [*group.presses, *presses_of(directs)])
    records = await world.records()
    for players, chat in [(group, GROUP), *((d, d.who.id) for d in directs)]:
        for record in records.values():
            if record.chat_id == chat:
                check_moves(world.api, record, players.presses, figures=world.figures)
    late = {c: round(s, 1) for c, s in taken.items() if s > TAKEOVER}
    holds = {c: round(o.until - killed_wall, 1) for c, o in held.items()}
    assert not late, (
        f"chats shown more than {TAKEOVER:.0f} s after the kill: {late}; "
        f"the killed process held them for (s after the kill): {holds}"
    )


# -- a call in flight when Redis freezes -----------------------------------------------------------

SLOW = 3.0  # seconds each of Telegram's failing answers takes
SLOW_OUTAGE = 15.0  # seconds Telegram fails so: the edit's three tries and the new message
FREEZE_AFTER = 0.5  # seconds into the call Redis freezes, before the hold is renewed
CALL_FROZEN = 5.0  # seconds it stays frozen: past a Redis command's time limit


@pytest.mark.faults
@scenario(expected=45)
async def test_a_call_in_flight_as_redis_freezes_loses_no_error_and_the_game_goes_on(
    world: World,
) -> None:
    """Alice's game (as text); Telegram answers edits and new messages in her chat with
    500, each after 3 s, for 15 s; she moves, and Redis freezes for 5 s half a second
    into the bot's edit of her game, while the call is still in flight (the sender
    cannot renew its hold). No error is lost (the suite fails on a task's exception
    never retrieved), and once Telegram answers again her game goes on: each press
    answered once, her moves stored once."""
    api = world.api
    await world.start_bot(replace(world.settings, look="text"))
    game = DirectGame(api, world.service, ALICE)
    await game.open()
    # The bot cannot serve her while Telegram fails (the suite's longest freeze leaves it
    # out), and a call made just before Telegram heals fails 3 s later.
    game.frozen = SLOW + FROZEN
    message = game.game_message()
    assert message is not None
    for method in ("editMessageText", "sendMessage"):
        api.fail(method, SLOW_OUTAGE, ALICE.id, slow=SLOW)
    world.service.blocked(now(world))
    asyncio.get_running_loop().call_later(
        SLOW_OUTAGE, world.service.unblocked, now(world) + SLOW_OUTAGE
    )
    healed = now(world) + SLOW_OUTAGE
    game.press(ALICE, message, message.data_starting("mv:")[0])
    await api.wait_until(lambda: bool(changes_in_flight(api, ALICE.id)), FROZEN, "the edit")
    await asyncio.sleep(FREEZE_AFTER)
    world.freeze_redis()
    await asyncio.sleep(CALL_FROZEN)
    world.thaw_redis()
    await game.play(until=lambda: now(world) > healed + FROZEN)

    await check_answers(world, game.presses)
    for record in await direct_records(world, ALICE):
        check_moves(api, record, game.presses, figures=world.figures)


def changes_in_flight(api: FakeBotApi, chat_id: int) -> list[Call]:
    """The calls to the chat Telegram has not answered yet."""
    return [c for c in api.calls() if c.status == 0 and c.params.get("chat_id") == chat_id]
