"""Settings: required token, checked values, one clear line on error, token never shown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "123456:AAbbCCddEEffGGhhIIjjKKllMMnn"
SETTINGS = (
    "BOT_TOKEN",
    "REDIS_URL",
    "TELEGRAM_API_URL",
    "DEFAULT_LANGUAGE",
    "LOG_LEVEL",
    "BOT_MOVE_DELAY",
    "GROUP_EDIT_INTERVAL",
)


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
    assert value not in message or name == "LOG_LEVEL"
    assert TOKEN not in message


def test_python_m_bot_without_a_token_says_so_in_one_line() -> None:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "dominoes-bot: configuration error: BOT_TOKEN is required"
    ]
