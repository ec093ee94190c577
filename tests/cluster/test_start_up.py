"""What `python -m bot` does at start-up with REDIS_CLUSTER=true: the client it opens,
and the warning about primaries that keep nothing on disk."""

from __future__ import annotations

import pytest
from pydantic import SecretStr
from redis.asyncio import RedisCluster

from bot.__main__ import open_store, warn_without_persistence
from bot.config import Settings
from tests.redis_cluster import RedisClusterNodes

TOKEN = SecretStr("123456:AAbbCCddEEffGGhhIIjjKKllMMnn")


async def test_each_primary_that_keeps_nothing_is_warned_about(
    real_cluster: RedisClusterNodes, caplog: pytest.LogCaptureFixture
) -> None:
    """The test cluster keeps nothing on disk: warned; one node with its append-only
    file is not enough (its slots are safe, the others' are not); all of them are."""
    settings = Settings(bot_token=TOKEN, redis_url=real_cluster.url, redis_cluster=True)
    redis = open_store(settings)
    assert isinstance(redis, RedisCluster)
    first, *others = (real_cluster.node(port) for port in real_cluster.ports)
    try:
        assert await warn_without_persistence(redis)
        assert "on 3 of the cluster's 3 primaries" in caplog.text
        caplog.clear()
        first.config_set("appendonly", "yes")
        assert await warn_without_persistence(redis)
        assert "on 2 of the cluster's 3 primaries" in caplog.text
        for node in others:
            node.config_set("appendonly", "yes")
        assert not await warn_without_persistence(redis)
    finally:
        for node in (first, *others):
            node.config_set("appendonly", "no")
            node.close()
        await redis.aclose()
