"""Storage: round trips, compare-and-set on the version, chat pointers, TTLs, outages."""

from __future__ import annotations

import asyncio

import pytest
from fakeredis import FakeAsyncRedis, FakeRedis, FakeServer

import bot.storage
from bot.record import GameStatus
from bot.storage import (
    ChatBusyError,
    GameStorage,
    StorageUnavailableError,
    VersionConflictError,
)
from tests.bot.factories import solo_record


async def test_a_created_game_loads_back_as_version_1(storage: GameStorage) -> None:
    record = solo_record()
    stored = await storage.create(record)
    assert stored.version == 1
    assert await storage.load(record.game_id) == stored
    assert await storage.load_for_chat(record.chat_id) == stored


async def test_save_bumps_the_version(storage: GameStorage) -> None:
    stored = await storage.create(solo_record())
    saved = await storage.save(stored.model_copy(update={"seed": 99}))
    assert saved.version == 2
    loaded = await storage.load(stored.game_id)
    assert loaded is not None
    assert loaded.version == 2
    assert loaded.seed == 99


async def test_a_save_from_an_old_version_is_refused_and_writes_nothing(
    storage: GameStorage,
) -> None:
    stored = await storage.create(solo_record())
    await storage.save(stored.model_copy(update={"seed": 1}))
    with pytest.raises(VersionConflictError):
        await storage.save(stored.model_copy(update={"seed": 2}))
    loaded = await storage.load(stored.game_id)
    assert loaded is not None
    assert loaded.seed == 1
    assert loaded.version == 2


async def test_two_saves_at_once_from_one_version_apply_one(storage: GameStorage) -> None:
    stored = await storage.create(solo_record())
    results = await asyncio.gather(
        storage.save(stored.model_copy(update={"seed": 1})),
        storage.save(stored.model_copy(update={"seed": 2})),
        return_exceptions=True,
    )
    conflicts = [r for r in results if isinstance(r, VersionConflictError)]
    assert len(conflicts) == 1
    loaded = await storage.load(stored.game_id)
    assert loaded is not None
    assert loaded.version == 2


async def test_a_write_between_watch_and_exec_is_a_conflict(
    storage: GameStorage, server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version check and the write are one transaction: a write that lands after
    the check but before EXEC makes EXEC fail (WATCH) instead of being overwritten."""
    stored = await storage.create(solo_record())
    intruder = stored.model_copy(update={"version": 2, "seed": 42})
    real_check = bot.storage._stored_version

    def check_then_someone_writes(raw: bytes | str | None) -> int | None:
        version = real_check(raw)
        FakeRedis(server=server).set(f"dominoes:game:{stored.game_id}", intruder.to_json())
        return version

    monkeypatch.setattr(bot.storage, "_stored_version", check_then_someone_writes)
    with pytest.raises(VersionConflictError):
        await storage.save(stored.model_copy(update={"seed": 1}))
    monkeypatch.undo()
    loaded = await storage.load(stored.game_id)
    assert loaded is not None
    assert loaded.seed == 42


async def test_a_chat_has_one_active_game(storage: GameStorage) -> None:
    first = await storage.create(solo_record())
    with pytest.raises(ChatBusyError):
        await storage.create(solo_record().model_copy(update={"game_id": "00000000ff"}))
    await storage.save(first.model_copy(update={"status": GameStatus.FINISHED}))
    second = await storage.create(solo_record().model_copy(update={"game_id": "00000000ff"}))
    assert await storage.load_for_chat(first.chat_id) == second


async def test_an_old_game_keeps_out_of_the_chat_pointer(storage: GameStorage) -> None:
    first = await storage.create(solo_record())
    first = await storage.save(first.model_copy(update={"status": GameStatus.FINISHED}))
    second = await storage.create(solo_record().model_copy(update={"game_id": "00000000ff"}))
    await storage.save(first)  # e.g. a late write to the finished game
    assert await storage.load_for_chat(first.chat_id) == second


async def test_finished_games_expire_sooner_than_active_ones(
    storage: GameStorage, redis: FakeAsyncRedis
) -> None:
    stored = await storage.create(solo_record())
    key = f"dominoes:game:{stored.game_id}"
    active_ttl = await redis.ttl(key)
    assert active_ttl > 20 * 24 * 3600
    await storage.save(stored.model_copy(update={"status": GameStatus.FINISHED}))
    finished_ttl = await redis.ttl(key)
    assert 0 < finished_ttl <= 2 * 24 * 3600
    assert 0 < await redis.ttl(f"dominoes:chat:{stored.chat_id}") <= 2 * 24 * 3600


async def test_an_unreadable_record_is_no_game_and_is_never_overwritten(
    storage: GameStorage, redis: FakeAsyncRedis
) -> None:
    record = solo_record()
    await redis.set(f"dominoes:game:{record.game_id}", b"{not json")
    assert await storage.load(record.game_id) is None
    with pytest.raises(VersionConflictError):
        await storage.save(record)


async def test_an_outage_is_reported_as_such(storage: GameStorage, server: FakeServer) -> None:
    server.connected = False
    with pytest.raises(StorageUnavailableError):
        await storage.load("0123456789")
    with pytest.raises(StorageUnavailableError):
        await storage.create(solo_record())
    server.connected = True
    assert await storage.load("0123456789") is None


async def test_languages_are_remembered(storage: GameStorage) -> None:
    assert await storage.language(5) is None
    await storage.set_language(5, "fr")
    assert await storage.language(5) == "fr"
