"""Moving a Redis written by an older bot to today's key layout, once, at start-up.

Before the shards (see `bot.store.slots`) the schedules were single sets and the chats'
pointers had no hash tag. A process that finds the layout mark missing moves whatever
the old keys hold to the new ones, then sets the mark: every later start-up costs one
GET. Each step can be repeated, so processes starting together, or one that dies
midway, leave nothing half moved. Every process of the older bot must be stopped
first: one still running would keep writing the old keys."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import cast

from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.store.slots import shard_of_game
from core.variants import Variant

log = logging.getLogger(__name__)

MARK = f"{keys.PREFIX}:layout"
VERSION = "2"  # the shards
_BATCH = 500  # keys looked at per SCAN


async def upgrade(redis: RedisClient) -> int:
    """Bring the stored keys to today's layout; returns how many entries moved."""
    async with redis_errors():
        if await redis.get(MARK) in (VERSION, VERSION.encode()):
            return 0
    moved = await _move_due(redis)
    moved += await _move_set(redis, keys.LEGACY_LIVE, keys.live)
    for variant in Variant:
        moved += await _move_set(redis, keys.legacy_live(variant), partial(_variant, variant))
    moved += await _move_set(redis, keys.LEGACY_FINISHED, keys.finished)
    moved += await _move_pointers(redis)
    async with redis_errors():
        await redis.set(MARK, VERSION)
    if moved:
        log.info("moved %d entries to the sharded key layout", moved)
    return moved


def _variant(variant: Variant, shard: int) -> str:
    return keys.live(shard, variant)


async def _move_due(redis: RedisClient) -> int:
    async with redis_errors():
        entries = await redis.zrange(keys.LEGACY_DUE, 0, -1, withscores=True)
    for raw, at in cast(list[tuple[bytes, float]], entries):
        game_id = raw.decode()
        async with redis_errors():
            # LT: a game already due sooner in its shard keeps the sooner time.
            await redis.zadd(keys.due(shard_of_game(game_id)), {game_id: at}, lt=True)
            await redis.zrem(keys.LEGACY_DUE, raw)
    return len(entries)


async def _move_set(redis: RedisClient, old: str, new: Callable[[int], str]) -> int:
    async with redis_errors():
        members = await redis.smembers(old)
    for raw in members:
        game_id = text(raw)
        async with redis_errors():
            await redis.sadd(new(shard_of_game(game_id)), game_id)
            await redis.srem(old, raw)
    return len(members)


async def _move_pointers(redis: RedisClient) -> int:
    moved = 0
    async with redis_errors():
        found = [k async for k in redis.scan_iter(match=f"{keys.PREFIX}:chat:*", count=_BATCH)]
    for raw in found:
        name = text(raw)
        suffix = name.removeprefix(f"{keys.PREFIX}:chat:")
        if "{" in name or not suffix.lstrip("-").isdigit():
            continue  # already in today's layout
        chat_id = int(suffix)
        async with redis_errors():
            game_id = await redis.get(name)
            ttl = await redis.pttl(name)
            if game_id is not None:
                # NX: a pointer a newer game already wrote wins over the old one.
                await redis.set(keys.chat(chat_id), game_id, nx=True, px=ttl if ttl > 0 else None)
            await redis.delete(name)
        moved += 1
    return moved
