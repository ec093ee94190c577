"""Moving a Redis written before the shards to today's layout (`bot.store.layout`)."""

from __future__ import annotations

import pytest
from fakeredis import FakeAsyncRedis

from bot.store import keys, layout
from bot.store.games import GameStore
from bot.store.schedule import Schedule
from bot.store.slots import shard_of_game
from tests.bot.factories import GROUP_ID, group_lobby

# The old layout and its ids span slots: it only ever lived on a single Redis.
pytestmark = pytest.mark.cross_slot

OLD_ID = "00000000aa"  # ids made before the shards are in any slot
OTHER_ID = "00000000bb"


async def test_the_old_schedules_and_pointers_move_to_their_shards(
    redis: FakeAsyncRedis,
) -> None:
    await redis.zadd(keys.LEGACY_DUE, {OLD_ID: 0, OTHER_ID: 1234.5})
    await redis.sadd(keys.LEGACY_LIVE, OLD_ID, OTHER_ID)
    await redis.sadd(keys.legacy_live("kozel"), OLD_ID)
    await redis.sadd(keys.LEGACY_FINISHED, OTHER_ID)
    await redis.set(keys.legacy_chat(GROUP_ID), OLD_ID, px=60_000)
    await redis.set(keys.legacy_chat(7), OTHER_ID)

    assert await layout.upgrade(redis) == 8

    shard, other = shard_of_game(OLD_ID), shard_of_game(OTHER_ID)
    assert await redis.zscore(keys.due(shard), OLD_ID) == 0
    assert await redis.zscore(keys.due(other), OTHER_ID) == 1234.5
    assert await redis.sismember(keys.live(shard), OLD_ID)
    assert await redis.sismember(keys.live(other), OTHER_ID)
    assert await redis.sismember(keys.live(shard, "kozel"), OLD_ID)
    assert await redis.sismember(keys.finished(other), OTHER_ID)
    assert await redis.get(keys.chat(GROUP_ID)) == OLD_ID.encode()
    assert 0 < await redis.pttl(keys.chat(GROUP_ID)) <= 60_000
    assert await redis.get(keys.chat(7)) == OTHER_ID.encode()
    legacy = [keys.LEGACY_DUE, keys.LEGACY_LIVE, keys.LEGACY_FINISHED, keys.legacy_chat(7)]
    assert await redis.exists(*legacy, keys.legacy_live("kozel")) == 0
    assert await Schedule(redis).due_games(now=2000) == sorted([OLD_ID, OTHER_ID])


async def test_the_layout_moves_once(redis: FakeAsyncRedis) -> None:
    await redis.sadd(keys.LEGACY_LIVE, OLD_ID)
    assert await layout.upgrade(redis) == 1
    await redis.sadd(keys.LEGACY_LIVE, OTHER_ID)  # an old process still running
    assert await layout.upgrade(redis) == 0
    assert await redis.get(layout.MARK) == layout.VERSION.encode()


async def test_a_pointer_a_newer_game_wrote_is_kept(redis: FakeAsyncRedis) -> None:
    store = GameStore(redis)
    await redis.set(keys.legacy_chat(GROUP_ID), OTHER_ID)
    newer = await store.create(group_lobby(game_id=OLD_ID))
    await layout.upgrade(redis)
    by_chat = await store.load_for_chat(GROUP_ID)
    assert by_chat is not None
    assert by_chat.game_id == newer.game_id
