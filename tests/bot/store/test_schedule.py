"""The due set: every group save makes its game due at once, and a reschedule with a
version never hides a change made meanwhile."""

from __future__ import annotations

import pytest
from fakeredis import FakeAsyncRedis, FakeServer

from bot.game import lobby
from bot.game.changes import stopped
from bot.game.state import Game
from bot.store import keys
from bot.store.errors import StorageUnavailableError
from bot.store.games import GameStore
from bot.store.schedule import Schedule
from bot.store.slots import shard_of_game
from core.variants import Variant
from tests.bot.factories import group_lobby, person, secret, solo_record


def group_game(game_id: str = "0000000b40", chat_id: int = -77) -> Game:
    return lobby.join(group_lobby(game_id=game_id, chat_id=chat_id), person(11), None, secret(1))


async def test_every_group_save_makes_the_game_due_at_once(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    schedule = Schedule(redis)
    created = await store.create(group_game())
    assert await schedule.due_games(now=0) == [created.game_id]
    assert await schedule.reschedule(created.game_id, created.version, at=50.0)
    assert await schedule.due_games(now=49) == []
    assert await schedule.due_games(now=50) == [created.game_id]
    assert await schedule.next_due() == 50.0
    await store.save(created)
    assert await schedule.due_games(now=0) == [created.game_id]
    assert await schedule.due_games(now=0) == [created.game_id]  # reading takes nothing


async def test_a_direct_game_is_never_scheduled(store: GameStore, redis: FakeAsyncRedis) -> None:
    """Its messages are sent by the handler that changed it."""
    schedule = Schedule(redis)
    direct = await store.create(solo_record())
    await store.save(direct)
    assert await schedule.due_games(now=1e12) == []
    assert await schedule.next_due() is None


async def test_a_reschedule_loses_to_a_save_made_meanwhile(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    schedule = Schedule(redis)
    created = await store.create(group_game())
    saved = await store.save(created)
    assert not await schedule.reschedule(created.game_id, created.version, at=None)
    assert not await schedule.reschedule(created.game_id, created.version, at=80.0)
    assert await schedule.due_games(now=0) == [created.game_id]
    assert await schedule.reschedule(created.game_id, saved.version, at=None)
    assert await schedule.due_games(now=1e12) == []
    assert await schedule.next_due() is None


async def test_a_reschedule_without_a_version_applies_whatever_the_version(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    schedule = Schedule(redis)
    created = await store.create(group_game())
    await store.save(created)
    assert await schedule.reschedule(created.game_id, None, at=30.0)
    assert await schedule.next_due() == 30.0


async def test_a_gone_game_leaves_the_schedule(store: GameStore, redis: FakeAsyncRedis) -> None:
    schedule = Schedule(redis)
    created = await store.create(group_game())
    await redis.delete(keys.game(created.game_id))
    assert await schedule.reschedule(created.game_id, created.version, at=5.0)
    assert await schedule.due_games(now=1e12) == []


async def test_due_games_come_earliest_first_up_to_the_limit(redis: FakeAsyncRedis) -> None:
    schedule = Schedule(redis)
    await schedule.mark_due("00000000cc", at=30.5)
    await schedule.mark_due("0000000b40", at=10.0)
    await schedule.mark_due("0000bb5bc8", at=20.25)
    await schedule.mark_due("0000dd01cb")  # at once
    assert await schedule.due_games(now=25) == ["0000dd01cb", "0000000b40", "0000bb5bc8"]
    assert await schedule.due_games(now=100, limit=2) == ["0000dd01cb", "0000000b40"]
    assert await schedule.next_due() == 0.0
    await schedule.reschedule("0000dd01cb", None, at=None)  # gone: forgotten
    assert await schedule.next_due() == 10.0


async def test_each_group_is_scheduled_on_its_own(store: GameStore, redis: FakeAsyncRedis) -> None:
    schedule = Schedule(redis)
    first = await store.create(group_game())
    second = await store.create(group_game("0000bb5bc8", chat_id=-78))
    assert await schedule.reschedule(first.game_id, first.version, at=60.0)
    assert await schedule.due_games(now=1) == [second.game_id]


async def test_the_live_games_are_counted_by_variant(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    """/metrics' gauge: each live game in its variant, a lobby that changes its variant
    moved with it, a stopped or forgotten game out of the count."""
    schedule = Schedule(redis)
    kozel = await store.create(group_game())
    draw = await store.create(lobby.next_variant(group_lobby(game_id="0000bb5bc8", chat_id=-78)))
    await store.create(solo_record("block"))
    assert draw.record.settings.variant == Variant.DRAW
    assert await schedule.live_by_variant() == {"draw": 1, "block": 1, "kozel": 1, "unknown": 0}

    await store.save(lobby.next_variant(draw))  # draw -> block
    assert await schedule.live_by_variant() == {"draw": 0, "block": 2, "kozel": 1, "unknown": 0}
    await store.save(stopped(kozel))
    assert await schedule.live_by_variant() == {"draw": 0, "block": 2, "kozel": 0, "unknown": 0}
    await schedule.forget(draw.game_id)
    assert await schedule.live_by_variant() == {"draw": 0, "block": 1, "kozel": 0, "unknown": 0}
    # A live game last saved before the sets by variant existed.
    await redis.sadd(keys.live(shard_of_game("00000000ee")), "00000000ee")
    assert (await schedule.live_by_variant())["unknown"] == 1


async def marked_in_an_outage(
    schedule: Schedule, server: FakeServer, game_id: str, *ats: float
) -> None:
    """Marks the store cannot take: each one fails."""
    server.connected = False
    try:
        for at in ats:
            with pytest.raises(StorageUnavailableError):
                await schedule.mark_due(game_id, at)
    finally:
        server.connected = True


async def test_a_mark_made_in_an_outage_is_written_before_the_next_look(
    redis: FakeAsyncRedis, server: FakeServer
) -> None:
    schedule = Schedule(redis)
    await marked_in_an_outage(schedule, server, "0000000b40", 30.0, 20.0)
    assert await schedule.due_at(now=25) == [("0000000b40", 20.0)]  # the earliest mark
    await schedule.reschedule("0000000b40", None, None)
    assert await schedule.due_at(now=25) == []  # written once, not at every look


async def test_a_mark_kept_through_an_outage_never_delays_an_earlier_one(
    redis: FakeAsyncRedis, server: FakeServer
) -> None:
    schedule = Schedule(redis)
    await marked_in_an_outage(schedule, server, "0000000b40", 30.0)
    await schedule.mark_due("0000000b40", 0.0)  # a save made it due at once meanwhile
    assert await schedule.due_at(now=1) == [("0000000b40", 0.0)]


async def test_a_hand_over_only_brings_a_due_game_forward(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    schedule = Schedule(redis)
    created = await store.create(group_game())
    assert await schedule.reschedule(created.game_id, created.version, at=51.5)
    await schedule.hand_over(created.game_id, 50.0)
    assert await schedule.next_due() == 50.0
    await schedule.hand_over(created.game_id, 60.0)  # later: an earlier time stands
    assert await schedule.next_due() == 50.0
    assert await schedule.reschedule(created.game_id, created.version, at=None)
    await schedule.hand_over(created.game_id, 50.0)  # no longer due: it stays so
    assert await schedule.next_due() is None
