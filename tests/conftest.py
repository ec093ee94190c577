"""Fixtures every test package may use."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.redis_server import RedisServer, redis_server


@pytest.fixture(scope="session")
def real_redis() -> Iterator[RedisServer]:
    """A real redis-server for this test session (see `tests.redis_server`)."""
    with redis_server() as server:
        yield server
