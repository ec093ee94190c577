"""The process: settings -> Redis -> the app (`bot.app`, the composition root: stores,
use cases, delivery, worker, dispatcher) -> updates by long polling or by webhook, and
the operators' /healthz and /metrics; a graceful stop."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import time
from collections.abc import Mapping
from contextlib import suppress
from functools import partial
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramNetworkError,
    TelegramUnauthorizedError,
)
from aiohttp import web
from fakeredis import FakeAsyncRedis
from redis.asyncio import BlockingConnectionPool, Redis, RedisCluster
from redis.exceptions import RedisError

from bot import wait_for
from bot.app import App, Pacing, create_app
from bot.config import ConfigError, Settings, Webhook, load_settings
from bot.game.bots import default_players
from bot.game.worker import Rhythm
from bot.logs import configure_logging
from bot.store.client import COMMAND_TIMEOUT, CountedConnection, RedisClient, ping_problem
from bot.telegram.client import CONCURRENT_UPDATES, create_bot
from bot.telegram.dispatcher import register_commands
from bot.telegram.observe import POLLING_TIMEOUT, Liveness
from bot.telegram.outbox.pace import Limit, Limits
from bot.telegram.ports import Look
from bot.telegram.server import Health, add_webhook, create_server, serve
from texts import Texts

REDIS_CONNECTIONS = 100  # at most; more requests wait for one (up to REDIS_WAIT seconds)
REDIS_WAIT = 5.0
DRAIN = 10.0  # seconds a graceful stop waits for the updates and the pass under way

log = logging.getLogger("bot")


def open_store(settings: Settings) -> RedisClient:
    """Redis at REDIS_URL (a single node, or a cluster with REDIS_CLUSTER), or an
    in-process store with the same interface."""
    if settings.redis_url and settings.redis_cluster:
        return RedisCluster.from_url(
            settings.redis_url,
            max_connections=REDIS_CONNECTIONS,
            socket_timeout=COMMAND_TIMEOUT,
            socket_connect_timeout=COMMAND_TIMEOUT,
        )
    if settings.redis_url:
        # A crowd waits for a connection rather than failing at once (redis-py's default
        # pool raises as soon as its connections are all in use).
        pool = BlockingConnectionPool.from_url(
            settings.redis_url,
            max_connections=REDIS_CONNECTIONS,
            timeout=REDIS_WAIT,
            # A Redis that stops answering is an error in seconds, not a hang.
            socket_timeout=COMMAND_TIMEOUT,
            socket_connect_timeout=COMMAND_TIMEOUT,
            health_check_interval=30,
            connection_class=CountedConnection,
        )
        return Redis(connection_pool=pool)
    log.warning("REDIS_URL is not set: games are kept in memory and will NOT survive a restart")
    return FakeAsyncRedis()


async def warn_without_persistence(redis: RedisClient) -> bool:
    """Warn when Redis keeps nothing on disk (no append-only file, no snapshots): then a
    Redis restart loses every game. True when it warned. A Redis that will not say
    (CONFIG is often disabled by hosting providers) is given the benefit of the doubt.
    In a cluster every primary is asked: one that keeps nothing loses its slots' games."""
    try:
        nodes: list[tuple[Mapping[Any, Any], Mapping[Any, Any]]]
        if isinstance(redis, RedisCluster):
            # Asked of several nodes, the answer is one per node, by its name.
            primaries = RedisCluster.PRIMARIES
            appendonly: Any = await redis.config_get("appendonly", target_nodes=primaries)
            save: Any = await redis.config_get("save", target_nodes=primaries)
            nodes = [(appendonly[name], save[name]) for name in appendonly]
        else:
            nodes = [(await redis.config_get("appendonly"), await redis.config_get("save"))]
    except (RedisError, KeyError):
        return False
    bare = [
        n for n, (a, s) in enumerate(nodes) if a.get("appendonly") != "yes" and not s.get("save")
    ]
    if not bare:
        return False
    log.warning(
        "Redis keeps no data on disk (appendonly no, no snapshots%s): a restart of Redis "
        "loses every game. Run it with --appendonly yes (see docs/operations.md).",
        "" if len(nodes) == 1 else f", on {len(bare)} of the cluster's {len(nodes)} primaries",
    )
    return True


