"""Scenarios run side by side: each test of the fault suite is a scenario (a coroutine
given its `World`); the first test to run starts every selected scenario, a few at
a time, and each test then waits for its own scenario's outcome. Most of a scenario
is waiting (for a restart, for Telegram's pace, for a frozen Redis), so running them
together keeps the suite short. Starting a bot process is not waiting: it takes
seconds of CPU (importing aiogram builds every model of the Bot API), so the processes
of all scenarios start a few at a time (`STARTING_AT_ONCE`), and a scenario's time
limit stands still while one of its processes starts (each start has its own limit).

Each scenario is seeded: DOMINOES_FAULTS_SEED for all, or one derived from its name.
Whatever a scenario stages, it fails when a process's log says that a task's exception
was never retrieved (`check_no_error_lost`)."""

from __future__ import annotations

import asyncio
import os
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.world import NEVER_RETRIEVED, Figures, World

SCENARIO_TIMEOUT = 150.0  # seconds
SIDE_BY_SIDE = 8  # scenarios at once
# Bot processes starting at once, across the scenarios: one per CPU. Started together,
# the processes of the scenarios that begin at one moment share the CPUs, so that each
# start takes about as long as all of them: past its 30 s on two busy CPUs.
STARTING_AT_ONCE = os.cpu_count() or 1

Body = Callable[[World], Awaitable[None]]
Test = Callable[["Launcher"], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Scenario:
    name: str
    body: Body
    expected: float  # seconds it usually takes: the longest start first
    timeout: float
    weight: int  # of the `SIDE_BY_SIDE` places it takes: what it runs, in ordinary scenarios


SCENARIOS: dict[str, Scenario] = {}  # by "<module>.<test name>"
FIGURES: dict[str, Figures] = {}  # what each scenario that ran measured, by its name


def scenario(
    expected: float = 30.0, timeout: float = SCENARIO_TIMEOUT, weight: int = 1
) -> Callable[[Body], Test]:
    """Make a scenario a test of the suite: it runs beside the others, in the session's
    event loop, and the test reports its outcome. `expected`: the seconds it usually
    takes (the longest start first); past `timeout` it fails; `weight`: how many places
    of `SIDE_BY_SIDE` it takes (a scenario that runs several servers loads the machine
    as several do, and a stalled machine bunches paced writes into 429s)."""

    def make(body: Body) -> Test:
        key = f"{body.__module__}.{body.__name__}"

        async def test(fault_suite: Launcher) -> None:
            await fault_suite.outcome(key)

        test.__name__ = test.__qualname__ = body.__name__
        test.__doc__ = body.__doc__
        test.__module__ = body.__module__
        SCENARIOS[key] = Scenario(body.__name__, body, expected, timeout, weight)
        marked: Test = pytest.mark.asyncio(loop_scope="session")(test)
        return marked

    return make


def selected(items: list[pytest.Item]) -> list[str]:
    """The scenarios among the tests this session runs, in their order."""
    keys = []
    for item in items:
        if isinstance(item, pytest.Function):
            key = f"{item.module.__name__}.{item.originalname}"
            if key in SCENARIOS:
                keys.append(key)
    return keys


def seed_of(name: str) -> int:
    chosen = os.environ.get("DOMINOES_FAULTS_SEED")
    return int(chosen) if chosen else zlib.crc32(name.encode())


def check_no_error_lost(world: World) -> None:
    """No process of the scenario lost an error in a task nobody awaited (asyncio says
    so only in the log, and the bot goes on as if nothing failed)."""
    lost = world.log_lines(NEVER_RETRIEVED)
    assert not lost, "errors nobody looked at:\n" + "\n".join(lost)


class Launcher:
    """Starts the selected scenarios and hands each test its outcome."""

    def __init__(self, keys: list[str], folder: Path, redis_binary: str) -> None:
        self._folder = folder
        self._redis_binary = redis_binary
        self._free = SIDE_BY_SIDE
        self._changed = asyncio.Condition()
        self._starting = asyncio.Semaphore(STARTING_AT_ONCE)
        longest_first = sorted(keys, key=lambda k: -SCENARIOS[k].expected)
        self._tasks = {
            key: asyncio.create_task(self._run(SCENARIOS[key]), name=key) for key in longest_first
        }

    async def _run(self, scenario: Scenario) -> None:
        places = min(scenario.weight, SIDE_BY_SIDE)
        async with self._changed:
            await self._changed.wait_for(lambda: self._free >= places)
            self._free -= places
        loop = asyncio.get_running_loop()
        began = loop.time()
        try:
            await self._run_alone(scenario)
        finally:
            took = loop.time() - began
            with (self._folder / "durations.txt").open("a") as out:
                out.write(f"{took:6.1f} s  {scenario.name}\n")
            async with self._changed:
                self._free += places
                self._changed.notify_all()

    async def _run_alone(self, scenario: Scenario) -> None:
        seed = seed_of(scenario.name)
        folder = self._folder / scenario.name
        world = World(scenario.name, folder, seed, self._redis_binary, self._starting)
        async with world:
            FIGURES[scenario.name] = world.figures
            try:
                async with asyncio.timeout(scenario.timeout) as deadline:
                    world.deadline = deadline
                    await scenario.body(world)
                check_no_error_lost(world)
            except BaseException as error:
                if isinstance(error, TimeoutError):
                    error.add_note(
                        f"the scenario took more than {scenario.timeout:.0f} s, besides the "
                        f"{world.starting_took:.1f} s its bot processes took to start"
                    )
                error.add_note(world.report())
                raise
            finally:
                world.figures.longest_freeze = world.service.longest_wait
                world.figures.froze_at = f"{scenario.name}: {world.service.longest_for}"

    async def outcome(self, key: str) -> None:
        """The scenario's outcome: returns, or raises what it raised."""
        await self._tasks[key]

    async def close(self) -> None:
        """Stop what is still running (everything is cleaned up on the way out)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
