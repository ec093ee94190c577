"""Every chat's outbox and its one sender (`bot.telegram.outbox.sender`): under
Telegram's real limits a whole match gets no 429, a direct game costs one edit per
press, whatever had to wait is shown later with the latest content, one process sends
to a chat at a time, and a dead process's chats are taken over."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from aiogram.methods import SendMessage
from fakeredis import FakeAsyncRedis, FakeServer

from bot.app import App, create_app
from bot.game import state
from bot.game.notify import PLAIN, Show
from bot.game.state import Game, HandOver, Playing
from bot.game.worker import Rhythm
from bot.telegram.ports import Look
from bot.telegram.render import game as render
from core.engine import Match
from tests.bot.conftest import CHAT_LIMITS, QUICK_PACE, FakeClock, quick_players
from tests.bot.fake_telegram import Call, FakeTelegram, StoredMessage, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GROUP,
    PEOPLE,
    game_in,
    group_texts,
    hand,
    match_of,
    open_lobby,
    play_to_hand_over,
    seat_everyone,
    table,
    tap,
)
from tests.bot.telegram.handlers.driver import open_game
from texts import Texts

REAL = CHAT_LIMITS


@pytest.mark.parametrize("pace", [REAL], indirect=True)
async def test_a_whole_group_match_under_telegrams_limits_gets_no_429(
    harness: TelegramHarness, clock: FakeClock, fake: FakeTelegram
) -> None:
    """Two people and two bots play Kozel to the end at a person's speed (a press every
    two seconds), with Telegram's limits enforced: nothing is refused, every hand's
    result is told once, in order."""
    fake.limit(lambda: clock.now().timestamp())
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id)
    clock.advance(4)
    await harness.settle()
    await tap(harness, ALICE.id, await table(harness), "Start")
    for _ in range(5000):
        clock.advance(2)
        await harness.settle()
        game = await game_in(harness)
        if not game.is_active:
            break
        state = game.state
        if isinstance(state, HandOver):
            lobby_or_table = await table(harness)
            if any(b.text == "Next hand" for b in lobby_or_table.buttons()):
                await tap(harness, ALICE.id, lobby_or_table, "Next hand")
        elif isinstance(state, Playing) and not game.is_bot(state.turn):
            mover = game.human(state.turn).user_id
            message = await hand(harness, mover)
            if message.buttons():
                data = message.buttons()[0].callback_data or ""
                assert alert_of(await harness.press(PEOPLE[mover], message, data)) is None
    else:
        raise AssertionError("the match did not end")
    for _ in range(60):  # what still waits for the group's pace goes out
        clock.advance(4)
        await harness.settle()
    assert fake.floods == 0
    results = len(match_of(await game_in(harness)).state.results)
    told = [t for t in group_texts(harness) if "is over:</b>" in t]
    assert len(told) == results
    assert [int(t.split("Hand ")[1].split(" ")[0]) for t in told] == list(range(1, results + 1))
    assert "goats" in group_texts(harness)[-2]
    assert group_texts(harness)[-1].startswith("📈 Ratings after the match: ")  # records


@pytest.mark.parametrize("pace", [REAL], indirect=True)
async def test_a_direct_game_pressed_fast_gets_no_429_and_ends_up_shown(
    harness: TelegramHarness, clock: FakeClock, fake: FakeTelegram, texts: Texts
) -> None:
    """Presses three times a second: edits wait for the chat's pace instead of drawing a
    429, and the game message ends up showing the latest game."""
    fake.limit(lambda: clock.now().timestamp())
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50", clock=clock)
    presses = 0
    for _ in range(60):
        shown = harness.fake.message(game.chat_id, game.message_id)
        buttons = [b for b in shown.buttons() if b.text != "Rematch"]
        if buttons:
            answer = await harness.press(ALICE, shown, buttons[0].callback_data or "")
            presses += alert_of(answer) is None
        clock.advance(0.33)
        await harness.settle()
    clock.advance(5)
    await harness.settle()
    assert fake.floods == 0
    assert presses >= 10
    latest = await game_in(harness, ALICE.id)
    shown = harness.fake.message(game.chat_id, game.message_id)
    assert shown.text == render.game_text(latest, latest.seat_view(0), texts.translator("en"))


async def test_a_direct_press_costs_its_answer_and_one_edit(
    harness: TelegramHarness, fake: FakeTelegram
) -> None:
    game = await open_game(harness, "Draw game", "3 bots", "Medium", "100")
    for _ in range(5):
        shown = harness.fake.message(game.chat_id, game.message_id)
        data = shown.buttons()[0].callback_data or ""
        before = len(fake.calls)
        assert alert_of(await harness.press(ALICE, shown, data)) is None
        made = [c.name for c in fake.calls[before:]]
        assert sorted(made) == ["answerCallbackQuery", "editMessageText"], made


async def test_an_older_version_never_overwrites_a_newer_one(
    harness: TelegramHarness, app: App
) -> None:
    """Deliveries of one game may finish out of order: the one for an older version,
    coming last, changes nothing."""
    game = await open_game(harness, "Block game", "1 bot", "Easy", "100")
    older = await game_in(harness, ALICE.id)
    shown = harness.fake.message(game.chat_id, game.message_id)
    answer = await harness.press(ALICE, shown, shown.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    newest = harness.fake.message(game.chat_id, game.message_id).text
    await app.outbox.changed(older)
    await harness.settle()
    assert harness.fake.message(game.chat_id, game.message_id).text == newest


async def test_a_press_rebuilds_the_engine_once(
    harness: TelegramHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game is loaded once per update: its engine is rebuilt at the load (the one
    place the bot rebuilds one), and the use case, delivery and the views all work on
    that one engine."""
    game = await open_game(harness, "Kozel", None, "Medium", "100")
    rebuilds: list[int] = []
    original = state._engine_of

    def counted(stage: Any) -> Match | None:
        rebuilds.append(1)
        return original(stage)

    monkeypatch.setattr(state, "_engine_of", counted)
    for _ in range(5):
        shown = harness.fake.message(game.chat_id, game.message_id)
        before = len(rebuilds)
        answer = await harness.press(ALICE, shown, shown.buttons()[0].callback_data or "")
        assert alert_of(answer) is None
        assert len(rebuilds) - before == 1


