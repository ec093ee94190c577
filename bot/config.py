"""Settings from the environment (pydantic-settings). A missing or malformed value
stops start-up with one line that names the setting and never shows its value."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, Self
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from texts import LANGUAGES

# What Telegram's BotFather issues: "<bot id>:<secret>".
_TOKEN = re.compile(r"^\d{1,20}:[A-Za-z0-9_-]{20,100}$")
_REDIS_SCHEMES = ("redis://", "rediss://", "unix://")
_HTTP_SCHEMES = ("http://", "https://")
# What Telegram accepts as a webhook's secret_token: 1 to 256 of these characters.
_SECRET = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
# Served beside the webhook: its URL's path must not be one of them.
OPERATOR_PATHS = ("/healthz", "/metrics")


@dataclass(frozen=True, slots=True)
class Webhook:
    """Where Telegram posts the updates (webhook mode), and the secret it sends along."""

    url: str
    secret: str = field(repr=False)

    @property
    def path(self) -> str:
        """Where the server takes the posts: the URL's path (a proxy in front forwards
        it as it is)."""
        return urlsplit(self.url).path or "/"


class Settings(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(case_sensitive=False, extra="ignore")

    bot_token: SecretStr
    redis_url: str | None = None
    # REDIS_URL names one node of a Redis Cluster; the client finds the others.
    redis_cluster: bool = False
    telegram_api_url: str | None = None
    default_language: str = "en"
    # How a chat that chose nothing with /look sees its games: the table drawn, or text.
    default_look: Literal["picture", "text"] = "picture"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    # Group games: a bot's pause before it plays, and the least time between two
    # messages or edits in one group (Telegram allows about 20 a minute).
    bot_move_delay: float = Field(default=1.5, ge=0, le=60)
    group_edit_interval: float = Field(default=3.5, ge=0, le=60)
    # How updates come: the bot asks for them (long polling), or Telegram posts each one
    # to WEBHOOK_URL, which reaches the server listening on WEBHOOK_HOST:WEBHOOK_PORT.
    bot_mode: Literal["polling", "webhook"] = "polling"
    webhook_url: str | None = None
    webhook_secret: SecretStr | None = None
    # The address of the bot's HTTP server (the webhook, or METRICS_PORT): every
    # interface, as a container needs; the webhook checks its secret on every request.
    webhook_host: str = "0.0.0.0"
    webhook_port: int = Field(default=8080, ge=1, le=65535)
    # Polling mode: the port of /healthz and /metrics (unset: not served). In webhook
    # mode they are served beside the webhook.
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    log_format: Literal["text", "json"] = "text"

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        if not _TOKEN.fullmatch(value.get_secret_value()):
            raise ValueError("is not a bot token of the form 123456:ABC-DEF…")
        return value

    @field_validator(
        "redis_url",
        "telegram_api_url",
        "webhook_url",
        "webhook_secret",
        "metrics_port",
        mode="before",
    )
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

    @field_validator("bot_mode", "log_format", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("webhook_url")
    @classmethod
    def _webhook_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.startswith(_HTTP_SCHEMES) or not urlsplit(value).hostname:
            raise ValueError("must be a URL starting with https://")
        if urlsplit(value).path in OPERATOR_PATHS:
            raise ValueError(f"must not end in {' or '.join(OPERATOR_PATHS)}")
        return value

    @field_validator("webhook_secret")
    @classmethod
    def _secret_shape(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _SECRET.fullmatch(value.get_secret_value()):
            raise ValueError("must be 1 to 256 characters among A-Z, a-z, 0-9, _ and -")
        return value

    @model_validator(mode="after")
    def _cluster_needs(self) -> Self:
        if self.redis_cluster and (self.redis_url is None or self.redis_url.startswith("unix://")):
            raise ValueError("REDIS_CLUSTER needs REDIS_URL with redis:// or rediss://")
        return self

    @model_validator(mode="after")
    def _webhook_mode_needs(self) -> Self:
        if self.bot_mode != "webhook":
            return self
        needed = {"WEBHOOK_URL": self.webhook_url, "WEBHOOK_SECRET": self.webhook_secret}
        missing = [name for name, value in needed.items() if value is None]
        if missing:
            raise ValueError(f"BOT_MODE=webhook needs {' and '.join(missing)}")
        # Telegram posts to https only; a local Bot API server (TELEGRAM_API_URL) may
        # post to plain http on its own network.
        if self.telegram_api_url is None and not str(self.webhook_url).startswith("https://"):
            raise ValueError("WEBHOOK_URL must start with https:// (Telegram posts to https only)")
        if self.metrics_port is not None:
            raise ValueError(
                "METRICS_PORT is for polling mode: with BOT_MODE=webhook, /healthz and "
                "/metrics are served on WEBHOOK_PORT"
            )
        return self

    @property
    def webhook(self) -> Webhook | None:
        """The webhook in webhook mode (then both settings are there), else None."""
        if self.bot_mode != "webhook" or self.webhook_url is None or self.webhook_secret is None:
            return None
        return Webhook(self.webhook_url, self.webhook_secret.get_secret_value())


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
        reason = "is required" if error["type"] == "missing" else error["msg"]
        reason = reason.removeprefix("Value error, ")
        # A check of several settings together names them in its own words.
        problems.append(f"{str(error['loc'][0]).upper()} {reason}" if error["loc"] else reason)
    return "configuration error: " + "; ".join(problems)
