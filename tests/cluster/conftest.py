"""A real three-node Redis Cluster (see `tests.redis_cluster`), emptied for each test;
a cluster client of it behind the slot guard (see `tests.slot_guard`); and the bot
over that client, fed through the fake Telegram as in `tests/bot`."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest
from aiogram import Bot
from redis.asyncio.cluster import RedisCluster

from bot.app import App, create_app
from bot.store.messages import MessageStore
from bot.telegram.client import create_bot
from tests.bot.conftest import (
    QUICK_PACE,
    FakeClock,
    FakeSleep,
    no_unexpected_errors,  # noqa: F401  (autouse: a handler that fails fails the test)
    quick_players,
)
from tests.bot.fake_telegram import TOKEN, FakeTelegram, TelegramHarness
from tests.redis_cluster import RedisClusterNodes
from tests.slot_guard import SlotGuard
from texts import Texts


@pytest.fixture
def guard() -> SlotGuard:
    return SlotGuard()


@pytest.fixture
async def cluster(request: pytest.FixtureRequest, guard: SlotGuard) -> AsyncIterator[RedisCluster]:
    """Some tests cross slots on purpose (to see them refused): each says what the guard
    must have found."""
    nodes: RedisClusterNodes = request.getfixturevalue("real_cluster")
    client = await nodes.empty(guard.watch(nodes.client()))
    yield client
    await client.aclose()


@pytest.fixture(scope="session")
def texts() -> Texts:
    return Texts()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def fake() -> FakeTelegram:
    return FakeTelegram()


@pytest.fixture
def bot(fake: FakeTelegram, clock: FakeClock) -> Bot:
    return create_bot(TOKEN, session=fake, sleep=FakeSleep(clock))


@pytest.fixture
def app(cluster: RedisCluster, texts: Texts, bot: Bot, clock: FakeClock) -> App:
    """As `tests/bot`'s `app`, over the cluster."""
    rng = random.Random(20240601)
    players = quick_players()
    return create_app(
        bot, cluster, players, texts, QUICK_PACE, rng=rng, now=clock.now, sleep=FakeSleep(clock)
    )


@pytest.fixture
def harness(app: App, cluster: RedisCluster, bot: Bot, fake: FakeTelegram) -> TelegramHarness:
    return TelegramHarness(app, bot, fake, MessageStore(cluster), app.store)
