"""The real bot, `python -m bot` in the checkout (its sources, as the terminal tests
run them), as a subprocess: started with its settings in the environment, its output
kept in a file, killed (SIGKILL) or stopped (SIGTERM) as a test says. Each process
gets a token of its own (the same bot id), so that the fake Bot API can tell which
process made a call."""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tests.e2e.fake_bot_api import BOT_ID, Call, FakeBotApi

ROOT = Path(__file__).resolve().parents[2]
READY = 30.0  # seconds a process may take to poll (or set its webhook) for the first time
STOPPING = 15.0  # seconds a process may take to stop after SIGTERM


def token_for(number: int) -> str:
    """A valid-looking token of the bot, different per process."""
    return f"{BOT_ID}:AAbbCCddEEffGGhhIIjjKKllMM{number:04d}"


@dataclass(frozen=True, slots=True)
class BotSettings:
    """What the bot process is given in its environment."""

    redis_url: str
    api_url: str
    redis_cluster: bool = False  # REDIS_URL names one node of a Redis Cluster
    move_delay: float = 0.3
    group_edit_interval: float = 3.5
    log_level: str = "INFO"
    # Webhook mode: the port it listens on (None: polling), and the secret.
    webhook_port: int | None = None
    webhook_secret: str = "e2e_webhook-Secret"
    # Behind a proxy: the one URL every process sets as the webhook (None: its own).
    public_url: str | None = None
    # How chats see their games: pictures (the product's default) or text.
    look: str = "picture"

    @property
    def webhook_url(self) -> str:
        """Plain http on loopback: allowed with a local Bot API server (TELEGRAM_API_URL)."""
        if self.public_url is not None:
            return self.public_url
        return f"http://127.0.0.1:{self.webhook_port}/telegram/updates"

    def environment(self, token: str) -> dict[str, str]:
        webhook = {}
        if self.webhook_port is not None:
            webhook = {
                "BOT_MODE": "webhook",
                "WEBHOOK_URL": self.webhook_url,
                "WEBHOOK_SECRET": self.webhook_secret,
                "WEBHOOK_HOST": "127.0.0.1",
                "WEBHOOK_PORT": str(self.webhook_port),
            }
        return webhook | {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "PYTHONUNBUFFERED": "1",
            "BOT_TOKEN": token,
            "REDIS_URL": self.redis_url,
            "REDIS_CLUSTER": "true" if self.redis_cluster else "false",
            "TELEGRAM_API_URL": self.api_url,
            "LOG_LEVEL": self.log_level,
            "BOT_MOVE_DELAY": str(self.move_delay),
            "GROUP_EDIT_INTERVAL": str(self.group_edit_interval),
            "DEFAULT_LOOK": self.look,
        }


def _wall() -> str:
    return datetime.now().strftime("%H:%M:%S.%f")[:-3]


class BotProcess:
    """One run of `python -m bot` (start it again with a new `BotProcess`)."""

    def __init__(self, settings: BotSettings, number: int, log: Path) -> None:
        self.settings = settings
        self.number = number
        self.token = token_for(number)
        self.log = log
        self.started_at = 0.0
        self._process: asyncio.subprocess.Process | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    @property
    def returncode(self) -> int | None:
        return self._process.returncode if self._process is not None else None

    async def start(self, api: FakeBotApi) -> None:
        assert self._process is None, "a BotProcess runs once"
        self.started_at = api.clock()
        with self.log.open("ab") as out:
            out.write(f"=== process {self.number} starts at {_wall()}\n".encode())
            out.flush()
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=ROOT,
                env=self.settings.environment(self.token),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )

    async def wait_ready(self, api: FakeBotApi, timeout: float = READY) -> float:
        """Wait until this process has asked for updates (in webhook mode: set its
        webhook); returns when it did."""
        webhook = self.settings.webhook_port is not None

        def ready() -> list[Call]:
            assert self.running, f"the bot exited ({self.returncode}):\n{self.tail()}"
            if webhook:
                return [c for c in api.calls("setWebhook", token=self.token) if c.ok]
            return api.calls("getUpdates", token=self.token)

        await api.wait_until(lambda: bool(ready()), timeout, f"bot process {self.number} to serve")
        return ready()[0].at

    def kill(self) -> None:
        """SIGKILL, at once."""
        if self.running:
            assert self._process is not None
            self._process.kill()
            self._mark(f"killed at {_wall()}")

    async def wait(self) -> int:
        assert self._process is not None
        return await self._process.wait()

    async def terminate(self, timeout: float = STOPPING) -> int:
        """SIGTERM, then wait for the process to end (SIGKILL after `timeout`, and fail)."""
        assert self._process is not None
        if self.running:
            self._process.terminate()
        began = asyncio.get_running_loop().time()
        try:
            status = await asyncio.wait_for(self._process.wait(), timeout)
        except TimeoutError:
            self._process.kill()
            await self._process.wait()
            raise AssertionError(f"the bot did not stop within {timeout} s of SIGTERM") from None
        took = asyncio.get_running_loop().time() - began
        self._mark(f"exited with status {status} at {_wall()}, {took:.1f} s after SIGTERM")
        return status

    def _mark(self, what: str) -> None:
        """A line of the test's own in the process's log (when a failure asks why)."""
        with self.log.open("ab") as out:
            out.write(f"=== process {self.number} {what}\n".encode())

    def tail(self, lines: int = 40) -> str:
        """The end of the process's output (the log is shared by a test's processes)."""
        if not self.log.exists():
            return "(no output)"
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
