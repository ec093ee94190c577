"""Fixtures for the Telegram layer: fakeredis, the service with quick bot players,
and the dispatcher fed through a fake Telegram API."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta

import pytest
from aiogram import Bot
from fakeredis import FakeAsyncRedis, FakeServer

from bot.app import App, create_app, create_bot
from bot.messages import MessageStore
from bot.pacing import Pace
from bot.service import GameService
from bot.storage import GameStorage
from core.players import BotPlayer, EasyPlayer, HardPlayer, Level, MediumPlayer
from tests.bot.telegram import TOKEN, FakeTelegram, TelegramHarness
from texts import Texts


def quick_players() -> dict[Level, BotPlayer]:
    """The three levels, the hard one cut down so that whole matches stay fast."""
    return {
        Level.EASY: EasyPlayer(),
        Level.MEDIUM: MediumPlayer(),
        Level.HARD: HardPlayer(samples=4),
    }


class FakeClock:
    """The service's clock, moved by hand; the pacer reads it too."""

    def __init__(self) -> None:
        self.at = datetime(2024, 6, 1, 12, tzinfo=UTC)

    def now(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


class FakeSleep:
    """Stands in for `asyncio.sleep` in the retry on 429: records, and moves the clock."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.clock.advance(seconds)


# Group games in tests: no pause for bots, no pause between group messages.
QUICK_PACE = Pace(group_interval=0, bot_delay=0)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def sleep(clock: FakeClock) -> FakeSleep:
    return FakeSleep(clock)


@pytest.fixture
def pace(request: pytest.FixtureRequest) -> Pace:
    """`QUICK_PACE`, or another through `@pytest.mark.parametrize("pace", [...], indirect=True)`."""
    chosen: Pace = getattr(request, "param", QUICK_PACE)
    return chosen


@pytest.fixture
def server() -> FakeServer:
    return FakeServer()


@pytest.fixture
async def redis(server: FakeServer) -> AsyncIterator[FakeAsyncRedis]:
    client = FakeAsyncRedis(server=server)
    yield client
    await client.aclose()


@pytest.fixture
def storage(redis: FakeAsyncRedis) -> GameStorage:
    return GameStorage(redis)


@pytest.fixture(scope="session")
def texts() -> Texts:
    return Texts()


@pytest.fixture
def service(storage: GameStorage, clock: FakeClock) -> GameService:
    return GameService(storage, quick_players(), rng=random.Random(20240601), now=clock.now)


@pytest.fixture
def fake() -> FakeTelegram:
    return FakeTelegram()


@pytest.fixture
def bot(fake: FakeTelegram, sleep: FakeSleep) -> Bot:
    return create_bot(TOKEN, session=fake, sleep=sleep)


@pytest.fixture
def app(service: GameService, texts: Texts, bot: Bot, pace: Pace) -> App:
    return create_app(bot, service, texts, pace)


@pytest.fixture
def harness(app: App, service: GameService, bot: Bot, fake: FakeTelegram) -> TelegramHarness:
    storage = service.storage
    return TelegramHarness(app, bot, fake, MessageStore(storage.redis), storage)


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
