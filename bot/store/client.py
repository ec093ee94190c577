"""The Redis client the stores take: one Redis, or a Redis Cluster (every script and
transaction of the stores touches one slot: see `bot.store.slots`)."""

from __future__ import annotations

from typing import TypeAlias

from redis.asyncio import Redis, RedisCluster

RedisClient: TypeAlias = Redis | RedisCluster


def text(raw: bytes | str) -> str:
    """What Redis answered, as text: the client is made without `decode_responses`,
    since the games are stored as compressed bytes."""
    return raw.decode() if isinstance(raw, bytes) else str(raw)
