"""The bot's HTTP server (aiohttp): Telegram's webhook, through aiogram's own
integration, and for operators /healthz and /metrics. In webhook mode all three share
WEBHOOK_PORT; in polling mode the last two are served on METRICS_PORT when it is set."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from aiogram import Bot, Dispatcher
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web
from prometheus_client import REGISTRY
from prometheus_client.exposition import choose_encoder

from bot.game.ports import StorageUnavailableError
from bot.metrics import ACTIVE_GAMES, WEBHOOK_REFUSED
from bot.telegram.observe import Liveness
from core.variants import Variant

log = logging.getLogger(__name__)

COUNT_TIMEOUT = 2.0  # seconds /metrics waits for the live games' count
HEALTHZ, METRICS = "/healthz", "/metrics"


class LiveGames(Protocol):
    """How many games are open or being played, per variant."""

    async def live_by_variant(self) -> dict[str, int]: ...


class Health:
    """What /healthz says: the store answers (`store_problem` says why not), updates can
    reach the bot (polling answers, or the webhook is set and listened to), and the
    worker runs."""

    def __init__(
        self,
        store_problem: Callable[[], Awaitable[str | None]],
        liveness: Liveness,
        worker_running: Callable[[], bool],
    ) -> None:
        self._store_problem = store_problem
        self._liveness = liveness
        self._worker_running = worker_running

    async def check(self) -> tuple[bool, dict[str, Any]]:
        """Whether the bot is healthy, and the short JSON body that says why."""
        checks = {
            "redis": await self._store_problem() or "ok",
            "updates": self._liveness.problem() or "ok",
            "worker": "ok" if self._worker_running() else "not running",
        }
        healthy = all(value == "ok" for value in checks.values())
        body: dict[str, Any] = {
            "status": "ok" if healthy else "failing",
            "mode": self._liveness.mode or "starting",
            **checks,
        }
        since = self._liveness.since_update()
        if since is not None:
            body["last_update_seconds_ago"] = round(since, 1)
        return healthy, body


class WebhookHandler(SimpleRequestHandler):
    """aiogram's handler for one bot, set to answer Telegram only once the update is
    handled: an update whose handling is cut short (a crash, a stop past its drain) gets
    no answer, and Telegram posts it again, as an unconfirmed update is polled again. It
    counts the requests refused for their secret, and leaves the HTTP session open when
    the server stops: the composition root closes it after the worker is done."""

    def __init__(self, dispatcher: Dispatcher, bot: Bot, secret: str) -> None:
        super().__init__(dispatcher, bot, handle_in_background=False, secret_token=secret)

    def verify_secret(self, telegram_secret_token: str, bot: Bot) -> bool:
        accepted = super().verify_secret(telegram_secret_token, bot)
        if not accepted:
            WEBHOOK_REFUSED.inc()
        return accepted

    async def close(self) -> None:
        """Not the session: see the class's doc."""


def create_server(health: Health, schedule: LiveGames) -> web.Application:
    """/healthz and /metrics."""

    async def healthz(_: web.Request) -> web.Response:
        healthy, body = await health.check()
        return web.json_response(body, status=200 if healthy else 503)

    async def metrics(request: web.Request) -> web.Response:
        await count_live_games(schedule)
        encode, content_type = choose_encoder(request.headers.get("Accept", ""))
        return web.Response(body=encode(REGISTRY), headers={"Content-Type": content_type})

    server = web.Application()
    server.router.add_get(HEALTHZ, healthz)
    server.router.add_get(METRICS, metrics)
    return server


def add_webhook(
    server: web.Application, dispatcher: Dispatcher, bot: Bot, secret: str, path: str
) -> None:
    """Telegram's posts at `path`, checked against `secret`, fed to the dispatcher."""
    WebhookHandler(dispatcher, bot, secret).register(server, path=path)
    setup_application(server, dispatcher, bot=bot)


async def count_live_games(schedule: LiveGames) -> None:
    """Set the active games' gauge from Redis; without an answer it is left empty
    rather than stale (/healthz says why)."""
    try:
        async with asyncio.timeout(COUNT_TIMEOUT):
            counts = await schedule.live_by_variant()
    except (StorageUnavailableError, TimeoutError):
        ACTIVE_GAMES.clear()
        return
    for variant in (*(v.value for v in Variant), *counts):
        ACTIVE_GAMES.labels(variant).set(counts.get(variant, 0))


async def serve(server: web.Application, host: str, port: int, drain: float) -> web.AppRunner:
    """Listen on host:port. When the runner is cleaned up it stops listening, then
    waits up to `drain` seconds for the requests under way (each answered once its
    update is handled). No access log: every update is counted and timed in /metrics."""
    runner = web.AppRunner(server, access_log=None, shutdown_timeout=drain)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    log.info("serving HTTP on %s:%s", host, port)
    return runner
