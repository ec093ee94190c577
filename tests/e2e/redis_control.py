"""A real redis-server that a test may stop, start again and freeze: its own port and
folder, with an append-only file so that what was written survives a stop. As in
`tests.redis_server`, a missing redis-server skips the test, unless
DOMINOES_REQUIRE_REDIS=1 (then it fails)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
from pathlib import Path

import pytest
from redis.asyncio import Redis

from tests.ports import free_port

STARTUP = 10.0  # seconds a server may take to accept connections
STOP = 10.0  # seconds it may take to save and exit


def redis_binary() -> str:
    """The redis-server to run; skips (or, with DOMINOES_REQUIRE_REDIS=1, fails) without one."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("DOMINOES_REQUIRE_REDIS") == "1":
            pytest.fail("redis-server is required (DOMINOES_REQUIRE_REDIS=1) but not installed")
        pytest.skip("redis-server is not installed")
    return binary


class RedisProcess:
    """redis-server on one port and folder, across stops and starts."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.frozen = False
        self._process: asyncio.subprocess.Process | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    def client(self) -> Redis:
        """A client of the test's own (close it)."""
        return Redis.from_url(self.url)

    async def start(self) -> None:
        """Start (again) on the same port and folder; returns once it accepts connections."""
        assert not self.running, "redis-server is running already"
        self.folder.mkdir(parents=True, exist_ok=True)
        log = (self.folder / "redis.log").open("ab")
        try:
            self._process = await asyncio.create_subprocess_exec(
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.folder),
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )
        finally:
            log.close()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STARTUP
        while True:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
            except OSError:
                if loop.time() > deadline or self._process.returncode is not None:
                    raise RuntimeError(
                        f"redis-server did not start on {self.port}; its log:\n{self._log_tail()}"
                    ) from None
                await asyncio.sleep(0.05)
            else:
                writer.close()
                await writer.wait_closed()
                break
        async with self.client() as probe:
            while True:  # accepting connections, but maybe still loading its file
                try:
                    await probe.ping()
                    answering = (await probe.info("server"))["process_id"]
                    break
                except Exception:
                    if not self.running:
                        break
                    if loop.time() > deadline:
                        raise
                    await asyncio.sleep(0.05)
        # What answered must be the server just started, not another one on its port.
        if not self.running or answering != self._process.pid:
            raise RuntimeError(
                f"port {self.port} is not answered by the redis-server started; its log:\n"
                f"{self._log_tail()}"
            )

    def _log_tail(self, lines: int = 10) -> str:
        log = self.folder / "redis.log"
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])

    async def stop(self) -> None:
        """Shut down cleanly (SIGTERM: it writes what it has and exits)."""
        process = self._process
        if process is None or process.returncode is not None:
            return
        if self.frozen:
            self.thaw()
        process.terminate()
        try:
            await asyncio.wait_for(process.wait(), STOP)
        except TimeoutError:
            process.kill()
            await process.wait()

    def freeze(self) -> None:
        """SIGSTOP: the server holds every connection and answers nothing."""
        assert self._process is not None
        assert self.running
        self._process.send_signal(signal.SIGSTOP)
        self.frozen = True

    def thaw(self) -> None:
        """SIGCONT after `freeze`."""
        assert self._process is not None
        self._process.send_signal(signal.SIGCONT)
        self.frozen = False
