"""The pace of group games: table edits coalesced under Telegram's limit, bots that
pause without a call per move, 429 retried after retry_after with nothing lost,
a restart or a second process that picks up where the first stopped."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest
from aiogram.exceptions import TelegramForbiddenError
from aiogram.methods import EditMessageText, TelegramMethod
from fakeredis import FakeAsyncRedis

from bot.app import App, Pacing, create_app
from bot.game.notify import PLAIN, Show
from bot.game.state import Game, Stopped
from bot.game.worker import Rhythm
from bot.store.schedule import Schedule
from bot.telegram.outbox.pace import Limit, Limits
from bot.telegram.ports import Look
from core.state import Phase
from tests.bot.conftest import NO_LIMIT, QUICK_PACE, FakeClock, FakeSleep, quick_players
from tests.bot.fake_telegram import FakeTelegram, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GROUP,
    PEOPLE,
    game_in,
    group_edits,
    group_texts,
    hand,
    kozel_of_four,
    match_of,
    open_lobby,
    phase_of,
    play_one_move,
    table,
    tap,
)
from tests.bot.telegram.handlers.driver import open_game
from texts import Texts

SLOW_TABLE = Pacing(
    limits=Limits(NO_LIMIT, Limit(interval=10), NO_LIMIT), rhythm=Rhythm(bot_delay=0)
)
READABLE = Pacing(
    limits=Limits(NO_LIMIT, Limit(interval=3.5), NO_LIMIT),
    rhythm=Rhythm(bot_delay=1.5),
)


def line_length(text: str) -> int:
    line = next(row for row in text.splitlines() if row.startswith("Line:"))
    return len(line.split()) - 1


async def started_kozel(harness: TelegramHarness, clock: FakeClock) -> None:
    """Four people at the table, with the group's pace waited out."""
    await kozel_of_four(harness, clock, 60)


def another_process(
    harness: TelegramHarness, redis: FakeAsyncRedis, texts: Texts, clock: FakeClock, pace: Pacing
) -> App:
    """A second bot process on the same Redis and the same Telegram."""
    return create_app(
        harness.bot, redis, quick_players(), texts, pace, now=clock.now, look=Look.TEXT
    )


async def mover_presses(harness: TelegramHarness) -> None:
    record = await game_in(harness)
    turn = match_of(record).turn
    assert turn is not None
    mover = record.human(turn).user_id
    message = await hand(harness, mover)
    answer = await harness.press(PEOPLE[mover], message, message.buttons()[0].callback_data or "")
    assert alert_of(answer) is None


