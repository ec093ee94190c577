"""The fault suite's one fixture: the launcher that runs its scenarios side by side."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests.e2e.redis_control import redis_binary
from tests.e2e.suite import FIGURES, Launcher, selected
from tests.e2e.world import Figures


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def fault_suite(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Launcher]:
    """Starts every selected scenario; whatever still runs at the end is stopped, and
    every process a scenario started is killed."""
    binary = redis_binary()
    launcher = Launcher(selected(request.session.items), tmp_path_factory.mktemp("faults"), binary)
    yield launcher
    await launcher.close()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The fault suite's closing table: what its scenarios measured, summed."""
    if not FIGURES:
        return
    total = Figures()
    for figures in FIGURES.values():
        total.add(figures)
    write = terminalreporter.write_line
    terminalreporter.section("fault suite figures")
    write(f"scenarios run               {len(FIGURES)}")
    write(f"kill -9                     {total.kills}")
    write(f"accepted moves checked      {total.moves}")
    write(f"moves lost / doubled        {total.lost} / {total.doubled}")
    write(f"announcements repeated      {total.repeated}")
    freeze = f"{total.longest_freeze:.1f} s"
    write(f"longest freeze              {freeze} (a game waiting while the bot could serve)")
    write(f"  in                        {total.froze_at}")
    write(f"hostile inputs refused      {total.refused} of {total.hostile}")
    for what, seconds in sorted(total.measured.items()):
        write(f"{what:<27} {seconds:.1f} s")
    for what, rate in sorted(total.rates.items()):
        write(f"{what:<27} {rate:.2f}")
