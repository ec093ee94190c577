"""Over a real redis-server: a crowd pressing at once gets real answers (the connection
pool makes the surplus wait instead of failing); a Redis that keeps nothing on disk is
warned about at start-up."""

from __future__ import annotations

import asyncio

import pytest
from aiogram import Bot
from pydantic import SecretStr

from bot.__main__ import REDIS_CONNECTIONS, open_store, warn_without_persistence
from bot.app import create_app
from bot.config import Settings
from bot.store.messages import MessageStore
from bot.telegram.ports import Look
from tests.bot.conftest import QUICK_PACE, FakeClock, FakeSleep, quick_players
from tests.bot.fake_telegram import FakeTelegram, TelegramHarness, alert_of, user
from tests.redis_server import RedisServer
from texts import Texts

CROWD = 2 * REDIS_CONNECTIONS


async def test_twice_as_many_people_as_connections_all_get_real_answers(
    real_redis: RedisServer,
    bot: Bot,
    fake: FakeTelegram,
    texts: Texts,
    clock: FakeClock,
    sleep: FakeSleep,
) -> None:
    settings = Settings(bot_token=SecretStr("123456:AAbbCCddEEffGGhhIIjjKKllMMnn"))
    redis = open_store(settings.model_copy(update={"redis_url": real_redis.url}))
    await redis.flushdb()
    try:
        app = create_app(
            bot,
            redis,
            quick_players(),
            texts,
            QUICK_PACE,
            now=clock.now,
            sleep=sleep,
            look=Look.TEXT,
        )
        harness = TelegramHarness(app, bot, fake, MessageStore(redis), app.store, auto_settle=False)
        people = [user(50_000 + i, f"P{i}") for i in range(CROWD)]
        await asyncio.gather(*(harness.send(p, "/play") for p in people))
        menus = [fake.last_in(p.id) for p in people]
        assert all(m.text.startswith("<b>New game</b>") for m in menus)
        answers = await asyncio.gather(
            *(
                harness.press(p, m, m.button("Draw game").callback_data or "")
                for p, m in zip(people, menus, strict=True)
            )
        )
        assert [alert_of(a) for a in answers] == [None] * CROWD
        await app.outbox.settle()  # a menu is shown without keeping its press waiting
        assert all("How many bot opponents?" in fake.last_in(p.id).text for p in people)
    finally:
        await redis.aclose()


async def test_a_redis_that_keeps_nothing_on_disk_is_warned_about(
    real_redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    """The session's redis-server runs without AOF or snapshots: a restart would lose
    every game, and the bot says so at start-up; with AOF on it says nothing."""
    settings = Settings(bot_token=SecretStr("123456:AAbbCCddEEffGGhhIIjjKKllMMnn"))
    redis = open_store(settings.model_copy(update={"redis_url": real_redis.url}))
    try:
        assert await warn_without_persistence(redis)
        assert "keeps no data on disk" in caplog.text
        await redis.config_set("appendonly", "yes")
        assert not await warn_without_persistence(redis)
    finally:
        await redis.config_set("appendonly", "no")
        await redis.aclose()