async def run(settings: Settings, *, handle_signals: bool = True) -> None:
    """Serve until stopped (SIGINT/SIGTERM, or cancellation)."""
    redis = open_store(settings)
    try:
        await redis.ping()
    except Exception as exc:  # any failure here means: cannot start
        raise ConfigError(f"cannot reach Redis at REDIS_URL: {type(exc).__name__}") from None
    if settings.redis_url:
        await warn_without_persistence(redis)
    texts = Texts(default=settings.default_language)
    session = None
    if settings.telegram_api_url:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    liveness = Liveness()
    bot = create_bot(settings.bot_token.get_secret_value(), session, liveness=liveness)
    limits = Limits()
    pacing = Pacing(
        limits=Limits(
            private=limits.private,
            group=Limit(interval=settings.group_edit_interval, burst=limits.group.burst),
            bot=limits.bot,
        ),
        rhythm=Rhythm(bot_delay=settings.bot_move_delay),
    )
    app = create_app(
        bot,
        redis,
        default_players(),
        texts,
        pacing,
        liveness=liveness,
        webhook=settings.webhook is not None,
        look=Look(settings.default_look),
    )
    worker: asyncio.Task[None] | None = None
    watch: asyncio.Task[None] | None = None
    runner: web.AppRunner | None = None
    server = create_server(
        Health(
            partial(ping_problem, redis), liveness, lambda: worker is not None and not worker.done()
        ),
        app.schedule,
    )
    webhook = settings.webhook
    try:
        try:
            await register_commands(bot, texts)
        except TelegramUnauthorizedError:
            raise ConfigError("Telegram refused BOT_TOKEN") from None
        except TelegramNetworkError as exc:
            raise ConfigError(f"cannot reach the Telegram Bot API: {exc.message}") from None
        if webhook is not None:
            add_webhook(server, app.dispatcher, bot, webhook.secret, webhook.path)
        port = settings.webhook_port if webhook is not None else settings.metrics_port
        if port is not None:
            runner = await _listen(server, settings.webhook_host, port)
        # Games due before a restart are picked up at once: the worker reads Redis, and
        # the outbox's watch takes the chats whose sender is gone.
        worker = asyncio.create_task(app.worker.run(), name="worker")
        watch = asyncio.create_task(app.outbox.watch(), name="outbox watch")
        # The server listens before the webhook is set: Telegram may post at once.
        await announce_mode(bot, app.dispatcher, webhook)
        if webhook is not None:
            liveness.listening()
            await _until_stopped(handle_signals)
        else:
            liveness.polling()
            await app.dispatcher.start_polling(
                bot,
                handle_signals=handle_signals,
                polling_timeout=POLLING_TIMEOUT,
                tasks_concurrency_limit=CONCURRENT_UPDATES,
                close_bot_session=False,  # closed below, once everything in flight is done
            )
    finally:
        stopping = time.monotonic()
        if runner is not None:
            # No new requests; the webhook's posts under way are handled and answered.
            await runner.cleanup()
        await _drain(app, worker)
        if watch is not None:
            watch.cancel()
            with suppress(asyncio.CancelledError):
                await watch
        await bot.session.close()
        await redis.aclose()
        log.info("stopped: %.1f s to finish what was under way", time.monotonic() - stopping)


async def announce_mode(bot: Bot, dispatcher: Dispatcher, webhook: Webhook | None) -> None:
    """Tell Telegram how updates are to come. A webhook: setWebhook with its secret,
    the kinds of update the bot handles, and at most CONCURRENT_UPDATES posts at once
    (the polling's limit). Polling (None): deleteWebhook first, since getUpdates fails
    while a webhook is set (a stale one, from a run in webhook mode); the updates it
    holds are kept for polling."""
    if webhook is None:
        await bot.delete_webhook(drop_pending_updates=False)
        return
    try:
        await bot.set_webhook(
            url=webhook.url,
            secret_token=webhook.secret,
            allowed_updates=dispatcher.resolve_used_update_types(),
            max_connections=CONCURRENT_UPDATES,
            drop_pending_updates=False,
        )
    except TelegramBadRequest as exc:
        raise ConfigError(f"Telegram refused WEBHOOK_URL: {exc.message}") from None


async def _listen(server: web.Application, host: str, port: int) -> web.AppRunner:
    try:
        return await serve(server, host, port, DRAIN)
    except OSError as exc:
        raise ConfigError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


async def _until_stopped(handle_signals: bool) -> None:
    """Wait for SIGINT or SIGTERM (or cancellation)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM) if handle_signals else ()
    for number in signals:
        loop.add_signal_handler(number, stop.set)
    try:
        await stop.wait()
    finally:
        for number in signals:
            loop.remove_signal_handler(number)
    log.info("stopping: the updates under way finish first")


async def _drain(app: App, running: asyncio.Task[None] | None) -> None:
    """A graceful stop: the updates being handled finish, then the worker's pass under
    way, then what this process's senders have left to send (what they cannot send in
    time stays in the chats' outboxes, for another process); only then may the HTTP
    session close (a post sent under a closing session may have reached Telegram while
    the bot thinks it failed, and be sent again)."""
    left = await app.in_flight.drain(DRAIN)
    if left:
        log.warning("stopping with %s updates still being handled", left)
    if running is not None:
        app.worker.stop()
        try:
            await asyncio.wait_for(asyncio.shield(running), DRAIN)
        except TimeoutError:
            log.warning("the worker did not finish its pass in %ss; stopping it", DRAIN)
            running.cancel()
            with suppress(asyncio.CancelledError):
                await running
    try:
        await asyncio.wait_for(app.outbox.settle(), DRAIN)
    except TimeoutError:
        log.warning("the chats' outboxes were not emptied in %ss: another process sends", DRAIN)
        await app.outbox.close()


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"dominoes-bot: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, settings.log_format)
    wait_for.install()
    try:
        asyncio.run(run(settings))
    except ConfigError as exc:
        print(f"dominoes-bot: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
