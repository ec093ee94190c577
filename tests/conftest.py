"""Fixtures every test package may use."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import wait_for
from tests.redis_cluster import RedisClusterNodes, redis_cluster
from tests.redis_server import RedisServer, redis_server

# The tests' own Redis clients and waits keep their cancellations, as the bot's do.
wait_for.install()


@pytest.fixture(scope="session")
def real_redis() -> Iterator[RedisServer]:
    """A real redis-server for this test session (see `tests.redis_server`)."""
    with redis_server() as server:
        yield server


@pytest.fixture(scope="session")
def real_cluster() -> Iterator[RedisClusterNodes]:
    """A real three-node Redis Cluster for this test session (see `tests.redis_cluster`)."""
    with redis_cluster() as cluster:
        yield cluster
