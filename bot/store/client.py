"""The Redis client the stores take: one Redis, or a Redis Cluster (every script and
transaction of the stores touches one slot: see `bot.store.slots`)."""

from __future__ import annotations

from typing import TypeAlias

from redis.asyncio import Redis, RedisCluster

RedisClient: TypeAlias = Redis | RedisCluster
