"""A crowd pressing at once over a real redis-server: the connection pool makes the
surplus wait instead of failing, so everybody gets a real answer."""

from __future__ import annotations

import asyncio

from aiogram import Bot
from pydantic import SecretStr

from bot.__main__ import REDIS_CONNECTIONS, open_store
from bot.config import Settings
from bot.store.messages import MessageStore
from bot.telegram.app import create_app
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
        app = create_app(bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, sleep=sleep)
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
        assert all("How many bot opponents?" in fake.last_in(p.id).text for p in people)
    finally:
        await redis.aclose()
