"""Composition root: settings -> store -> service -> dispatcher and pacer -> long polling."""

from __future__ import annotations

import asyncio
import logging
import sys
from contextlib import suppress

from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError
from fakeredis import FakeAsyncRedis
from redis.asyncio import Redis

from bot.app import create_app, create_bot, register_commands
from bot.config import ConfigError, Settings, load_settings
from bot.pacing import Pace
from bot.service import GameService, default_players
from bot.storage import GameStorage
from texts import Texts

log = logging.getLogger("bot")


def open_store(settings: Settings) -> Redis:
    """Redis at REDIS_URL, or an in-process store with the same interface."""
    if settings.redis_url:
        return Redis.from_url(settings.redis_url)
    log.warning("REDIS_URL is not set: games are kept in memory and will NOT survive a restart")
    return FakeAsyncRedis()


async def run(settings: Settings, *, handle_signals: bool = True) -> None:
    """Serve until stopped (SIGINT/SIGTERM, or cancellation)."""
    redis = open_store(settings)
    try:
        await redis.ping()
    except Exception as exc:  # any failure here means: cannot start
        raise ConfigError(f"cannot reach Redis at REDIS_URL: {type(exc).__name__}") from None
    texts = Texts(default=settings.default_language)
    service = GameService(GameStorage(redis), default_players())
    session = None
    if settings.telegram_api_url:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    bot = create_bot(settings.bot_token.get_secret_value(), session)
    pace = Pace(group_interval=settings.group_edit_interval, bot_delay=settings.bot_move_delay)
    app = create_app(bot, service, texts, pace)
    pacer: asyncio.Task[None] | None = None
    try:
        try:
            await register_commands(bot, texts)
        except TelegramUnauthorizedError:
            raise ConfigError("Telegram refused BOT_TOKEN") from None
        except TelegramNetworkError as exc:
            raise ConfigError(f"cannot reach the Telegram Bot API: {exc.message}") from None
        # Group games due before a restart are picked up at once: the pacer reads Redis.
        pacer = asyncio.create_task(app.pacer.run(), name="pacer")
        await app.dispatcher.start_polling(bot, handle_signals=handle_signals)
    finally:
        if pacer is not None:
            pacer.cancel()
            with suppress(asyncio.CancelledError):
                await pacer
        await bot.session.close()
        await redis.aclose()


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"dominoes-bot: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
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
