"""Fixtures for the Telegram layer: fakeredis, the service with quick bot players,
and the dispatcher fed through a fake Telegram API."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator, Iterator

import pytest
from aiogram import Bot
from fakeredis import FakeAsyncRedis, FakeServer

from bot.app import create_bot, create_dispatcher
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
def service(storage: GameStorage) -> GameService:
    return GameService(storage, quick_players(), rng=random.Random(20240601))


@pytest.fixture
def fake() -> FakeTelegram:
    return FakeTelegram()


@pytest.fixture
def bot(fake: FakeTelegram) -> Bot:
    return create_bot(TOKEN, session=fake)


@pytest.fixture
def harness(service: GameService, texts: Texts, bot: Bot, fake: FakeTelegram) -> TelegramHarness:
    return TelegramHarness(create_dispatcher(service, texts), bot, fake)


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
