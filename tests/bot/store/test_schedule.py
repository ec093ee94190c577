"""The due set: every group save makes its game due at once, and a reschedule with a
version never hides a change made meanwhile."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis

from bot.game import lobby
from bot.game.changes import stopped
from bot.game.ports import REVISIT
from bot.game.state import Game
from bot.store import keys
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


async def due(redis: FakeAsyncRedis, game_id: str, at: float = 0.0) -> None:
    await redis.zadd(keys.due(shard_of_game(game_id)), {game_id: at})


async def test_due_games_come_earliest_first_up_to_the_limit(redis: FakeAsyncRedis) -> None:
    schedule = Schedule(redis)
    await due(redis, "00000000cc", at=30.5)
    await due(redis, "0000000b40", at=10.0)
    await due(redis, "0000bb5bc8", at=20.25)
    await due(redis, "0000dd01cb")  # at once
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


async def test_every_live_game_is_looked_at_again_and_shown_again(
    store: GameStore, redis: FakeAsyncRedis
) -> None:
    """At start-up and after an outage: a game due later (a bot's pause) is due at once
    too, at `REVISIT`, which says it is to be shown again."""
    schedule = Schedule(redis)
    group = await store.create(group_game())
    direct = await store.create(solo_record())
    assert await schedule.reschedule(group.game_id, group.version, at=60.0)
    assert await schedule.revisit_live(now=10.0) == 2
    assert sorted(await schedule.due_at(now=10.0)) == sorted(
        [(group.game_id, REVISIT), (direct.game_id, REVISIT)]
    )
