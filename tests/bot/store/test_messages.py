"""The store of each game's messages: fields of text, written by whoever sends to their
chat, kept as long as an unfinished game."""

from __future__ import annotations

from datetime import timedelta

from fakeredis import FakeAsyncRedis

from bot.store import keys
from bot.store.messages import MessageStore

GAME = "0000000b40"


async def test_fields_are_written_dropped_and_read_back(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    assert await messages.load(GAME) == {}
    await messages.write(GAME, {"table": "t1", "p:1": "a"}, set())
    await messages.write(GAME, {"p:2": "b"}, {"p:1"})
    assert await messages.load(GAME) == {"table": "t1", "p:2": "b"}
    assert await messages.field(GAME, "p:2") == "b"
    assert await messages.field(GAME, "p:1") is None


async def test_the_lifetime_is_the_stores_to_choose(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis, ttl=timedelta(hours=1))
    await messages.write(GAME, {"table": "t1"}, set())
    assert 0 < await redis.ttl(keys.messages(GAME)) <= 3600
