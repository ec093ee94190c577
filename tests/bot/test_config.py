"""Settings: required token, checked values, one clear line on error, token never shown."""

from __future__ import annotations

import os

import pytest

from bot.config import ConfigError, load_settings
from tests.bot.bot_process import run_bot

TOKEN = "123456:AAbbCCddEEffGGhhIIjjKKllMMnn"
SETTINGS = (
    "BOT_TOKEN",
    "REDIS_URL",
    "TELEGRAM_API_URL",
    "DEFAULT_LANGUAGE",
    "LOG_LEVEL",
    "BOT_MOVE_DELAY",
    "GROUP_EDIT_INTERVAL",
    "BOT_MODE",
    "WEBHOOK_URL",
    "WEBHOOK_SECRET",
    "WEBHOOK_HOST",
    "WEBHOOK_PORT",
    "METRICS_PORT",
    "LOG_FORMAT",
)
SECRET = "s3cret_Webhook-token"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)


def test_the_token_is_required() -> None:
    with pytest.raises(ConfigError, match="BOT_TOKEN is required"):
        load_settings()


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    settings = load_settings()
    assert settings.redis_url is None
    assert settings.telegram_api_url is None
    assert settings.default_language == "en"
    assert settings.log_level == "INFO"
    assert (settings.bot_move_delay, settings.group_edit_interval) == (1.5, 3.5)
    assert TOKEN not in repr(settings)
    assert settings.bot_token.get_secret_value() == TOKEN
    assert settings.bot_mode == "polling"
    assert settings.webhook is None
    assert settings.metrics_port is None
    assert (settings.webhook_host, settings.webhook_port) == ("0.0.0.0", 8080)
    assert settings.log_format == "text"


def test_everything_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("REDIS_URL", "redis://redis:6379/0")
    monkeypatch.setenv("TELEGRAM_API_URL", "http://127.0.0.1:8081/")
    monkeypatch.setenv("DEFAULT_LANGUAGE", "RU")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("BOT_MOVE_DELAY", "0")
    monkeypatch.setenv("GROUP_EDIT_INTERVAL", "4.5")
    settings = load_settings()
    assert (settings.bot_move_delay, settings.group_edit_interval) == (0, 4.5)
    assert settings.redis_url == "redis://redis:6379/0"
    assert settings.telegram_api_url == "http://127.0.0.1:8081"
    assert settings.default_language == "ru"
    assert settings.log_level == "DEBUG"


