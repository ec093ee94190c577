"""Wiring: command menus per language; the store the settings ask for; how updates
are to come (setWebhook, or deleteWebhook before polling)."""

from __future__ import annotations

import gc

import pytest
from aiogram import Bot
from aiogram.methods import AnswerCallbackQuery, EditMessageText, GetUpdates, SendMessage
from aiogram.methods.base import Response
from aiogram.types import BotCommandScopeAllGroupChats
from fakeredis import FakeAsyncRedis
from pydantic import SecretStr
from redis.asyncio import Redis

from bot.__main__ import announce_mode, open_store
from bot.app import App
from bot.config import Settings, Webhook
from bot.telegram.client import CONCURRENT_UPDATES, RESPONSE_TYPES
from bot.telegram.dispatcher import register_commands
from tests.bot.fake_telegram import FakeTelegram
from texts import LANGUAGES, Texts


async def test_commands_are_registered_in_every_language(
    bot: Bot, fake: FakeTelegram, texts: Texts
) -> None:
    await register_commands(bot, texts)
    calls = fake.named("setMyCommands")
    private = [c for c in calls if c.params.get("scope") is None]
    groups = [c for c in calls if isinstance(c.params.get("scope"), BotCommandScopeAllGroupChats)]
    assert len(private) + len(groups) == len(calls)
    for scoped in (private, groups):
        assert [c.params.get("language_code") for c in scoped] == [None, *LANGUAGES]
    for call in private:
        lang = call.params.get("language_code") or texts.default
        commands = {c.command: c.description for c in call.params["commands"]}
        expected = {"start", "play", "score", "board", "history", "rules", "lang", "stop", "help"}
        assert set(commands) == expected | {"stats", "forgetme", "look", "verify"}
        assert commands["play"] == texts.get(lang, "cmd-play")
    for call in groups:
        lang = call.params.get("language_code") or texts.default
        commands = {c.command: c.description for c in call.params["commands"]}
        expected = {
            "kozel",
            "new",
            "leave",
            "stop",
            "score",
            "board",
            "history",
            "rules",
            "lang",
            "help",
        }
        assert set(commands) == expected | {"stats", "top", "look", "verify", "join"}
        assert commands["kozel"] == texts.get(lang, "cmd-kozel")


def test_without_redis_url_the_store_is_in_memory_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings = Settings(bot_token=SecretStr("123456:AAbbCCddEEffGGhhIIjjKKllMMnn"))
    store = open_store(settings)
    assert isinstance(store, FakeAsyncRedis)
    assert "will NOT survive a restart" in caplog.text


def test_with_redis_url_the_store_is_redis() -> None:
    settings = Settings(
        bot_token=SecretStr("123456:AAbbCCddEEffGGhhIIjjKKllMMnn"),
        redis_url="redis://127.0.0.1:6379/0",
    )
    store = open_store(settings)
    assert not isinstance(store, FakeAsyncRedis)
    assert isinstance(store, Redis)


def test_answer_types_are_built_once_and_kept() -> None:
    """aiogram reads each answer as `Response[...]`: the class must survive the garbage
    collector, or every answer builds it again (a third of an update's CPU over HTTP)."""
    gc.collect()
    for method in (EditMessageText, SendMessage, AnswerCallbackQuery, GetUpdates):
        built = Response[method.__returning__]  # type: ignore[name-defined]
        assert any(built is kept for kept in RESPONSE_TYPES), method.__name__


async def test_webhook_mode_sets_the_webhook_with_its_secret_and_the_updates_handled(
    bot: Bot, fake: FakeTelegram, app: App
) -> None:
    webhook = Webhook("https://bot.example.org/telegram/hook", "the_Secret-42")
    await announce_mode(bot, app.dispatcher, webhook)
    assert [c.name for c in fake.calls] == ["setWebhook"]
    params = fake.calls[0].params
    assert params["url"] == "https://bot.example.org/telegram/hook"
    assert params["secret_token"] == "the_Secret-42"
    assert params["allowed_updates"] == app.dispatcher.resolve_used_update_types()
    # What the bot handles, and nothing it would only drop.
    assert set(params["allowed_updates"]) == {
        *("message", "callback_query", "my_chat_member"),
        *("inline_query", "chosen_inline_result"),
    }
    assert params["max_connections"] == CONCURRENT_UPDATES
    assert params["drop_pending_updates"] is False


async def test_polling_mode_removes_a_stale_webhook_and_keeps_its_updates(
    bot: Bot, fake: FakeTelegram, app: App
) -> None:
    await announce_mode(bot, app.dispatcher, None)
    assert [c.name for c in fake.calls] == ["deleteWebhook"]
    assert fake.calls[0].params["drop_pending_updates"] is False
