"""docker-compose.yml and the Dockerfile say what the README promises (Docker itself
cannot run here: hadolint lints the Dockerfile in scripts/test.sh)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import yaml

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert isinstance(data, dict)
    return data


def test_the_bot_uses_the_composed_redis() -> None:
    bot = compose()["services"]["bot"]
    assert bot["environment"]["REDIS_URL"] == "redis://redis:6379/0"
    assert bot["environment"]["BOT_TOKEN"].startswith("${BOT_TOKEN:?")
    assert bot["depends_on"]["redis"]["condition"] == "service_healthy"


def test_the_bot_is_given_every_setting() -> None:
    """The README says the compose file passes every setting from the environment."""
    environment = compose()["services"]["bot"]["environment"]
    assert set(environment) == {name.upper() for name in Settings.model_fields}
    assert environment["BOT_MODE"] == "${BOT_MODE:-polling}"
    assert environment["WEBHOOK_SECRET"] == "${WEBHOOK_SECRET:-}"


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
    assert shipped == {"core", "bot", "texts", "terminal"}
    assert shipped <= copied
    assert project["project"]["scripts"]["dominoes"] == "terminal.cli:main"