def test_the_engine_is_rebuilt_in_one_place_only() -> None:
    sources = {path: path.read_text() for path in Path(state.__file__).parents[1].rglob("*.py")}
    rebuilding = sorted(str(p.name) for p, text in sources.items() if "Match.from_dict" in text)
    assert rebuilding == ["state.py"]


async def test_two_processes_never_send_to_one_chat_at_once(
    harness: TelegramHarness, redis: FakeAsyncRedis, texts: Texts, clock: FakeClock
) -> None:
    """A change told by a second process while the first sends to the chat: the second
    only adds it to the chat's outbox, and the first shows it."""
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    other = create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )
    fake = harness.fake
    fake.latency = 0.05  # the first process is still sending when the second is told
    shown = fake.message(game.chat_id, game.message_id)
    press = asyncio.create_task(harness.press(ALICE, shown, shown.buttons()[0].callback_data or ""))
    # Told once the first process sends to the chat (waited for, not timed: a loaded
    # machine may take longer than any fixed pause to get there).
    while harness.outbox.senders == 0 and not press.done():
        await asyncio.sleep(0.001)
    assert not press.done()
    latest = await game_in(harness, ALICE.id)
    await other.outbox.changed(latest)
    assert other.outbox.senders == 0  # the chat is the first process's
    await press
    await harness.settle()
    latest = await game_in(harness, ALICE.id)
    now = fake.message(game.chat_id, game.message_id)
    assert now.text == render.game_text(latest, latest.seat_view(0), texts.translator("en"))