@pytest.mark.parametrize("pace", [SLOW_TABLE], indirect=True)
async def test_several_moves_make_one_table_edit(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await started_kozel(harness, clock)
    clock.advance(60)
    await mover_presses(harness)  # the table may be edited at once: the group was quiet
    edits = len(group_edits(harness))
    for _ in range(4):
        before = len(harness.fake.calls)
        await mover_presses(harness)
        made = Counter(c.name for c in harness.fake.calls[before:])
        # The answer, the mover's message, and the next player's turn (a new message, or
        # an edit when it came back quickly): nothing for the group.
        assert made["answerCallbackQuery"] == 1, made
        assert made["editMessageText"] + made["sendMessage"] == 2, made
        assert set(made) <= {"answerCallbackQuery", "editMessageText", "sendMessage"}, made
        assert all(
            c.params["chat_id"] > 0 for c in harness.fake.calls[before:] if "chat_id" in c.params
        )
    assert len(group_edits(harness)) == edits
    shown = line_length((await table(harness)).text)

    clock.advance(10)
    await harness.settle()
    assert len(group_edits(harness)) == edits + 1  # one edit, with the latest table
    record = await game_in(harness)
    now = len(match_of(record).state.line.chain)
    assert line_length((await table(harness)).text) == now > shown


async def test_a_429_on_the_table_is_retried_after_retry_after(
    harness: TelegramHarness, clock: FakeClock, fake: FakeTelegram
) -> None:
    await started_kozel(harness, clock)
    fake.flood(times=1, retry_after=7, chat_id=GROUP)
    await mover_presses(harness)
    refused = len(group_edits(harness))
    await mover_presses(harness)  # the group is waiting out the flood: no call meanwhile
    await mover_presses(harness)
    assert len(group_edits(harness)) == refused
    clock.advance(6)
    await harness.settle()
    assert len(group_edits(harness)) == refused
    clock.advance(1)
    await harness.settle()
    assert len(group_edits(harness)) == refused + 1  # only the latest content is sent
    record = await game_in(harness)
    assert line_length((await table(harness)).text) == len(match_of(record).state.line.chain)


async def test_no_hand_result_is_lost_to_flood_control(
    harness: TelegramHarness, clock: FakeClock, fake: FakeTelegram, texts: Texts
) -> None:
    await started_kozel(harness, clock)
    fake.flood(times=10_000, retry_after=30, chat_id=GROUP)  # the group is out of reach
    while phase_of(await game_in(harness)) is Phase.PLAYING:
        await play_one_move(harness)  # the hands still go to each person's private chat
        clock.advance(1)
    assert not [t for t in group_texts(harness) if "is over:</b>" in t]
    fake.fail_next.clear()
    clock.advance(30)
    await harness.settle()
    told = [t for t in group_texts(harness) if "is over:</b>" in t]
    assert len(told) == 1
    assert texts.get("en", "table-hand-over", hand=1) in (await table(harness)).text
    clock.advance(60)
    await harness.settle()
    assert len([t for t in group_texts(harness) if "is over:</b>" in t]) == 1


async def test_a_direct_game_waits_out_a_429_and_shows_the_move_then(
    harness: TelegramHarness, fake: FakeTelegram, sleep: FakeSleep, clock: FakeClock
) -> None:
    """A 429 holds the chat for retry_after: nobody sleeps on it, and the latest game is
    shown once the wait is over."""
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    fake.flood(times=1, retry_after=3, chat_id=ALICE.id)
    before = game.text
    answer = await harness.press(ALICE, game, game.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    assert harness.fake.message(ALICE.id, game.message_id).text == before
    clock.advance(2.9)
    await harness.settle()
    assert harness.fake.message(ALICE.id, game.message_id).text == before
    clock.advance(0.1)
    await harness.settle()
    assert harness.fake.message(ALICE.id, game.message_id).text != before
    assert sleep.waits == []


@pytest.mark.parametrize("pace", [READABLE], indirect=True)
async def test_bots_pause_and_never_cost_a_call_each(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await open_lobby(harness)
    await tap(harness, ALICE.id, await table(harness), "Start")  # three bots
    start = clock.now()
    group_calls_before = len(group_edits(harness)) + len(group_texts(harness))
    decisions = 0
    while phase_of(record := await game_in(harness)) is Phase.PLAYING:
        made = len(match_of(record).state.decisions)
        if (await hand(harness, ALICE.id)).buttons():
            await mover_presses(harness)
            continue
        clock.advance(0.5)
        await harness.settle()
        after = len(match_of(await game_in(harness)).state.decisions)
        assert after - made <= 1  # one bot at a time, 1.5 s apart
        decisions += after - made
    elapsed = (clock.now() - start).total_seconds()
    group_calls = len(group_edits(harness)) + len(group_texts(harness)) - group_calls_before
    assert decisions > 5
    assert elapsed >= decisions * 1.5
    assert group_calls <= elapsed / 3.5 + 2  # under the group's pace...
    assert group_calls < decisions  # ...so bots' moves share edits


async def test_a_restart_picks_up_a_group_move_saved_but_not_shown(
    harness: TelegramHarness,
    clock: FakeClock,
    redis: FakeAsyncRedis,
    texts: Texts,
    app: App,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The process dies after saving a move, before telling anyone: once its hold on
    the group lapses another process, starting, shows the move in every chat."""
    await started_kozel(harness, clock)
    harness.auto_settle = False

    async def dies(_game: Game, _show: Show = PLAIN) -> None:
        return None

    monkeypatch.setattr(app.outbox, "changed", dies)
    record = await game_in(harness)
    turn = match_of(record).turn
    assert turn is not None
    mover = record.human(turn).user_id
    message = await hand(harness, mover)
    await harness.press(PEOPLE[mover], message, message.buttons()[0].callback_data or "")
    moved = await game_in(harness)
    assert moved.version > record.version
    assert (await hand(harness, mover)).buttons()  # not told yet
    clock.advance(app.outbox.lease * 4 / 3)  # the dead process's hold lapsed a while ago

    restarted = another_process(harness, redis, texts, clock, QUICK_PACE)
    await restarted.worker.revisit()
    await restarted.worker.settle()
    await restarted.outbox.settle()
    assert (await hand(harness, mover)).buttons() == []
    next_turn = match_of(moved).turn
    assert next_turn is not None
    assert (await hand(harness, moved.human(next_turn).user_id)).buttons()
    assert line_length((await table(harness)).text) == len(match_of(moved).state.line.chain)


async def test_two_processes_never_tell_the_group_twice(
    harness: TelegramHarness,
    clock: FakeClock,
    redis: FakeAsyncRedis,
    texts: Texts,
    fake: FakeTelegram,
) -> None:
    await started_kozel(harness, clock)
    fake.flood(times=10_000, retry_after=5, chat_id=GROUP)  # the result waits to be told
    while phase_of(await game_in(harness)) is Phase.PLAYING:
        await play_one_move(harness)
    fake.fail_next.clear()
    clock.advance(5)
    second = another_process(harness, redis, texts, clock, QUICK_PACE)
    await asyncio.gather(harness.settle(), second.worker.settle(), second.outbox.settle())
    assert len([t for t in group_texts(harness) if "is over:</b>" in t]) == 1


async def test_four_joins_at_once_all_get_a_seat(harness: TelegramHarness) -> None:
    await open_lobby(harness)
    lobby = await table(harness)
    join = lobby.button("Join").callback_data or ""
    updates = [
        harness.press_update(PEOPLE[p], lobby, join, f"join-{p}")
        for p in (BOB.id, CAROL.id, DAVE.id)
    ]
    await asyncio.gather(*(harness.dp.feed_update(harness.bot, u) for u in updates))
    await harness.settle()
    for p in (BOB.id, CAROL.id, DAVE.id):
        assert alert_of(harness.answer_to(f"join-{p}")) is None
    record = await game_in(harness)
    assert sorted(h.user_id for _, h in record.humans()) == [ALICE.id, BOB.id, CAROL.id, DAVE.id]


async def test_a_double_press_of_a_move_applies_it_once(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await started_kozel(harness, clock)
    record = await game_in(harness)
    turn = match_of(record).turn
    assert turn is not None
    mover = record.human(turn).user_id
    message = await hand(harness, mover)
    data = message.buttons()[0].callback_data or ""
    presses = [harness.press_update(PEOPLE[mover], message, data, f"twice-{i}") for i in (1, 2)]
    await asyncio.gather(*(harness.dp.feed_update(harness.bot, u) for u in presses))
    alerts = [alert_of(harness.answer_to(f"twice-{i}")) for i in (1, 2)]
    assert sorted(a is None for a in alerts) == [False, True]
    after = await game_in(harness)
    assert after.version == record.version + 1
    mine = [d for d in match_of(after).state.decisions if d.seat == turn]
    assert len(mine) == len([d for d in match_of(record).state.decisions if d.seat == turn]) + 1


async def test_a_group_that_removed_the_bot_stops_its_game(
    harness: TelegramHarness,
    clock: FakeClock,
    fake: FakeTelegram,
    texts: Texts,
    redis: FakeAsyncRedis,
) -> None:
    await started_kozel(harness, clock)

    def removed(method: TelegramMethod[Any]) -> Exception | None:
        if getattr(method, "chat_id", None) == GROUP:
            fake.fail_next.append(removed)
            return TelegramForbiddenError(method, "Forbidden: bot was kicked from the group chat")
        return None

    fake.fail_next.append(removed)
    await mover_presses(harness)
    record = await game_in(harness)
    assert isinstance(record.state, Stopped)
    assert texts.get("en", "game-stopped") in (await hand(harness, ALICE.id)).text
    assert await Schedule(redis).due_games(now=clock.now().timestamp() + 1e6) == []


@pytest.mark.errors_expected
async def test_an_unexpected_failure_while_showing_a_move_is_tried_again(
    harness: TelegramHarness, clock: FakeClock, fake: FakeTelegram
) -> None:
    """The move is saved and its press answered without an alert; the table that could
    not be edited is edited by the worker."""
    await started_kozel(harness, clock)
    failed: list[str] = []

    def once(method: TelegramMethod[Any]) -> Exception | None:
        if getattr(method, "chat_id", None) == GROUP and not failed:
            failed.append(method.__api_method__)
            return RuntimeError("the network hiccups")
        return None

    fake.fail_next.append(once)
    before = await game_in(harness)
    await mover_presses(harness)  # asserts the press got no alert
    assert failed == ["editMessageText"]
    await harness.elapse(1)
    after = await game_in(harness)
    assert after.version > before.version
    assert line_length((await table(harness)).text) == len(match_of(after).state.line.chain)


async def test_a_direct_game_whose_edit_failed_unexpectedly_is_shown_at_the_next_try(
    harness: TelegramHarness, fake: FakeTelegram, sleep: FakeSleep
) -> None:
    """Anything unforeseen on a call is met as a network error: tried again after a
    short pause (nothing is logged as an error: the next try went)."""
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    failed: list[str] = []

    def once(method: TelegramMethod[Any]) -> Exception | None:
        if isinstance(method, EditMessageText) and not failed:
            failed.append(method.__api_method__)
            return RuntimeError("the network hiccups")
        return None

    fake.fail_next.append(once)
    before = game.text
    answer = await harness.press(ALICE, game, game.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    assert failed == ["editMessageText"]
    assert sleep.waits == [0.2]
    assert harness.fake.message(ALICE.id, game.message_id).text != before
