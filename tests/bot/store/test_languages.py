"""The chosen languages (`bot.store.languages`): kept in Redis for every process, read
through a short cache in each."""

from __future__ import annotations

import pytest
from fakeredis import FakeAsyncRedis, FakeServer

from bot.game.ports import StorageUnavailableError
from bot.store.languages import Languages, LanguageStore


class Clock:
    def __init__(self) -> None:
        self.at = 0.0

    def __call__(self) -> float:
        return self.at


async def test_languages_are_remembered(redis: FakeAsyncRedis) -> None:
    store = LanguageStore(redis)
    assert await store.get(5) is None
    await store.set(5, "fr")
    assert await store.get(5) == "fr"
    await store.set(5, "it")
    assert await store.get(5) == "it"
    assert await store.get(6) is None


async def test_a_group_adopts_a_language_only_when_it_has_none(redis: FakeAsyncRedis) -> None:
    store = LanguageStore(redis)
    assert await store.adopt(-5, "ru") == "ru"
    assert await store.adopt(-5, "fr") == "ru"
    assert await store.get(-5) == "ru"


async def test_another_process_choice_reaches_the_cache_within_its_ttl(
    redis: FakeAsyncRedis,
) -> None:
    clock = Clock()
    here = Languages(LanguageStore(redis), ttl=30, clock=clock)
    there = Languages(LanguageStore(redis), ttl=30, clock=clock)
    assert await here.get(5) is None
    await there.set(5, "it")
    assert await here.get(5) is None  # still this process's copy
    clock.at = 31
    assert await here.get(5) == "it"


async def test_the_cache_keeps_only_the_most_recently_seen(redis: FakeAsyncRedis) -> None:
    store = LanguageStore(redis)
    languages = Languages(store, size=2)
    for chat_id in (1, 2, 3):
        await languages.set(chat_id, "fr")
    await store.set(1, "it")  # the cache forgot 1: it reads the store again
    await store.set(3, "it")  # the cache remembers 3
    assert await languages.get(1) == "it"
    assert await languages.get(3) == "fr"


async def test_an_outage_is_reported_as_such(redis: FakeAsyncRedis, server: FakeServer) -> None:
    server.connected = False
    with pytest.raises(StorageUnavailableError):
        await LanguageStore(redis).get(5)
