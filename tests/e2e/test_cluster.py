"""The real `python -m bot` on a real three-node Redis Cluster (`REDIS_CLUSTER=true`,
`REDIS_URL` one node's): two processes in webhook mode, the fake Telegram posting each
update to one of them at random, one restarted midway. What a single redis-server
cannot show: a script or a transaction the bot sends across slots refused with
CROSSSLOT, a command redis-py's cluster client will not route, games that all end up
on one node. Run with `-m faults`, beside the other scenarios (`tests.e2e.suite`)."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import replace

import pytest
from redis.asyncio import Redis

from bot.store import keys
from bot.store.slots import SHARD_SLOTS, shard_of_chat, slot
from tests.e2e.fake_bot_api import WEBHOOK
from tests.e2e.people import DirectGame, GroupGame
from tests.e2e.redis_control import free_port
from tests.e2e.suite import scenario
from tests.e2e.test_faults import ALICE, FOUR, GROUP, check_both_played, handed_a_press
from tests.e2e.world import World
from tests.redis_cluster import HOST, RedisClusterNodes

REPLICAS = 2
PATH = "/telegram/updates"
PUBLIC_URL = f"http://proxy.e2e.invalid{PATH}"


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
@scenario(expected=60)
async def test_two_webhook_processes_on_a_redis_cluster_play_through_a_restart(
    world: World,
) -> None:
    """Two processes in webhook mode on a three-node Redis Cluster, each update posted
    to one of them at random: a direct game is played to its end and a group Kozel
    game past its first hand while one process, just as a press is posted, gets
    SIGTERM (and exits with 0) and is started again. Every press answered once, no
    move lost or doubled, each result announced once, no 429, every stored game
    replays, nothing logged as an error (a CROSSSLOT would be), and the two games
    stored on different nodes, each beside its chat's pointer in its chat's shard's
    slot."""
    nodes = await world.start_cluster()
    api = world.api
    ports = [free_port() for _ in range(REPLICAS)]
    settings = [replace(world.settings, webhook_port=p, public_url=PUBLIC_URL) for p in ports]
    assert all(s.redis_cluster and s.redis_url == nodes.url for s in settings)
    targets = [f"http://127.0.0.1:{port}" for port in ports]
    api.balance(targets, world.rng)
    running = [await world.start_bot(s) for s in settings]

    direct = DirectGame(api, world.service, ALICE)
    group = GroupGame(api, world.service, GROUP, FOUR)
    await asyncio.gather(direct.open(), group.open())
    playing = asyncio.gather(direct.play(), group.play_past(lambda: 1))
    try:
        await handed_a_press(world, playing, direct, group)
        index = world.rng.randrange(REPLICAS)
        status = await world.sigterm(running[index])
        assert status == 0, f"process {running[index].number} exited with {status}"
        running[index] = await world.start_bot(settings[index])
        await playing
    finally:
        playing.cancel()

    posted = {handed for got in api.deliveries.values() for handed in got}
    assert posted == {f"{WEBHOOK} {target}{PATH}" for target in targets}, "a process got no post"
    await check_both_played(world, direct, group)
    direct_record = await world.record_in(ALICE.id)
    group_record = await world.record_in(GROUP)

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
