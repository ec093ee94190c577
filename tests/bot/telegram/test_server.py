"""The bot's HTTP server on a real port: the webhook checks its secret and answers
Telegram once the update is handled, each update once; /healthz says whether the bot
can serve; /metrics counts updates, Telegram calls, 429s, Redis errors, the pacer's
lag and the live games."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from functools import partial
from typing import Any

import aiohttp
import pytest
from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import SendMessage
from fakeredis import FakeAsyncRedis, FakeServer
from prometheus_client.parser import text_string_to_metric_families
from redis.asyncio import Redis

from bot.app import App, create_app
from bot.store import keys
from bot.store.client import ping_problem
from bot.store.errors import StorageUnavailableError
from bot.store.slots import shard_of_game
from bot.telegram.observe import POLL_STALE, Liveness, outcome_of
from bot.telegram.ports import Look
from bot.telegram.server import Health, add_webhook, create_server, serve
from tests.bot.conftest import QUICK_PACE, FakeClock, quick_players
from tests.bot.fake_telegram import FakeTelegram, TelegramHarness
from tests.bot.telegram.group.driver import open_lobby
from tests.ports import free_port
from texts import Texts

SECRET = "webhook_Secret-0123456789"
HOOK = "/telegram/hook"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
_updates = itertools.count(9_000)


@dataclass
class Served:
    """The server on its port, and a client of it."""

    http: aiohttp.ClientSession
    liveness: Liveness

    async def post_update(self, update: dict[str, Any], secret: str | None = SECRET) -> int:
        headers = {} if secret is None else {SECRET_HEADER: secret}
        async with self.http.post(HOOK, json=update, headers=headers) as response:
            await response.read()
            return response.status

    async def health(self) -> tuple[int, dict[str, Any]]:
        async with self.http.get("/healthz") as response:
            return response.status, await response.json()

    async def metrics(self) -> Metrics:
        async with self.http.get("/metrics") as response:
            assert response.status == 200
            assert response.headers["Content-Type"].startswith("text/plain")
            return Metrics(await response.text())


class Metrics:
    """One scrape, parsed from Prometheus' text format."""

    def __init__(self, text: str) -> None:
        self.samples = {
            (sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text)
            for sample in family.samples
        }

    def value(self, name: str, **labels: str) -> float:
        return self.samples.get((name, tuple(sorted(labels.items()))), 0.0)


def start_update(user_id: int, update_id: int | None = None) -> dict[str, Any]:
    """What Telegram posts when a person sends /start to the bot."""
    return {
        "update_id": next(_updates) if update_id is None else update_id,
        "message": {
            "message_id": 5,
            "date": 1_700_000_000,
            "chat": {"id": user_id, "type": "private", "first_name": "Alice"},
            "from": {"id": user_id, "is_bot": False, "first_name": "Alice", "language_code": "en"},
            "text": "/start",
            "entities": [{"type": "bot_command", "offset": 0, "length": 6}],
        },
    }


async def run_server(
    app: App, bot: Bot, redis: Redis, liveness: Liveness, worker_running: bool = True
) -> AsyncIterator[Served]:
    health = Health(partial(ping_problem, redis), liveness, lambda: worker_running)
    server = create_server(health, app.schedule)
    add_webhook(server, app.dispatcher, bot, SECRET, HOOK)
    runner = await serve(server, "127.0.0.1", 0, drain=1.0)
    port = runner.addresses[0][1]
    try:
        async with aiohttp.ClientSession(base_url=f"http://127.0.0.1:{port}") as http:
            yield Served(http, liveness)
    finally:
        await runner.cleanup()


@pytest.fixture
async def served(app: App, bot: Bot, redis: FakeAsyncRedis) -> AsyncIterator[Served]:
    app.liveness.listening()
    async for running in run_server(app, bot, redis, app.liveness):
        yield running


# -- the webhook ------------------------------------------------------------------------------


@pytest.mark.parametrize("secret", [None, "", "not-the-secret", SECRET + "x"])
async def test_a_post_without_the_secret_is_refused_and_not_handled(
    served: Served, fake: FakeTelegram, secret: str | None
) -> None:
    before = await served.metrics()
    update = start_update(1001)
    assert await served.post_update(update, secret) == 401
    assert fake.calls == []
    after = await served.metrics()
    refused = "dominoes_webhook_refused_total"
    assert after.value(refused) == before.value(refused) + 1
    # Not claimed either: the same update, posted with the secret, is handled.
    assert await served.post_update(update) == 200
    assert len(fake.named("sendMessage")) == 1


