"""Settings from the environment (pydantic-settings). A missing or malformed value
stops start-up with one line that names the setting and never shows its value."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from texts import LANGUAGES

# What Telegram's BotFather issues: "<bot id>:<secret>".
_TOKEN = re.compile(r"^\d{1,20}:[A-Za-z0-9_-]{20,100}$")
_REDIS_SCHEMES = ("redis://", "rediss://", "unix://")
_HTTP_SCHEMES = ("http://", "https://")


class Settings(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(case_sensitive=False, extra="ignore")

    bot_token: SecretStr
    redis_url: str | None = None
    telegram_api_url: str | None = None
    default_language: str = "en"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    # Group games: a bot's pause before it plays, and the least time between two
    # messages or edits in one group (Telegram allows about 20 a minute).
    bot_move_delay: float = Field(default=1.5, ge=0, le=60)
    group_edit_interval: float = Field(default=3.5, ge=0, le=60)

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        if not _TOKEN.fullmatch(value.get_secret_value()):
            raise ValueError("is not a bot token of the form 123456:ABC-DEF…")
        return value

    @field_validator("redis_url", "telegram_api_url", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("redis_url")
    @classmethod
    def _redis_scheme(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(_REDIS_SCHEMES):
            raise ValueError("must start with redis://, rediss:// or unix://")
        return value

    @field_validator("telegram_api_url")
    @classmethod
    def _http_scheme(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(_HTTP_SCHEMES):
            raise ValueError("must start with http:// or https://")
        return value.rstrip("/") if value else value

    @field_validator("default_language")
    @classmethod
    def _known_language(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in LANGUAGES:
            raise ValueError(f"must be one of {', '.join(LANGUAGES)}")
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value


class ConfigError(Exception):
    """Start-up cannot go on; the message is one line, safe to print."""


def load_settings() -> Settings:
    """Read the settings, or raise `ConfigError` with one line naming what is wrong."""
    try:
        return Settings()  # type: ignore[call-arg]  # values come from the environment
    except ValidationError as exc:
        raise ConfigError(describe(exc)) from None


def describe(exc: ValidationError) -> str:
    """One line per problem, joined: the setting's name and what is wrong, never its value."""
    problems = []
    for error in exc.errors(include_input=False, include_url=False):
        name = str(error["loc"][0]).upper() if error["loc"] else "settings"
        reason = "is required" if error["type"] == "missing" else error["msg"]
        reason = reason.removeprefix("Value error, ")
        problems.append(f"{name} {reason}")
    return "configuration error: " + "; ".join(problems)