@pytest.mark.parametrize(
    ("name", "value", "complaint"),
    [
        ("BOT_TOKEN", "secret-but-malformed-value", "BOT_TOKEN is not a bot token"),
        ("REDIS_URL", "http://secret-host", "REDIS_URL must start with redis://"),
        ("TELEGRAM_API_URL", "ftp://secret-host", "TELEGRAM_API_URL must start with http"),
        ("DEFAULT_LANGUAGE", "de", "DEFAULT_LANGUAGE must be one of en, ru, fr, it"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL"),
        ("BOT_MOVE_DELAY", "-1", "BOT_MOVE_DELAY"),
        ("GROUP_EDIT_INTERVAL", "soon", "GROUP_EDIT_INTERVAL"),
        ("BOT_MODE", "carrier-pigeon", "BOT_MODE"),
        ("WEBHOOK_URL", "ftp://secret-host/hook", "WEBHOOK_URL must be a URL starting with https"),
        ("WEBHOOK_URL", "https://secret-host/metrics", "WEBHOOK_URL must not end in /healthz"),
        ("WEBHOOK_SECRET", "secret with spaces!", "WEBHOOK_SECRET must be 1 to 256 characters"),
        ("WEBHOOK_SECRET", "s" * 257, "WEBHOOK_SECRET must be 1 to 256 characters"),
        ("WEBHOOK_PORT", "0", "WEBHOOK_PORT"),
        ("WEBHOOK_PORT", "eighty", "WEBHOOK_PORT"),
        ("METRICS_PORT", "65536", "METRICS_PORT"),
        ("LOG_FORMAT", "xml", "LOG_FORMAT"),
    ],
)
def test_a_malformed_setting_is_named_and_its_value_never_shown(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, complaint: str
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert complaint in message
    assert "\n" not in message
    assert value not in message or name in {"LOG_LEVEL", "LOG_FORMAT"}
    assert TOKEN not in message


def test_webhook_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("BOT_MODE", "Webhook")
    monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.org/telegram/hook")
    monkeypatch.setenv("WEBHOOK_SECRET", SECRET)
    monkeypatch.setenv("WEBHOOK_HOST", "127.0.0.1")
    monkeypatch.setenv("WEBHOOK_PORT", "8443")
    monkeypatch.setenv("LOG_FORMAT", "JSON")
    settings = load_settings()
    assert settings.bot_mode == "webhook"
    assert settings.webhook is not None
    assert settings.webhook.url == "https://bot.example.org/telegram/hook"
    assert settings.webhook.secret == SECRET
    assert settings.webhook.path == "/telegram/hook"
    assert (settings.webhook_host, settings.webhook_port) == ("127.0.0.1", 8443)
    assert settings.log_format == "json"
    assert SECRET not in repr(settings)
    assert SECRET not in repr(settings.webhook)


def test_the_webhook_of_a_bare_url_is_at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("BOT_MODE", "webhook")
    monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.org")
    monkeypatch.setenv("WEBHOOK_SECRET", SECRET)
    webhook = load_settings().webhook
    assert webhook is not None
    assert webhook.path == "/"


def test_webhook_settings_are_ignored_in_polling_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.org/hook")
    monkeypatch.setenv("WEBHOOK_SECRET", SECRET)
    monkeypatch.setenv("METRICS_PORT", "9090")
    settings = load_settings()
    assert settings.webhook is None
    assert settings.metrics_port == 9090


@pytest.mark.parametrize(
    ("present", "complaint"),
    [
        ({}, "BOT_MODE=webhook needs WEBHOOK_URL and WEBHOOK_SECRET"),
        ({"WEBHOOK_URL": "https://bot.example.org/hook"}, "BOT_MODE=webhook needs WEBHOOK_SECRET"),
        ({"WEBHOOK_SECRET": SECRET, "WEBHOOK_URL": " "}, "BOT_MODE=webhook needs WEBHOOK_URL"),
        (
            {"WEBHOOK_URL": "http://bot.example.org/hook", "WEBHOOK_SECRET": SECRET},
            "WEBHOOK_URL must start with https:// (Telegram posts to https only)",
        ),
        (
            {
                "WEBHOOK_URL": "https://bot.example.org/hook",
                "WEBHOOK_SECRET": SECRET,
                "METRICS_PORT": "9090",
            },
            "METRICS_PORT is for polling mode",
        ),
    ],
)
def test_webhook_mode_without_what_it_needs_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, present: dict[str, str], complaint: str
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("BOT_MODE", "webhook")
    for name, value in present.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert message.startswith("configuration error: ")
    assert complaint in message
    assert "\n" not in message
    assert SECRET not in message


def test_a_local_bot_api_server_may_post_to_plain_http(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("BOT_MODE", "webhook")
    monkeypatch.setenv("WEBHOOK_URL", "http://bot:8080/hook")
    monkeypatch.setenv("WEBHOOK_SECRET", SECRET)
    monkeypatch.setenv("TELEGRAM_API_URL", "http://telegram-bot-api:8081")
    webhook = load_settings().webhook
    assert webhook is not None
    assert webhook.url == "http://bot:8080/hook"


def test_python_m_bot_without_a_token_says_so_in_one_line() -> None:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    done = run_bot(env)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "dominoes-bot: configuration error: BOT_TOKEN is required"
    ]


def test_python_m_bot_in_webhook_mode_without_a_secret_says_so_in_one_line() -> None:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env |= {"BOT_TOKEN": TOKEN, "BOT_MODE": "webhook", "WEBHOOK_URL": "https://example.org/h"}
    done = run_bot(env)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "dominoes-bot: configuration error: BOT_MODE=webhook needs WEBHOOK_SECRET"
    ]
