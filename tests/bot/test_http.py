"""The real HTTP client against a local Bot API server (TELEGRAM_API_URL): the bot
registers its commands, removes a stale webhook, polls and answers /start, all over
loopback HTTP; in webhook mode it sets its webhook and answers the /start posted to
it; /healthz and /metrics are served beside either."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

import aiohttp
from aiohttp import web
from pydantic import SecretStr

from bot.__main__ import run
from bot.config import Settings
from tests.ports import free_port

TOKEN = "123456:AAbbCCddEEffGGhhIIjjKKllMMnn"
ALICE = {"id": 1001, "is_bot": False, "first_name": "Alice", "language_code": "it"}
SECRET = "local_webhook-Secret"
START = {
    "update_id": 1,
    "message": {
        "message_id": 5,
        "date": 1_700_000_000,
        "chat": {"id": 1001, "type": "private"},
        "from": ALICE,
        "text": "/start",
        "entities": [{"type": "bot_command", "offset": 0, "length": 6}],
    },
}


class LocalBotApi:
    """Just enough of the Bot API: one /start update, then empty polls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.replied = asyncio.Event()
        self._updates = [START]

    async def handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params = dict(await request.post())
        self.calls.append((method, params))
        result: Any = True
        if method == "getMe":
            result = {"id": 123456, "is_bot": True, "first_name": "Dominoes", "username": "d_bot"}
        elif method == "getUpdates":
            result, self._updates = self._updates, []
            if not result:
                await asyncio.sleep(0.05)
        elif method == "sendMessage":
            result = {
                "message_id": 6,
                "date": 1_700_000_001,
                "chat": {"id": int(str(params["chat_id"])), "type": "private"},
                "text": params["text"],
            }
            self.replied.set()
        return web.json_response({"ok": True, "result": result})


@asynccontextmanager
async def local_bot_api() -> AsyncIterator[tuple[LocalBotApi, str]]:
    """The fake Bot API on a free port, and its URL."""
    api = LocalBotApi()
    app = web.Application()
    app.router.add_post("/bot{token}/{method}", api.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield api, f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


@asynccontextmanager
async def running(settings: Settings) -> AsyncIterator[None]:
    bot = asyncio.create_task(run(settings, handle_signals=False))
    try:
        yield
    finally:
        bot.cancel()
        with suppress(asyncio.CancelledError):
            await bot


async def wait_for_health(http: aiohttp.ClientSession, url: str) -> dict[str, Any]:
    """/healthz once it says 200 (the bot starts meanwhile)."""
    for _ in range(200):
        with suppress(aiohttp.ClientConnectionError):
            async with http.get(url) as response:
                if response.status == 200:
                    body: dict[str, Any] = await response.json()
                    return body
        await asyncio.sleep(0.05)
    raise AssertionError(f"{url} never said 200")


async def test_the_bot_runs_against_a_local_bot_api_server() -> None:
    port = free_port()
    async with local_bot_api() as (api, url), aiohttp.ClientSession() as http:
        settings = Settings(bot_token=SecretStr(TOKEN), telegram_api_url=url, metrics_port=port)
        async with running(settings):
            await asyncio.wait_for(api.replied.wait(), timeout=20)
            health = await wait_for_health(http, f"http://127.0.0.1:{port}/healthz")
            async with http.get(f"http://127.0.0.1:{port}/metrics") as response:
                metrics = await response.text()

    methods = [m for m, _ in api.calls]
    assert methods.count("setMyCommands") == 10  # private chats and groups
    languages = [p.get("language_code") for m, p in api.calls if m == "setMyCommands"]
    assert languages[::2] == [None, "en", "ru", "fr", "it"]
    # A webhook left by a run in webhook mode would make every getUpdates fail.
    assert methods.index("deleteWebhook") < methods.index("getUpdates")
    assert "setWebhook" not in methods
    reply = next(p for m, p in api.calls if m == "sendMessage")
    assert reply["parse_mode"] == "HTML"
    assert str(reply["text"]).startswith("Ciao, Alice!")  # Alice's Telegram language
    commands = json.loads(str(next(p for m, p in api.calls if m == "setMyCommands")["commands"]))
    assert {c["command"] for c in commands} >= {"play", "rules", "stop"}
    assert health["mode"] == "polling"
    assert 'dominoes_updates_total{kind="message"}' in metrics


async def test_the_bot_runs_in_webhook_mode_against_a_local_bot_api_server() -> None:
    port = free_port()
    hook = f"http://127.0.0.1:{port}/tg/hook"
    async with local_bot_api() as (api, url), aiohttp.ClientSession() as http:
        settings = Settings(
            bot_token=SecretStr(TOKEN),
            telegram_api_url=url,
            bot_mode="webhook",
            webhook_url=hook,
            webhook_secret=SecretStr(SECRET),
            webhook_host="127.0.0.1",
            webhook_port=port,
        )
        async with running(settings):
            health = await wait_for_health(http, f"http://127.0.0.1:{port}/healthz")
            headers = {"X-Telegram-Bot-Api-Secret-Token": "a-guess"}
            async with http.post(hook, json=START, headers=headers) as refused:
                assert refused.status == 401
            headers["X-Telegram-Bot-Api-Secret-Token"] = SECRET
            async with http.post(hook, json=START, headers=headers) as answered:
                assert answered.status == 200
                assert api.replied.is_set()  # handled before Telegram is answered

    methods = [m for m, _ in api.calls]
    assert "getUpdates" not in methods
    assert "deleteWebhook" not in methods  # the webhook stays set across restarts
    assert methods.count("sendMessage") == 1
    webhook = next(p for m, p in api.calls if m == "setWebhook")
    assert webhook["url"] == hook
    assert webhook["secret_token"] == SECRET
    assert json.loads(str(webhook["allowed_updates"])) == [
        "callback_query",
        "chosen_inline_result",
        "inline_query",
        "message",
        "my_chat_member",
    ]
    assert health["mode"] == "webhook"
