"""A real redis-server for the tests that need one (what fakeredis does not model: a
connection pool's limits, a server that goes away). Started once per test session on
a free port in a temporary folder, without persistence; stopped at the end.

Where redis-server is not installed those tests are skipped, unless
DOMINOES_REQUIRE_REDIS=1 (as in CI), where that is a failure."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest

from tests.ports import free_port

STARTUP = 10.0  # seconds a server may take to accept connections


@dataclass(frozen=True, slots=True)
class RedisServer:
    port: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    """A running redis-server; the test is skipped (or fails in CI) without one."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("DOMINOES_REQUIRE_REDIS") == "1":
            pytest.fail("redis-server is required (DOMINOES_REQUIRE_REDIS=1) but not installed")
        pytest.skip("redis-server is not installed")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="dominoes-redis-") as folder:
        server = subprocess.Popen(
            [
                binary,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                folder,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + STARTUP
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                        break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("redis-server did not start") from None
                    time.sleep(0.05)
            yield RedisServer(port)
        finally:
            server.terminate()
            server.wait(timeout=10)
