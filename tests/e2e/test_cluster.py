"""The real `python -m bot` on a real three-node Redis Cluster (`REDIS_CLUSTER=true`,
`REDIS_URL` one node's): two processes in webhook mode, the fake Telegram posting each
update to one of them at random, one restarted midway. What a single redis-server
cannot show: a script or a transaction the bot sends across slots refused with
CROSSSLOT, a command redis-py's cluster client will not route, games that all end up
on one node. Run with `-m faults`, beside the other scenarios (`tests.e2e.suite`)."""

from __future__ import annotations

from collections import Counter

import pytest
from redis.asyncio import Redis

from bot.store import keys
from bot.store.slots import SHARD_SLOTS, shard_of_chat, slot
from tests.e2e.suite import scenario
from tests.e2e.test_replicas import play_through_restarts
from tests.e2e.world import World
from tests.redis_cluster import HOST, RedisClusterNodes

REPLICAS = 2


async def keys_by_node(nodes: RedisClusterNodes) -> dict[int, set[str]]:
    """The bot's keys each node holds, by its port: a plain client's SCAN on one node
    sees that node's keys only."""
    found: dict[int, set[str]] = {}
    for port in nodes.ports:
        async with Redis(host=HOST, port=port) as node:
            found[port] = {
                k.decode() if isinstance(k, bytes) else str(k)
                async for k in node.scan_iter(match=f"{keys.PREFIX}:*")
            }
    return found


@pytest.mark.faults
@scenario(expected=60, weight=3)  # three redis-servers and two bots
async def test_two_webhook_processes_on_a_redis_cluster_play_through_a_restart(
    world: World,
) -> None:
    """Two processes in webhook mode on a three-node Redis Cluster, each update posted
    to one of them at random: a direct game (rematches until the restart) and a group
    Kozel game (past the hand of the restart) are played while one process, just as a
    press is posted, gets SIGTERM (and exits with 0) and is started again. Every press
    answered once, no move lost or doubled, each result announced once, no 429, every
    stored game replays, nothing logged as an error (a CROSSSLOT would be), and the
    two games stored on different nodes, each beside its chat's pointer in its chat's
    shard's slot."""
    nodes = await world.start_cluster()
    assert world.settings.redis_cluster
    assert world.settings.redis_url == nodes.url
    direct, group = await play_through_restarts(
        world, REPLICAS, lambda rng: [rng.randrange(REPLICAS)]
    )
    direct_record = await world.record_in(direct.who.id)
    group_record = await world.record_in(group.chat_id)

    held = await keys_by_node(nodes)
    where = {key: port for port, found in held.items() for key in found}
    homes = set()
    for record in (direct_record, group_record):
        game, pointer = keys.game(record.game_id), keys.chat(record.chat_id)
        # The id was drawn to share its chat's shard's slot: what lets one script save
        # the game, move the pointer and schedule it.
        assert slot(record.game_id) == SHARD_SLOTS[shard_of_chat(record.chat_id)], (
            f"game {record.game_id} is not in the slot of chat {record.chat_id}'s shard"
        )
        assert game in where, f"{game} is on no node"
        assert where.get(pointer) == where[game], f"{pointer} is not beside {game}"
        homes.add(where[game])
    assert len(homes) > 1, f"both games on one node ({homes}): the cluster spread nothing"
    spread = Counter({port: len(found) for port, found in held.items()})
    assert all(spread[port] for port in nodes.ports), f"a node holds no key of the bot: {spread}"