async def test_a_post_with_the_secret_is_answered_after_it_is_handled_and_handled_once(
    served: Served, fake: FakeTelegram
) -> None:
    fake.latency = 0.2  # each Bot API call takes a while: an early answer would show
    update = start_update(1001)
    assert await served.post_update(update) == 200
    replies = fake.named("sendMessage")
    assert len(replies) == 1  # sent before Telegram got its answer
    assert replies[0].params["chat_id"] == 1001
    # Telegram posts it again (say its answer was lost): claimed, so not handled again.
    assert await served.post_update(update) == 200
    assert len(fake.named("sendMessage")) == 1


async def test_the_webhook_is_only_at_its_path(served: Served, fake: FakeTelegram) -> None:
    async with served.http.post("/", json=start_update(1001)) as response:
        assert response.status in {404, 405}
    async with served.http.get(HOOK, headers={SECRET_HEADER: SECRET}) as response:
        assert response.status == 405
    assert fake.calls == []


# -- /healthz -----------------------------------------------------------------------------------


async def test_healthz_is_ok_when_redis_answers_and_the_webhook_listens(served: Served) -> None:
    status, body = await served.health()
    assert status == 200
    assert body == {
        "status": "ok",
        "mode": "webhook",
        "redis": "ok",
        "updates": "ok",
        "worker": "ok",
    }
    await served.post_update(start_update(1001))
    status, body = await served.health()
    assert status == 200
    assert 0 <= body["last_update_seconds_ago"] < 5


async def test_healthz_fails_while_redis_is_down_and_recovers(
    served: Served, server: FakeServer
) -> None:
    server.connected = False
    status, body = await served.health()
    server.connected = True
    assert status == 503
    assert body["status"] == "failing"
    assert body["redis"] == "no answer to PING: ConnectionError"
    assert body["updates"] == "ok"
    status, _ = await served.health()
    assert status == 200


async def test_healthz_fails_when_redis_is_at_a_closed_port(app: App, bot: Bot) -> None:
    closed = free_port()
    redis = Redis.from_url(f"redis://127.0.0.1:{closed}/0", socket_connect_timeout=1)
    liveness = Liveness()
    liveness.listening()
    try:
        async for running in run_server(app, bot, redis, liveness):
            status, body = await running.health()
            assert status == 503
            assert body["redis"] == "no answer to PING: ConnectionError"
    finally:
        await redis.aclose()


async def test_healthz_fails_while_starting_and_when_the_worker_stopped(
    app: App, bot: Bot, redis: FakeAsyncRedis
) -> None:
    async for running in run_server(app, bot, redis, Liveness(), worker_running=False):
        status, body = await running.health()
        assert status == 503
        assert body["mode"] == "starting"
        assert body["updates"] == "starting: not polling or listening yet"
        assert body["worker"] == "not running"


async def test_polling_is_healthy_while_get_updates_answers(
    app: App, bot: Bot, redis: FakeAsyncRedis
) -> None:
    now = [1000.0]
    liveness = Liveness(clock=lambda: now[0])
    liveness.polling()
    async for running in run_server(app, bot, redis, liveness):
        now[0] += POLL_STALE - 1  # the first long poll may take its time
        assert (await running.health())[0] == 200
        liveness.polled()
        now[0] += POLL_STALE + 1  # then nothing: getUpdates hangs or fails
        status, body = await running.health()
        assert status == 503
        assert body["mode"] == "polling"
        assert body["updates"] == f"getUpdates has not answered for {POLL_STALE + 1} s"
        liveness.polled()
        assert (await running.health())[0] == 200


# -- /metrics -----------------------------------------------------------------------------------


async def test_metrics_count_updates_and_telegram_calls_429s_included(
    served: Served, fake: FakeTelegram, clock: FakeClock
) -> None:
    before = await served.metrics()
    for person in (1001, 1002, 1003):
        assert await served.post_update(start_update(person)) == 200
    fake.flood(1, retry_after=1)  # the next send gets a 429, then is tried again
    posted = asyncio.create_task(served.post_update(start_update(1004)))
    while not posted.done():  # the chat waits the second Telegram asked for
        await asyncio.sleep(0.01)
        clock.advance(0.5)
    assert posted.result() == 200
    after = await served.metrics()

    def grew(name: str, **labels: str) -> float:
        return after.value(name, **labels) - before.value(name, **labels)

    assert grew("dominoes_updates_total", kind="message") == 4
    assert grew("dominoes_update_seconds_count", kind="message") == 4
    assert grew("dominoes_update_seconds_sum", kind="message") > 0
    assert grew("dominoes_telegram_calls_total", method="sendMessage", outcome="ok") == 4
    assert grew("dominoes_telegram_calls_total", method="sendMessage", outcome="429") == 1