async def saved_but_not_shown(
    harness: TelegramHarness, app: App, monkeypatch: pytest.MonkeyPatch
) -> tuple[StoredMessage, str]:
    """Alice's direct game after a move its process saved, then died before showing it,
    holding the chat its save took: the game message, and its text as it still reads."""
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")

    async def dies(_game: Game, _show: Show = PLAIN) -> None:
        return None

    monkeypatch.setattr(app.outbox, "changed", dies)
    shown = harness.fake.message(game.chat_id, game.message_id)
    before = shown.text  # the stored message is edited in place
    answer = await harness.press(ALICE, shown, shown.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    assert harness.fake.message(game.chat_id, game.message_id).text == before  # not shown
    monkeypatch.undo()
    return shown, before


async def test_a_dead_processs_chat_is_taken_over_once_its_hold_lapses(
    harness: TelegramHarness,
    app: App,
    redis: FakeAsyncRedis,
    texts: Texts,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The process dies between saving a move and editing the message: another one
    shows the game as it is once the dead one's hold lapses, without anyone sending a
    command, and its buttons work."""
    game, _ = await saved_but_not_shown(harness, app, monkeypatch)
    other = create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )
    assert await other.outbox.look() == 0  # still held
    clock.advance(other.outbox.lease * 4 / 3)
    assert await other.outbox.look() == 1
    await other.outbox.settle()
    latest = await game_in(harness, ALICE.id)
    now = harness.fake.message(game.chat_id, game.message_id)
    assert now.text == render.game_text(latest, latest.seat_view(0), texts.translator("en"))
    assert f":{latest.version}:" in (now.buttons()[0].callback_data or "")


@pytest.mark.errors_expected
async def test_after_an_outage_the_worker_shows_every_live_game_again(
    harness: TelegramHarness,
    app: App,
    server: FakeServer,
    texts: Texts,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move saved just before Redis went out of reach and never shown: the worker of
    a process that lives on shows the game once Redis is back, without anyone pressing
    anything."""
    game, before = await saved_but_not_shown(harness, app, monkeypatch)
    app.worker.rhythm = Rhythm(idle_poll=0.01)
    server.connected = False
    loop = asyncio.create_task(app.worker.run())
    try:
        for _ in range(200):
            if "the store is unavailable" in caplog.text:
                break
            await asyncio.sleep(0.01)
        server.connected = True
        for _ in range(200):
            if harness.fake.message(game.chat_id, game.message_id).text != before:
                break
            await asyncio.sleep(0.01)
    finally:
        server.connected = True
        app.worker.stop()
        await asyncio.wait_for(loop, 2)
    await app.outbox.settle()
    latest = await game_in(harness, ALICE.id)
    now = harness.fake.message(game.chat_id, game.message_id)
    assert now.text == render.game_text(latest, latest.seat_view(0), texts.translator("en"))


async def test_a_stopped_worker_finishes_its_pass_and_leaves(app: App) -> None:
    loop = asyncio.create_task(app.worker.run())
    await asyncio.sleep(0.05)
    app.worker.stop()
    await asyncio.wait_for(loop, 2)
    assert loop.done()
    assert not loop.cancelled()


async def test_an_announcement_whose_answer_is_lost_is_never_told_twice(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Telegram posts a hand's result but the answer never comes back (a network error):
    the result is counted as told, and no later pass tells it again."""
    await open_lobby(harness)
    await tap(harness, ALICE.id, await table(harness), "Start")  # Alice and three bots

    def result_post(method: Any) -> bool:
        told = isinstance(method, SendMessage) and method.chat_id == GROUP
        return told and "is over:</b>" in method.text

    fake.lose_answer.append(result_post)
    await play_to_hand_over(harness)
    for _ in range(5):
        clock.advance(5)
        await harness.settle()
    assert fake.lose_answer == []  # the result's answer was lost
    told = [t for t in group_texts(harness) if "is over:</b>" in t]
    assert len(told) == 1


CALLS_PER_MOVE = 5.0  # at most, on average, with four people (the turn's notification included)


# Words at a quick pace (2 s: the people are at their chats), at a human one (4 s) and a
# slow one (12 s); pictures once: a picture's calls are a text's, one for one
# (docs/capacity.md#pictures has every pace in both looks, 0.01 to 0.02 apart).
LOOKS_AND_PACES = [
    *((Look.TEXT, think) for think in (2, 4, 12)),
    (Look.PICTURE, 6),
]
AT_THE_CHAT = 10  # seconds: a turn this soon after the person's own move is an edit


@pytest.mark.parametrize("pace", [REAL], indirect=True)
@pytest.mark.parametrize(("look", "think"), LOOKS_AND_PACES, indirect=["look"])
async def test_four_people_cost_at_most_five_calls_a_move_and_no_429(
    harness: TelegramHarness, clock: FakeClock, fake: FakeTelegram, think: int, look: Look
) -> None:
    """A whole Kozel match of four people, each pressing `think` seconds after their turn
    comes, the next hand dealt by itself, Telegram's limits enforced (private chats 3 a
    second, groups 20 a minute): every call of the match (answers, hands, turn messages
    and the deletion of the old ones, the table, the announcements) over the people's
    moves is at most 5, and nothing is refused. Every turn that comes 10 s or more after
    the person's own last move comes as a new message, which notifies them; a sooner one
    (someone passed between, or a quick pace) is an edit: they are at the chat."""
    fake.limit(lambda: clock.now().timestamp())
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    start = len(fake.calls)
    moves = 0
    shown: dict[int, int] = {}  # by person: their hand message at their last press
    pressed: dict[int, float] = {}  # by person: when they last pressed
    came = 0.0  # when the turn pressed now came: the press before it
    notified = away = told_away = 0
    for _ in range(5000):
        clock.advance(think)
        await harness.settle()
        game = await game_in(harness)
        if not game.is_active:
            break
        state = game.state
        if isinstance(state, Playing) and not game.is_bot(state.turn):
            mover = game.human(state.turn).user_id
            message = await hand(harness, mover)
            if message.buttons():
                data = message.buttons()[0].callback_data or ""
                assert alert_of(await harness.press(PEOPLE[mover], message, data)) is None
                moves += 1
                new = shown.get(mover) != message.message_id  # a new message came
                notified += new
                if mover in pressed and came - pressed[mover] >= AT_THE_CHAT:
                    away += 1  # the turn came 10 s or more after their own last move
                    told_away += new
                shown[mover] = message.message_id
                pressed[mover] = came = clock.now().timestamp()
    else:
        raise AssertionError("the match did not end")
    for _ in range(60):  # what still waits for the group's pace goes out
        clock.advance(4)
        await harness.settle()
    calls = len(fake.calls) - start
    made = Counter(c.name for c in fake.calls[start:])
    print(
        f"four people, {look.value}, {think} s a move: {moves} moves, {calls} calls, "
        f"{calls / moves:.2f} a move, {notified / moves:.0%} of turns notified "
        f"({told_away} of {away} that came 10 s or more after the person's own move)"
    )
    print(f"  {dict(made)}")
    if fake.files:
        sizes = [len(png) for png in fake.files.values()]
        print(f"  {len(sizes)} pictures uploaded, {sum(sizes) / len(sizes) / 1024:.1f} KB each")
    assert fake.floods == 0
    assert calls / moves <= CALLS_PER_MOVE, f"{calls} calls for {moves} moves"
    assert told_away == away, f"{away - told_away} turns of people away came as edits"


async def test_a_slow_call_keeps_its_chat_held(
    harness: TelegramHarness, redis: FakeAsyncRedis, texts: Texts, clock: FakeClock
) -> None:
    """A call that takes longer than the hold (a picture's upload, a slow Telegram)
    renews it meanwhile: no other process takes the chat and sends it again."""
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    other = create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )
    taken: list[int] = []

    async def slow(call: Call) -> None:
        if call.name == "editMessageText":
            clock.advance(other.outbox.lease + 1)  # past the hold taken before the call
            await asyncio.sleep(other.outbox.lease / 3 + 0.2)  # renewed meanwhile
            taken.append(await other.outbox.look())

    harness.fake.observers.append(slow)
    shown = harness.fake.message(game.chat_id, game.message_id)
    await harness.press(ALICE, shown, shown.buttons()[0].callback_data or "")
    assert taken == [0]
    assert other.outbox.senders == 0
