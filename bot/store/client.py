"""The Redis client the stores take: one Redis, or a Redis Cluster (every script and
transaction of the stores touches one slot: see `bot.store.slots`)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping
from typing import TypeAlias

from redis.asyncio import Connection, Redis, RedisCluster
from redis.exceptions import RedisError

from bot.metrics import REDIS_ROUND_TRIPS
from bot.store.errors import count_redis_error

RedisClient: TypeAlias = Redis | RedisCluster

COMMAND_TIMEOUT = 2.0  # seconds for one command; they take well under a millisecond


class CountedConnection(Connection):
    """A connection that counts its round trips (`dominoes_redis_round_trips_total`)."""

    async def send_packed_command(
        self, command: bytes | str | Iterable[bytes], check_health: bool = True
    ) -> None:
        REDIS_ROUND_TRIPS.inc()
        await super().send_packed_command(command, check_health)


def text(raw: bytes | str) -> str:
    """What Redis answered, as text: the client is made without `decode_responses`,
    since the games are stored as compressed bytes."""
    return raw.decode() if isinstance(raw, bytes) else str(raw)


def fields_of(raw: Mapping[bytes | str, bytes | str] | list[bytes]) -> dict[str, str]:
    """A hash as Redis answered it (a mapping, or HGETALL's flat list in a script)."""
    if isinstance(raw, list):
        return {text(raw[i]): text(raw[i + 1]) for i in range(0, len(raw), 2)}
    return {text(name): text(value) for name, value in raw.items()}


PING_TIMEOUT = 2.0  # seconds a health check waits for Redis' PONG


async def ping_problem(redis: RedisClient) -> str | None:
    """Why Redis does not answer a PING (for /healthz), or None when it does."""
    try:
        async with asyncio.timeout(PING_TIMEOUT):
            await redis.ping()
    except TimeoutError:
        return f"no answer to PING within {PING_TIMEOUT:.0f} s"
    except RedisError as exc:
        count_redis_error(exc)
        return f"no answer to PING: {type(exc).__name__}"
    return None