async def test_metrics_count_the_live_games_by_variant(
    served: Served, harness: TelegramHarness
) -> None:
    await open_lobby(harness, "/kozel")
    metrics = await served.metrics()
    assert metrics.value("dominoes_active_games", variant="kozel") == 1
    assert metrics.value("dominoes_active_games", variant="draw") == 0
    assert ("dominoes_active_games", (("variant", "block"),)) in metrics.samples
    await open_lobby(harness, "/new block 3", chat_id=-4002)
    metrics = await served.metrics()
    assert metrics.value("dominoes_active_games", variant="block") == 1


async def test_metrics_count_redis_errors(served: Served, app: App, server: FakeServer) -> None:
    before = await served.metrics()
    server.connected = False
    with pytest.raises(StorageUnavailableError):
        await app.store.load("0000000000")
    server.connected = True
    after = await served.metrics()
    name = "dominoes_redis_errors_total"
    assert (
        after.value(name, error="ConnectionError")
        == before.value(name, error="ConnectionError") + 1
    )


async def test_metrics_measure_how_late_due_games_are_run(
    served: Served, app: App, harness: TelegramHarness, clock: FakeClock
) -> None:
    game = await open_lobby(harness, "/kozel")
    before = await served.metrics()
    due = {game.game_id: clock.now().timestamp() - 4}
    await app.store.redis.zadd(keys.due(shard_of_game(game.game_id)), due)
    assert await app.worker.run_due() == 1
    after = await served.metrics()
    lag = "dominoes_pacer_lag_seconds"
    assert after.value(f"{lag}_count") == before.value(f"{lag}_count") + 1
    assert after.value(f"{lag}_sum") == pytest.approx(before.value(f"{lag}_sum") + 4)
    assert after.value(f"{lag}_bucket", le="2.5") == before.value(f"{lag}_bucket", le="2.5")
    assert after.value(f"{lag}_bucket", le="5.0") == before.value(f"{lag}_bucket", le="5.0") + 1


def test_failed_calls_are_labelled_by_their_kind() -> None:
    method = SendMessage(chat_id=1, text="x")
    assert outcome_of(TelegramRetryAfter(method, "Too Many Requests", 3)) == "429"
    assert outcome_of(TelegramForbiddenError(method, "Forbidden")) == "403"
    assert outcome_of(TelegramBadRequest(method, "Bad Request")) == "400"
    assert outcome_of(TelegramServerError(method, "Bad Gateway")) == "5xx"
    assert outcome_of(TelegramNetworkError(method, "reset")) == "network"
    assert outcome_of(RuntimeError("?")) == "error"


async def test_in_webhook_mode_a_press_is_answered_in_the_webhooks_reply(
    redis: FakeAsyncRedis, bot: Bot, fake: FakeTelegram, texts: Texts, clock: FakeClock
) -> None:
    """One HTTP request fewer per press: the answer rides back on the webhook's reply
    (Telegram carries out a method given there), alert included."""
    app = create_app(
        bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, webhook=True, look=Look.TEXT
    )
    app.liveness.listening()
    async for served in run_server(app, bot, redis, app.liveness):
        assert await served.post_update(start_update(1001)) == 200
        press = {
            "update_id": next(_updates),
            "callback_query": {
                "id": "q-reply",
                "from": {"id": 1001, "is_bot": False, "first_name": "Alice"},
                "chat_instance": "ci",
                "message": {
                    "message_id": 77,
                    "date": 1_700_000_000,
                    "chat": {"id": 1001, "type": "private", "first_name": "Alice"},
                    "text": "an old menu",
                },
                "data": "zz:junk",
            },
        }
        async with served.http.post(HOOK, json=press, headers={SECRET_HEADER: SECRET}) as reply:
            assert reply.status == 200
            fields = await multipart_fields(reply)
        assert fields["method"] == "answerCallbackQuery"
        assert fields["callback_query_id"] == "q-reply"
        assert fields["text"] == texts.get("en", "refusal-unknown-button")
        assert fields["show_alert"] == "true"
        assert fake.named("answerCallbackQuery") == []  # no request of its own


async def multipart_fields(reply: aiohttp.ClientResponse) -> dict[str, str]:
    """The fields of a multipart reply, as text."""
    reader = aiohttp.MultipartReader.from_response(reply)
    fields: dict[str, str] = {}
    while (part := await reader.next()) is not None:
        assert isinstance(part, aiohttp.BodyPartReader)
        assert part.name is not None
        fields[part.name] = await part.text()
    return fields
