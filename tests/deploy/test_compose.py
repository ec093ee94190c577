"""docker-compose.yml and the Dockerfile say what the README promises (Docker itself
cannot run here: hadolint lints the Dockerfile in scripts/test.sh)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.config import Settings, load_settings

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert isinstance(data, dict)
    return data


BOTS = ("bot-1", "bot-2", "bot-3")
# What an operator must set (the file refuses to start without them), for the test
# that reads the settings a bot would get.
REQUIRED = {
    "BOT_TOKEN": "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11",
    "WEBHOOK_DOMAIN": "bot.example.org",
    "WEBHOOK_SECRET": "s3cret_-",
}
_VARIABLE = re.compile(r"\$\{(\w+)(?::([-?])([^}]*))?\}")


def interpolate(value: str, given: dict[str, str]) -> str:
    """Compose's `${NAME:-default}` and `${NAME:?error}`, with `given` as the environment."""

    def one(found: re.Match[str]) -> str:
        name, kind, rest = found.groups()
        if name in given:
            return given[name]
        assert kind != "?", f"{name} is required and was not given"
        return rest if kind == "-" else ""

    return _VARIABLE.sub(one, value)


def caddyfile() -> str:
    return (ROOT / "deploy" / "Caddyfile").read_text()


def test_several_bots_run_from_one_definition() -> None:
    services = compose()["services"]
    assert {name for name in services if name.startswith("bot")} == set(BOTS)
    first = services[BOTS[0]]
    assert all(services[name] == first for name in BOTS)  # one definition, no drift
    assert first["environment"]["REDIS_URL"] == "redis://redis:6379/0"
    assert first["environment"]["BOT_TOKEN"].startswith("${BOT_TOKEN:?")
    assert first["depends_on"]["redis"]["condition"] == "service_healthy"
    assert "/healthz" in first["healthcheck"]["test"][-1]
    assert "ports" not in first, "a bot is reached through the proxy only"


def test_every_bot_is_given_every_setting_in_webhook_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README says the compose file passes every setting; read as the bot reads its
    environment, they put it in webhook mode on the port the proxy forwards to."""
    environment = compose()["services"][BOTS[0]]["environment"]
    assert set(environment) == {name.upper() for name in Settings.model_fields}
    for name, value in environment.items():
        monkeypatch.setenv(name, interpolate(str(value), REQUIRED))
    settings = load_settings()
    assert settings.bot_mode == "webhook"
    assert settings.webhook_url == "https://bot.example.org/telegram"
    assert settings.webhook_secret is not None
    assert settings.webhook_secret.get_secret_value() == REQUIRED["WEBHOOK_SECRET"]
    assert settings.metrics_port is None
    assert settings.webhook_host == "0.0.0.0"
    assert f"bot-1:{settings.webhook_port}" in caddyfile()


def test_the_proxy_spreads_the_webhook_over_every_healthy_bot() -> None:
    services = compose()["services"]
    proxy = services["proxy"]
    assert proxy["image"].startswith("caddy:")
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    assert set(proxy["depends_on"]) == set(BOTS)
    assert {"80:80", "443:443"} <= set(proxy["ports"])
    assert proxy["environment"]["WEBHOOK_PATH"] == "${WEBHOOK_PATH:-/telegram}"
    text = caddyfile()
    upstreams = next(line.split()[1:-1] for line in text.splitlines() if "reverse_proxy" in line)
    assert upstreams == [f"{name}:8080" for name in BOTS]
    assert "health_uri /healthz" in text
    assert "handle {$WEBHOOK_PATH:/telegram}" in text  # only the webhook is public
    assert "{$WEBHOOK_DOMAIN}" in text


def test_redis_persists_games_on_a_volume() -> None:
    data = compose()
    redis = data["services"]["redis"]
    assert "--appendonly" in redis["command"]
    assert redis["command"][redis["command"].index("--appendonly") + 1] == "yes"
    volume = redis["volumes"][0].split(":")
    assert volume[1] == "/data"
    assert volume[0] in data["volumes"]
    assert redis["healthcheck"]["test"][-1] == "ping"


def test_the_image_is_multi_stage_and_runs_as_a_user() -> None:
    text = (ROOT / "Dockerfile").read_text()
    lines = [line.split() for line in text.splitlines() if line]
    stages = [words for words in lines if words[0] == "FROM"]
    assert len(stages) == 2
    assert "slim" in stages[-1][1]  # the compiler stays in the build stage
    assert "DOMINOES_COMPILE=1" in text  # the image runs the compiled engine
    user = [words for words in lines if words[0] == "USER"]
    assert user
    assert user[-1][1].split(":")[0] != "0"
    assert lines[-1] == ["CMD", '["python",', '"-m",', '"bot"]']


def test_the_image_gets_every_package_the_project_ships() -> None:
    """A package left out of the image would break `dominoes` there (pyproject lists it)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    shipped = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    copied = {
        words[1]
        for words in (line.split() for line in (ROOT / "Dockerfile").read_text().splitlines())
        if words and words[0] == "COPY" and not words[1].startswith("--")
    }
    assert shipped == {"core", "bot", "texts", "terminal", "picture"}
    assert shipped <= copied
    assert project["project"]["scripts"]["dominoes"] == "terminal.cli:main"
