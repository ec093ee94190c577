"""What redis-py's asyncio cluster client does, on a real three-node Redis Cluster, with
each kind of command the bot sends: scripts with keys, transactions on one slot,
pipelines over every node, sorted-set ranges with scores, SET NX PX, SCAN. And what
the cluster refuses: a script or a transaction over two slots (which the slot guard
catches on fakeredis, where nothing refuses them)."""

from __future__ import annotations

from typing import Any, cast

import pytest
from redis.asyncio.cluster import RedisCluster
from redis.crc import key_slot
from redis.exceptions import CrossSlotTransactionError, RedisClusterException, ResponseError

from tests.redis_cluster import SLOTS, RedisClusterNodes
from tests.slot_guard import SlotGuard

# How redis-py words the node's CROSSSLOT error (it drops the code).
CROSSSLOT = "Keys in request don't hash to the same slot"

# A script as the bot's: a game's hash and its shard's due set, in one slot by their tag.
SCRIPT = """
redis.call('HSET', KEYS[1], 'v', ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[2])
return redis.call('HGET', KEYS[1], 'v')
"""


def tagged(tag: str) -> tuple[str, str]:
    """Two keys in the slot of `tag`, as a game's hash and its shard's due set."""
    return f"dominoes:game:{{{tag}}}", f"dominoes:due:{{{tag}}}"


def node_port(cluster: RedisCluster, key: str) -> int:
    node = cluster.get_node_from_key(key)
    assert node is not None
    return int(node.port)


def tags_on_every_node(cluster: RedisCluster) -> list[str]:
    """A hash tag whose slot is on each node, in the order of the nodes' ports."""
    found: dict[int, str] = {}
    for n in range(1000):
        found.setdefault(node_port(cluster, f"{{t{n}}}"), f"t{n}")
    return [found[port] for port in sorted(found)]


def apart_on_one_node(cluster: RedisCluster) -> tuple[str, str]:
    """Two keys in different slots that one node holds both of."""
    first = "dominoes:a"
    for n in range(1000):
        other = f"dominoes:b{n}"
        same_node = node_port(cluster, other) == node_port(cluster, first)
        if same_node and key_slot(other.encode()) != key_slot(first.encode()):
            return first, other
    raise AssertionError("no two such keys")


async def test_the_cluster_has_three_primaries_and_every_slot(
    cluster: RedisCluster, real_cluster: RedisClusterNodes
) -> None:
    await cluster.initialize()
    primaries = cluster.get_primaries()
    assert sorted(int(n.port) for n in primaries) == sorted(real_cluster.ports)
    slots = cast(dict[tuple[int, int], Any], await cluster.cluster_slots())
    assert sum(last - first + 1 for first, last in slots) == SLOTS
    assert len(tags_on_every_node(cluster)) == 3


async def test_scripts_with_keys_run_on_the_node_of_their_slot(
    cluster: RedisCluster, guard: SlotGuard
) -> None:
    await cluster.initialize()
    script = cluster.register_script(SCRIPT)
    for n, tag in enumerate(tags_on_every_node(cluster)):
        game, due = tagged(tag)
        assert await script(keys=[game, due], args=[n + 1, tag]) == str(n + 1).encode()
        assert await cluster.zscore(due, tag) == n + 1
    # The script was loaded where it ran: EVALSHA, NOSCRIPT, SCRIPT LOAD, EVALSHA again.
    assert [s.name for s in guard.sent].count("SCRIPT LOAD") >= 1
    guard.check()


async def test_a_transaction_on_one_slot_is_multi_exec_on_its_node(
    cluster: RedisCluster, guard: SlotGuard
) -> None:
    for tag in tags_on_every_node(cluster):
        game, due = tagged(tag)
        async with cluster.pipeline(transaction=True) as pipe:
            pipe.set(game, "1", nx=True)
            pipe.get(game)
            pipe.zadd(due, {"g": 2})
            pipe.expire(due, 60)
            assert await pipe.execute() == [True, b"1", 1, True]
    blocks = [s.name for s in guard.sent if s.name in ("MULTI", "EXEC")]
    assert blocks == ["MULTI", "EXEC"] * 3
    guard.check()


async def test_a_transaction_over_two_slots_is_refused_by_the_client(
    cluster: RedisCluster, guard: SlotGuard
) -> None:
    async with cluster.pipeline(transaction=True) as pipe:
        pipe.set("dominoes:a", "1")
        pipe.get("dominoes:b")
        with pytest.raises(CrossSlotTransactionError):
            await pipe.execute()
    assert "MULTI" not in [s.name for s in guard.sent]  # nothing was sent
    assert await cluster.get("dominoes:a") is None


