"""Storage: round trips, compare-and-set on the version, chat pointers, TTLs, outages."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from fakeredis import FakeAsyncRedis, FakeRedis, FakeServer

import bot.store.games
from bot.game import lobby
from bot.game.people import Person
from bot.game.record import GameRecord, GameStatus
from bot.store.games import (
    ChatBusyError,
    GameStorage,
    StorageUnavailableError,
    VersionConflictError,
)
from bot.store.messages import MessageStore, Sent
from core.variants import Variant
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
    real_check = bot.store.games._stored_version

    def check_then_someone_writes(raw: bytes | str | None) -> int | None:
        version = real_check(raw)
        FakeRedis(server=server).set(f"dominoes:game:{stored.game_id}", intruder.to_json())
        return version

    monkeypatch.setattr(bot.store.games, "_stored_version", check_then_someone_writes)
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


# -- group games: the schedule, the lease, the index, a chat's move ----------------------------


def group_record(game_id: str = "00000000aa", chat_id: int = -77) -> GameRecord:
    person = Person(user_id=11, name="Ann", language="en", chat_id=11)
    group = lobby.new_group("Room", person, Variant.KOZEL, 4, 100)
    record = solo_record().model_copy(
        update={"game_id": game_id, "chat_id": chat_id, "group": group, "seats": [], "engine": {}}
    )
    return lobby.join(record.model_copy(update={"status": GameStatus.LOBBY}), person, None, 1)


async def test_every_group_save_makes_the_game_due_at_once(storage: GameStorage) -> None:
    stored = await storage.create(group_record())
    assert await storage.due_games(now=0) == [stored.game_id]
    assert await storage.reschedule(stored.game_id, stored.version, at=50.0)
    assert await storage.due_games(now=49) == []
    assert await storage.next_due() == 50.0
    await storage.save(stored)
    assert await storage.due_games(now=0) == [stored.game_id]
    assert await storage.due_games(now=0) == [stored.game_id]
    # A direct game is never scheduled: its messages are sent by the handler.
    await storage.create(solo_record())
    assert await storage.due_games(now=100) == [stored.game_id]


async def test_a_reschedule_loses_to_a_save_made_meanwhile(storage: GameStorage) -> None:
    stored = await storage.create(group_record())
    saved = await storage.save(stored)
    assert not await storage.reschedule(stored.game_id, stored.version, at=None)
    assert await storage.due_games(now=0) == [stored.game_id]
    assert await storage.reschedule(stored.game_id, saved.version, at=None)
    assert await storage.due_games(now=1e12) == []
    assert await storage.next_due() is None


async def test_a_gone_game_leaves_the_schedule(storage: GameStorage, redis: FakeAsyncRedis) -> None:
    stored = await storage.create(group_record())
    await redis.delete(f"dominoes:game:{stored.game_id}")
    assert await storage.reschedule(stored.game_id, stored.version, at=5.0)
    assert await storage.due_games(now=1e12) == []


async def test_one_process_holds_a_game_at_a_time(storage: GameStorage) -> None:
    ttl = timedelta(seconds=30)
    assert await storage.acquire("00000000aa", "one", ttl)
    assert not await storage.acquire("00000000aa", "two", ttl)
    await storage.release("00000000aa", "two")  # not theirs: nothing happens
    assert not await storage.acquire("00000000aa", "two", ttl)
    await storage.release("00000000aa", "one")
    assert await storage.acquire("00000000aa", "two", ttl)


async def test_people_are_indexed_to_their_group_games(storage: GameStorage) -> None:
    first = await storage.create(group_record())
    second = await storage.create(group_record("00000000bb", chat_id=-78))
    assert await storage.games_of(11) == sorted([first.game_id, second.game_id])
    assert await storage.games_of(12) == []


async def test_a_game_moves_with_its_group(storage: GameStorage) -> None:
    stored = await storage.create(group_record())
    moved = await storage.save(stored.model_copy(update={"chat_id": -1_000_077}), moved_from=-77)
    assert await storage.load_for_chat(-77) is None
    assert await storage.load_for_chat(-1_000_077) == moved


async def test_a_lobby_keeps_its_group_busy_and_expires_within_a_day(
    storage: GameStorage, redis: FakeAsyncRedis
) -> None:
    stored = await storage.create(group_record())
    with pytest.raises(ChatBusyError):
        await storage.create(group_record("00000000cc"))
    assert 0 < await redis.ttl(f"dominoes:game:{stored.game_id}") <= 24 * 3600


async def test_message_placements_round_trip(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    empty = await messages.load("00000000aa")
    assert (empty.private, empty.table, empty.posted, empty.pace) == ({}, None, 0, 0.0)
    await messages.set_private("00000000aa", 11, Sent(11, 5, "e", "f", "ru"))
    await messages.set_table("00000000aa", Sent(-77, 6, "", "t"))
    await messages.set_posted("00000000aa", 3)
    await messages.set_pace("00000000aa", 12.5)
    placement = await messages.load("00000000aa")
    assert placement.private == {11: Sent(11, 5, "e", "f", "ru")}
    assert placement.table == Sent(-77, 6, "", "t")
    assert (placement.posted, placement.pace) == (3, 12.5)
    await messages.set_table("00000000aa", None)
    assert (await messages.load("00000000aa")).table is None
    assert await redis.ttl("dominoes:msgs:00000000aa") > 0
