"""Several `python -m bot` processes in webhook mode behind one URL, as docker-compose.yml
runs them behind Caddy: the fake Telegram stands for the proxy and posts each update to
one of them at random (`FakeBotApi.balance`), while they are restarted one after
another. Run with `-m faults`, beside the other scenarios (`tests.e2e.suite`)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from tests.e2e.fake_bot_api import WEBHOOK
from tests.e2e.people import DirectGame, GroupGame, stopped
from tests.e2e.suite import scenario
from tests.e2e.test_faults import (
    ALICE,
    FOUR,
    GROUP,
    LATER,
    check_both_played,
    handed_a_press,
)
from tests.e2e.world import World
from tests.ports import free_ports

REPLICAS = 3
# The proxy's URL, which every process sets as the webhook; nothing listens there: the
# fake Telegram posts to the processes themselves, at this URL's path.
PATH = "/telegram/updates"
PUBLIC_URL = f"http://proxy.e2e.invalid{PATH}"


async def play_through_restarts(
    world: World, count: int, restarts: Callable[[random.Random], list[int]]
) -> tuple[DirectGame, GroupGame]:
    """`count` processes in webhook mode, each on its own port behind `PUBLIC_URL`, every
    update posted to one of them at random: a direct game (with rematches) and a group
    Kozel game played while the processes `restarts` picks, one at a time and each just
    as a press is posted, get SIGTERM (and exit with 0) and are started again on their
    port; then the direct match to its end and the group's past the hand of the last
    restart. Then every process got posts, and `check_both_played`."""
    api = world.api
    ports = free_ports(count)
    settings = [replace(world.settings, webhook_port=p, public_url=PUBLIC_URL) for p in ports]
    targets = [f"http://127.0.0.1:{port}" for port in ports]
    api.balance(targets, world.rng)
    running = [await world.start_bot(s) for s in settings]
    assert api.webhook is not None
    assert api.webhook["url"] == PUBLIC_URL

    direct = DirectGame(api, world.service, ALICE)
    group = GroupGame(api, world.service, GROUP, FOUR)
    await asyncio.gather(direct.open(), group.open())
    # The games go on until the last restart is done, however fast or slow the machine.
    last_restart_in = [LATER]
    playing = asyncio.gather(
        direct.play(again=lambda: last_restart_in[0] == LATER),
        group.play_past(lambda: last_restart_in[0]),
    )
    try:
        for index in restarts(world.rng):
            await handed_a_press(world, playing, direct, group)
            status = await world.sigterm(running[index])
            assert status == 0, f"process {running[index].number} exited with {status}"
            running[index] = await world.start_bot(settings[index])
        last_restart_in[0] = group.hand_shown()
        await playing
    finally:
        await stopped(playing)

    posted = {handed for got in api.deliveries.values() for handed in got}
    assert posted == {f"{WEBHOOK} {target}{PATH}" for target in targets}, "a process got no post"
    await check_both_played(world, direct, group)
    return direct, group


@pytest.mark.faults
@scenario(expected=60)
async def test_three_webhook_processes_behind_one_url_survive_a_rolling_restart(
    world: World,
) -> None:
    """Three processes in webhook mode on one Redis, each on its own port, every update
    posted to one of them at random: a direct game (rematches until the last restart)
    and a group Kozel game (past the hand of the last restart) are played while each
    process in turn, at a seeded moment just as a press is posted, gets SIGTERM (and
    exits with 0) and is started again on its port. Every press answered exactly once,
    no move lost or doubled, each result announced once, no 429, every stored game
    replays, and no game frozen more than 10 s (the people's driver checks it: some
    process can always serve)."""
    # A rolling restart, in a seeded order: one process down at a time.
    await play_through_restarts(world, REPLICAS, lambda rng: rng.sample(range(REPLICAS), REPLICAS))
    answered = {c.token for c in world.api.calls("answerCallbackQuery") if c.ok}
    first, restarted = world.processes[:REPLICAS], world.processes[REPLICAS:]
    assert answered & {p.token for p in first}, "no press answered before a restart"
    assert answered & {p.token for p in restarted}, "no press answered by a restarted process"
