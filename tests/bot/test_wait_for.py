"""`bot.wait_for`: a cancellation that arrives as the awaited future finishes is kept
(python/cpython#86296), against a lone future and against a real redis-server."""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from redis.asyncio import Redis

from bot.wait_for import STOCK, install, wait_for
from tests.redis_server import RedisServer

Waiter = Callable[[Awaitable[Any], float | None], Awaitable[Any]]


async def cancelled_as_it_finishes(waiter: Waiter) -> asyncio.Task[Any]:
    """A task waiting through `waiter` for a future that finishes in the very turn of the
    loop the task is cancelled in; returns the task once it has ended or stalled."""
    inner: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.ensure_future(waiter(inner, 5.0))
    await asyncio.sleep(0)  # the task now waits
    inner.set_result(1)
    task.cancel()
    await asyncio.wait({task}, timeout=1.0)
    return task


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 mended its own wait_for")
async def test_this_pythons_own_wait_for_loses_that_cancellation() -> None:
    task = await cancelled_as_it_finishes(STOCK)
    assert not task.cancelled()
    assert task.result() == 1  # it ran on past the cancel, to its end


async def test_a_cancellation_as_the_future_finishes_reaches_the_task() -> None:
    task = await cancelled_as_it_finishes(wait_for)
    assert task.cancelled()


async def test_install_puts_it_in_asyncio_on_older_pythons() -> None:
    install()
    expected = wait_for if sys.version_info < (3, 12) else STOCK
    assert asyncio.wait_for is expected
    task = await cancelled_as_it_finishes(asyncio.wait_for)
    assert task.cancelled()


async def test_a_late_future_times_out_and_is_cancelled() -> None:
    slow = asyncio.ensure_future(asyncio.sleep(10))
    with pytest.raises(TimeoutError):
        await wait_for(slow, 0.01)
    assert slow.cancelled()


async def test_a_prompt_future_gives_its_result() -> None:
    assert await wait_for(asyncio.sleep(0, "done"), 1.0) == "done"
    assert await wait_for(asyncio.sleep(0, "done"), None) == "done"


async def test_no_time_at_all_gives_a_finished_result_and_times_out_the_rest() -> None:
    finished: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    finished.set_result("done")
    assert await wait_for(finished, 0) == "done"
    pending = asyncio.ensure_future(asyncio.sleep(10))
    with pytest.raises(TimeoutError):
        await wait_for(pending, 0)
    assert pending.cancelled()


async def test_no_time_at_all_still_lets_a_cancellation_through() -> None:
    stubborn = asyncio.ensure_future(_ignores_one_cancel())
    outer = asyncio.ensure_future(wait_for(stubborn, 0))
    await asyncio.sleep(0.01)  # `outer` waits for `stubborn` to end
    outer.cancel()
    await asyncio.wait({outer}, timeout=1.0)
    assert outer.cancelled()
    stubborn.cancel()


async def _ignores_one_cancel() -> None:
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        await asyncio.sleep(10)


async def test_every_cancel_of_a_task_amid_redis_commands_ends_it(real_redis: RedisServer) -> None:
    """Cancelled at random moments of a loop of commands on a client with a socket
    timeout (as the bot's are), the task ends each time: with Python 3.11's own
    wait_for, 52 and 84 of these 150 ran on (two runs)."""
    assert asyncio.wait_for is wait_for or sys.version_info >= (3, 12), "installed by conftest"
    chance = random.Random(86296)
    ran_on = 0
    async with Redis.from_url(real_redis.url, socket_timeout=2.0) as redis:

        async def commands(stop: list[bool]) -> None:
            while not stop[0]:
                await redis.hgetall("k")

        for _ in range(150):
            stop = [False]
            task = asyncio.ensure_future(commands(stop))
            await asyncio.sleep(chance.random() * 0.004)
            task.cancel()
            await asyncio.wait({task}, timeout=1.0)
            if not task.done():
                ran_on += 1
                stop[0] = True
                await asyncio.wait({task}, timeout=1.0)
            if task.done() and not task.cancelled():
                task.exception()  # looked at: a ConnectionError of a task that ran on
    assert ran_on == 0, f"{ran_on} of 150 cancelled tasks ran on"