async def test_a_pipeline_without_multi_spans_every_node(
    cluster: RedisCluster, guard: SlotGuard
) -> None:
    await cluster.initialize()
    tags = tags_on_every_node(cluster)
    async with cluster.pipeline(transaction=False) as pipe:
        for n, tag in enumerate(tags):
            pipe.set(tagged(tag)[0], n)
            pipe.sadd(f"dominoes:live:{{{tag}}}", "g")
        for tag in tags:
            pipe.get(tagged(tag)[0])
        assert await pipe.execute() == [True, 1] * 3 + [b"0", b"1", b"2"]
    guard.check()


async def test_zrangebyscore_with_scores_reads_as_on_one_redis(cluster: RedisCluster) -> None:
    due = "dominoes:due:{shard-3}"
    await cluster.zadd(due, {"g1": 0, "g2": 1.5, "g3": 7})
    found = await cluster.zrangebyscore(due, "-inf", 5, start=0, num=50, withscores=True)
    assert found == [(b"g1", 0.0), (b"g2", 1.5)]
    assert await cluster.zrange(due, 0, 0, withscores=True) == [(b"g1", 0.0)]


async def test_set_nx_px_takes_a_lease_once(cluster: RedisCluster) -> None:
    lease = "dominoes:lease:{0123456789}"
    assert await cluster.set(lease, "a", nx=True, px=5000) is True
    assert await cluster.set(lease, "b", nx=True, px=5000) is None
    assert await cluster.get(lease) == b"a"
    assert 0 < await cluster.pttl(lease) <= 5000


async def test_scan_iter_goes_through_every_node(cluster: RedisCluster) -> None:
    await cluster.initialize()
    tags = tags_on_every_node(cluster)
    for tag in tags:
        await cluster.set(f"dominoes:chat:{{{tag}}}:1", "g")
    await cluster.set("other", "x")
    found = {k async for k in cluster.scan_iter(match="dominoes:chat:*", count=10)}
    assert found == {f"dominoes:chat:{{{tag}}}:1".encode() for tag in tags}


async def test_a_script_over_two_slots_is_refused_by_the_client(
    cluster: RedisCluster, guard: SlotGuard
) -> None:
    script = cluster.register_script(SCRIPT)
    with pytest.raises(RedisClusterException, match="all keys must map to the same key slot"):
        await script(keys=["dominoes:game:{a}", "dominoes:due:{b}"], args=[1, "g"])
    assert "EVALSHA" not in [s.name for s in guard.sent]  # refused before it was sent


async def test_a_script_over_two_slots_is_refused_by_the_node_itself(
    cluster: RedisCluster, real_cluster: RedisClusterNodes
) -> None:
    """Even when one node holds both slots: a plain client of that node sends what the
    cluster client would not, and the node answers CROSSSLOT."""
    await cluster.initialize()
    first, second = apart_on_one_node(cluster)
    node = real_cluster.node(node_port(cluster, first))
    try:
        with pytest.raises(ResponseError, match=CROSSSLOT):
            node.eval("return redis.call('SET', KEYS[1], KEYS[2])", 2, first, second)
        with pytest.raises(ResponseError, match=CROSSSLOT):
            node.delete(first, second)
        # The same keys one at a time are that node's to serve.
        assert node.set(first, "1")
        assert node.set(second, "2")
    finally:
        node.close()


async def test_a_delete_over_two_slots_is_split_by_the_client_and_seen_by_the_guard(
    cluster: RedisCluster, guard: SlotGuard
) -> None:
    """redis-py's cluster client cuts a DEL by slot: it works, but is no longer one
    command (not atomic). The guard sees the pieces, each on one slot."""
    await cluster.set("dominoes:lang:1001", "fr")
    await cluster.sadd("dominoes:user:1001", "g")
    assert await cluster.delete("dominoes:lang:1001", "dominoes:user:1001") == 2
    assert [s.keys for s in guard.sent if s.name == "DEL"] == [
        (b"dominoes:lang:1001",),
        (b"dominoes:user:1001",),
    ]
    guard.check()


async def test_ping_and_config_get_answer_as_from_one_redis(cluster: RedisCluster) -> None:
    """What the bot asks at start-up (`bot.__main__`): every node answers the ping, one
    node its settings."""
    assert await cluster.ping() is True
    settings = await cluster.config_get("appendonly")
    assert settings == {"appendonly": "no"}
