"""A game's stored form and the records a process knows already
(`bot.store.records`): a version written or read here is not parsed again."""

from __future__ import annotations

import pytest
from fakeredis import FakeAsyncRedis

from bot.store import keys, records
from bot.store.games import GameStore
from bot.store.records import RecentRecords, decode, encode
from tests.bot.factories import solo_record


def test_a_record_survives_its_stored_form() -> None:
    game = solo_record()
    assert decode(encode(game.record)) == game.record


async def test_a_version_saved_here_loads_back_without_a_parse(
    redis: FakeAsyncRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(redis)
    created = await store.create(solo_record())
    parsed: list[int] = []
    real = records.decode

    def counted(raw: bytes) -> object:
        parsed.append(1)
        return real(raw)

    monkeypatch.setattr(records, "decode", counted)
    loaded = await store.load(created.game_id)
    assert loaded is not None
    assert loaded.record == created.record
    assert parsed == []
    # Another process's store knows nothing yet: it parses.
    assert await GameStore(redis).load(created.game_id) is not None
    assert parsed == [1]


async def test_a_new_version_written_elsewhere_is_read_not_remembered(
    redis: FakeAsyncRedis,
) -> None:
    here, there = GameStore(redis), GameStore(redis)
    created = await here.create(solo_record())
    saved = await there.save(created)
    loaded = await here.load(created.game_id)
    assert loaded is not None
    assert loaded.version == saved.version == created.version + 1


async def test_a_damaged_record_under_a_new_version_is_treated_as_gone(
    redis: FakeAsyncRedis,
) -> None:
    store = GameStore(redis)
    created = await store.create(solo_record())
    await redis.hset(keys.game(created.game_id), mapping={"v": 2, "d": b"not a record"})
    assert await store.load(created.game_id) is None


def test_only_the_most_recently_used_records_are_kept() -> None:
    recent = RecentRecords(size=2)
    base = solo_record().record
    kept = [base.model_copy(update={"game_id": f"{n:010x}"}) for n in range(3)]
    for record in kept:
        recent.put(record)
    first, *_, last = kept
    damaged = b"not a record"
    assert recent.game(first.game_id, str(first.version), damaged) is None  # forgotten
    known = recent.game(last.game_id, str(last.version), damaged)
    assert known is not None
    assert known.record == last
