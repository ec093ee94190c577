"""Redis failures as the errors the game layer's ports name."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from redis.exceptions import RedisError, SlotNotCoveredError, WatchError

from bot.game.ports import (
    ChatBusyError,
    StorageError,
    StorageUnavailableError,
    StorageUncertainError,
    VersionConflictError,
)
from bot.metrics import REDIS_ERRORS


@asynccontextmanager
async def redis_errors() -> AsyncIterator[None]:
    """Redis failures as the storage's own errors (each counted for /metrics)."""
    try:
        yield
    except WatchError as exc:
        raise VersionConflictError("the game changed meanwhile") from exc
    except (RedisError, SlotNotCoveredError) as exc:
        # A cluster whose slot has no node yet (a failover under way) is out of reach
        # as a node is. Its other errors (keys across slots) are bugs: left to surface.
        count_redis_error(exc)
        raise StorageUnavailableError(str(exc)) from exc


def count_redis_error(exc: BaseException) -> None:
    """One failed Redis command, for /metrics."""
    REDIS_ERRORS.labels(type(exc).__name__).inc()


__all__ = [
    "ChatBusyError",
    "StorageError",
    "StorageUnavailableError",
    "StorageUncertainError",
    "VersionConflictError",
    "count_redis_error",
    "redis_errors",
]
