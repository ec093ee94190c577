"""The real HTTP client against a local Bot API server (TELEGRAM_API_URL): the bot
registers its commands, polls, and answers /start, all over loopback HTTP."""

from __future__ import annotations

import asyncio
import json
from contextlib import suppress
from typing import Any

from aiohttp import web
from pydantic import SecretStr

from bot.__main__ import run
from bot.config import Settings

TOKEN = "123456:AAbbCCddEEffGGhhIIjjKKllMMnn"
ALICE = {"id": 1001, "is_bot": False, "first_name": "Alice", "language_code": "it"}


class LocalBotApi:
    """Just enough of the Bot API: one /start update, then empty polls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.replied = asyncio.Event()
        self._updates = [
            {
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
        ]

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


async def test_the_bot_runs_against_a_local_bot_api_server() -> None:
    api = LocalBotApi()
    app = web.Application()
    app.router.add_post("/bot{token}/{method}", api.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    settings = Settings(bot_token=SecretStr(TOKEN), telegram_api_url=f"http://127.0.0.1:{port}")
    bot = asyncio.create_task(run(settings, handle_signals=False))
    try:
        await asyncio.wait_for(api.replied.wait(), timeout=20)
    finally:
        bot.cancel()
        with suppress(asyncio.CancelledError):
            await bot
        await runner.cleanup()

    methods = [m for m, _ in api.calls]
    assert methods.count("setMyCommands") == 10  # private chats and groups
    languages = [p.get("language_code") for m, p in api.calls if m == "setMyCommands"]
    assert languages[::2] == [None, "en", "ru", "fr", "it"]
    reply = next(p for m, p in api.calls if m == "sendMessage")
    assert reply["parse_mode"] == "HTML"
    assert str(reply["text"]).startswith("Ciao, Alice!")  # Alice's Telegram language
    commands = json.loads(str(next(p for m, p in api.calls if m == "setMyCommands")["commands"]))
    assert {c["command"] for c in commands} >= {"play", "rules", "stop"}
