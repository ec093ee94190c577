"""The chosen languages (`bot.store.languages`): kept in Redis for every process (the
cache in front of them is `bot.store.choices`', tested there), and a group's first
language adopted once."""

from __future__ import annotations

import pytest
from fakeredis import FakeAsyncRedis, FakeServer

from bot.game.ports import StorageUnavailableError
from bot.store.languages import Languages, LanguageStore


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


async def test_an_outage_is_reported_as_such(redis: FakeAsyncRedis, server: FakeServer) -> None:
    server.connected = False
    with pytest.raises(StorageUnavailableError):
        await LanguageStore(redis).get(5)


async def test_the_cache_remembers_the_language_a_group_adopted(redis: FakeAsyncRedis) -> None:
    store = LanguageStore(redis)
    languages = Languages(store)
    assert await languages.adopt(-5, "ru") == "ru"
    await store.set(-5, "fr")  # another process's choice: seen here within the cache's ttl
    assert await languages.get(-5) == "ru"
