"""Fixtures for the bot: fakeredis, the stores and use cases with quick bot players,
and the dispatcher fed through a fake Telegram API."""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import random
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import cast

import pytest
from aiogram import Bot
from fakeredis import FakeAsyncRedis, FakeServer

from bot.app import App, Pacing, create_app
from bot.game.games import Games
from bot.game.matches import Matches
from bot.game.worker import Rhythm
from bot.store.games import GameStore
from bot.store.messages import MessageStore
from bot.telegram.client import create_bot
from bot.telegram.outbox.pace import Limit, Limits
from bot.telegram.ports import Look
from core.players import BotPlayer, EasyPlayer, HardPlayer, Level, MediumPlayer
from tests.bot.fake_telegram import TOKEN, FakeTelegram, TelegramHarness
from tests.redis_cluster import RedisClusterNodes
from tests.slot_guard import SlotGuard
from texts import Texts


def quick_players() -> dict[Level, BotPlayer]:
    """The four levels, hard and expert cut down so that whole matches stay fast."""
    return {
        Level.EASY: EasyPlayer(),
        Level.MEDIUM: MediumPlayer(),
        Level.HARD: HardPlayer(samples=4),
        Level.EXPERT: HardPlayer(samples=6, exact_samples=4),
    }


class FakeClock:
    """The clock of the use cases, moved by hand; the outbox and the worker read it too.
    Moving it wakes the waits it has come to (`ClockWait`)."""

    def __init__(self) -> None:
        self.at = datetime(2024, 6, 1, 12, tzinfo=UTC)
        self.woken: list[Callable[[], None]] = []

    def now(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)
        for wake in self.woken:
            wake()


class ClockWait:
    """The outbox's waits for a chat's turn, in tests: each lasts until the hand-moved
    clock reaches its end (nothing waits in real time)."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.waiting: list[tuple[float, asyncio.Future[None]]] = []
        clock.woken.append(self.wake)

    async def __call__(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future = asyncio.get_running_loop().create_future()
        self.waiting.append((self.clock.at.timestamp() + seconds, future))
        await future

    def skip(self) -> None:
        """Move the clock to the end of the first wait (nothing else can go on)."""
        first = min(at for at, _ in self.waiting)
        self.clock.advance(max(0.0, first - self.clock.at.timestamp()))

    def wake(self) -> None:
        now = self.clock.at.timestamp() + 1e-9
        for entry in [w for w in self.waiting if w[0] <= now]:
            self.waiting.remove(entry)
            if not entry[1].done():
                entry[1].set_result(None)


class FakeSleep:
    """Stands in for `asyncio.sleep` in the retry on 429: records, and moves the clock."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.clock.advance(seconds)


# In tests: no pause for bots, and no limit on messages (tests of the pace set theirs).
NO_LIMIT = Limit(interval=0)
QUICK_PACE = Pacing(limits=Limits(NO_LIMIT, NO_LIMIT, NO_LIMIT), rhythm=Rhythm(bot_delay=0))
# Telegram's limits per chat, bots at their pause. The bot's own limit (30 a second) is
# not one a handful of people can reach; kept out here, a wait of hundredths of a second
# would hold each chat until a test moves the clock (`tests/bot/telegram/outbox` and the
# fault suite keep it).
CHAT_LIMITS = Pacing(limits=replace(Limits(), bot=NO_LIMIT), rhythm=Rhythm(bot_delay=1.5))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def sleep(clock: FakeClock) -> FakeSleep:
    return FakeSleep(clock)


@pytest.fixture
def wait(clock: FakeClock) -> ClockWait:
    return ClockWait(clock)


@pytest.fixture
def pace(request: pytest.FixtureRequest) -> Pacing:
    """`QUICK_PACE`, or another through `@pytest.mark.parametrize("pace", [...], indirect=True)`."""
    chosen: Pacing = getattr(request, "param", QUICK_PACE)
    return chosen


@pytest.fixture
def look(request: pytest.FixtureRequest) -> Look:
    """How chats that chose nothing see their games: text (what most tests read), or a
    picture through `@pytest.mark.parametrize("look", [Look.PICTURE], indirect=True)`."""
    chosen: Look = getattr(request, "param", Look.TEXT)
    return chosen


@pytest.fixture
def server() -> FakeServer:
    return FakeServer()


@pytest.fixture
async def redis(
    server: FakeServer, request: pytest.FixtureRequest
) -> AsyncIterator[FakeAsyncRedis]:
    """fakeredis on `server`; with DOMINOES_REDIS_CLUSTER=1, a client of a real Redis
    Cluster (`real_cluster`, its keys and scripts flushed first) instead, where what
    needs `server` (an outage) cannot work. Either way behind the slot guard: the test
    fails when a script, a transaction or a command with several keys spans slots, or
    when the guard meets a command it does not know (see `tests.slot_guard`)."""
    guard = SlotGuard()
    if os.environ.get("DOMINOES_REDIS_CLUSTER") == "1":
        if "server" in inspect.signature(request.function).parameters:
            pytest.skip("stages a Redis outage through fakeredis's server")
        nodes: RedisClusterNodes = request.getfixturevalue("real_cluster")
        cluster = await nodes.empty(guard.watch(nodes.client()))
        # The tests are typed with the client they have always had.
        client = cast(FakeAsyncRedis, cluster)
    else:
        client = guard.watch(FakeAsyncRedis(server=server))
    yield client
    await client.aclose()
    found = guard.report()
    if found:
        pytest.fail(found, pytrace=False)


@pytest.fixture
def storage(app: App) -> GameStore:
    return app.store


@pytest.fixture(scope="session")
def texts() -> Texts:
    return Texts()


@pytest.fixture
def games(app: App) -> Games:
    return app.games


@pytest.fixture
def matches(app: App) -> Matches:
    return app.matches


@pytest.fixture
def fake() -> FakeTelegram:
    return FakeTelegram()


@pytest.fixture
def bot(fake: FakeTelegram, sleep: FakeSleep) -> Bot:
    return create_bot(TOKEN, session=fake, sleep=sleep)


@pytest.fixture
async def app(
    redis: FakeAsyncRedis,
    texts: Texts,
    bot: Bot,
    pace: Pacing,
    clock: FakeClock,
    sleep: FakeSleep,
    wait: ClockWait,
    look: Look,
) -> AsyncIterator[App]:
    rng = random.Random(20240601)
    app = create_app(
        bot,
        redis,
        quick_players(),
        texts,
        pace,
        rng=rng,
        now=clock.now,
        sleep=sleep,
        wait=wait,
        look=look,
    )
    yield app
    # Senders still waiting for a turn stop before Redis closes under them.
    await app.outbox.close()


@pytest.fixture
def harness(
    app: App, redis: FakeAsyncRedis, bot: Bot, fake: FakeTelegram, wait: ClockWait
) -> TelegramHarness:
    return TelegramHarness(app, bot, fake, MessageStore(redis), app.store, wait=wait)


@pytest.fixture(autouse=True)
def no_unexpected_errors(
    caplog: pytest.LogCaptureFixture, request: pytest.FixtureRequest
) -> Iterator[None]:
    """A handler that fails is logged by the error router: no test may hide one."""
    caplog.set_level(logging.WARNING)
    yield
    if request.node.get_closest_marker("errors_expected"):
        return
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
