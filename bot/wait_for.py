"""`asyncio.wait_for` as Python 3.12 has it, for the Python 3.11 the bot runs on.

On 3.11, `wait_for` loses a cancellation that arrives in the same turn of the loop as the
future it waits for finishes: it returns the result, and the cancelled task runs on
(python/cpython#86296; 3.12 rewrote `wait_for` over `asyncio.timeout`). redis-py bounds
each command it sends with `wait_for` when a socket timeout is set, as the bot's clients
and (since redis-py 8) every default client have: a task stopped in the middle of a
command could then never stop, and a process waiting for it (a stop, a test's watch)
waits forever. `install` puts 3.12's version in its place, once, at start."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")

STOCK = asyncio.wait_for  # this Python's own, as it was when this module was first imported


async def wait_for(awaitable: Awaitable[T], timeout: float | None) -> T:
    """Wait for `awaitable`, at most `timeout` seconds (TimeoutError then); a
    cancellation of the waiting task always reaches it."""
    if timeout is not None and timeout <= 0:
        future = asyncio.ensure_future(awaitable)
        if future.done():
            return future.result()
        future.cancel()
        await asyncio.wait({future})  # a cancellation of this task still comes through
        try:
            return future.result()
        except asyncio.CancelledError as cancelled:
            raise TimeoutError from cancelled
    async with asyncio.timeout(timeout):
        return await awaitable


def install() -> None:
    """Make `asyncio.wait_for` (as every library calls it) keep cancellations, on Pythons
    older than 3.12; a newer Python's own is kept."""
    if sys.version_info < (3, 12):
        asyncio.wait_for = wait_for  # type: ignore[assignment]
