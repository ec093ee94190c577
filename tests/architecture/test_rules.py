"""Each rule of tests/test_architecture.py catches a violation planted in a small tree,
and reports exactly the file and the import that break it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from tests import test_architecture as architecture
from tests.architecture.rules import Imports, NoCycles, Rule, Size, Text, Violation
from tests.architecture.trees import plant

RULES = [
    architecture.CORE,
    architecture.CORE_DOES_NO_IO,
    architecture.TEXTS,
    architecture.TERMINAL,
    architecture.PICTURE,
    architecture.NOTHING_IMPORTS_THE_TERMINAL,
    architecture.GAME,
    architecture.STORE,
    architecture.CONFIG,
    architecture.LEAVES,
    architecture.TELEGRAM,
    architecture.DELIVERY,
    architecture.SMALL,
    architecture.NO_CYCLES,
    architecture.RENDERERS,
]

# A tree that keeps every rule, with a file for each pattern a rule names.
CLEAN = {
    "core/__init__.py": "",
    "core/engine.py": "from __future__ import annotations\nimport bisect\n",
    "core/arena.py": "import argparse\nimport statistics\nimport time\nfrom core import engine\n",
    "texts/__init__.py": "from core.engine import Match\n",
    "texts/render.py": "from core.views import SeatView\n",
    "terminal/cli.py": "import argparse\nfrom core import engine\nfrom texts import render\n",
    "terminal/table.py": "from picture.board import render_line\n",
    "picture/board.py": """
        from PIL import Image
        from core import engine
        from texts import render
    """,
    "bot/__init__.py": "",
    "bot/__main__.py": """
        from bot.config import Settings
        from bot.store.games import Games
        from bot.app import create_app
    """,
    "bot/app.py": "from bot.store import games\nfrom bot.telegram.delivery import messages\n",
    "bot/config.py": "import pydantic\n",
    "bot/game/errors.py": "from enum import StrEnum\n",
    "bot/game/actions.py": "from core.engine import Move\n",
    "bot/game/people.py": """
        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            from bot.game.record import Record
    """,
    "bot/game/record.py": "from bot.game.errors import GameError\n",
    "bot/game/games.py": "from . import errors, record\nfrom .people import Person\n",
    "bot/store/games.py": "import redis.asyncio\nfrom bot.game.record import Record\n",
    "bot/telegram/dispatcher.py": "from bot.game import games\nfrom . import delivery\n",
    "bot/telegram/delivery/messages.py": "from aiogram import Bot\nfrom bot.game import notify\n",
    "bot/telegram/delivery/plan.py": "from bot.game.state import Game\n",
    "bot/telegram/render/game.py": "def show(view: object) -> str:\n    return str(view)\n",
    "bot/telegram/render/table.py": "",
}


def tree(tmp_path: Path, changed: Mapping[str, str] | None = None) -> Path:
    """The clean tree, with some files changed or added."""
    return plant(tmp_path, {**CLEAN, **(changed or {})})


@pytest.mark.parametrize("rule", RULES)
def test_a_tree_that_keeps_the_rules_passes_every_one(tmp_path: Path, rule: Rule) -> None:
    assert rule.violations(plant(tmp_path, CLEAN)) == []


@pytest.mark.parametrize("rule", RULES)
def test_a_rule_whose_pattern_matches_no_file_fails(tmp_path: Path, rule: Rule) -> None:
    assert isinstance(rule, Imports | Text | NoCycles | Size)
    missing = [Violation(pattern, 0, "matches no file") for pattern in rule.files]
    if isinstance(rule, Imports):
        missing += [Violation(pattern, 0, "matches no file") for pattern in rule.exempt]
    assert rule.violations(plant(tmp_path, {"README.md": ""})) == sorted(missing)


def test_the_picture_importing_the_bot_or_the_terminal_is_caught(tmp_path: Path) -> None:
    source = "from PIL import ImageDraw\nfrom bot.config import Settings\nimport terminal.style\n"
    root = tree(tmp_path, {"picture/board.py": source})
    assert architecture.PICTURE.violations(root) == [
        Violation("picture/board.py", 2, "bot.config"),
        Violation("picture/board.py", 3, "terminal.style"),
    ]


def test_texts_importing_the_picture_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"texts/render.py": "from picture import board\n"})
    assert architecture.TEXTS.violations(root) == [Violation("texts/render.py", 1, "picture.board")]


def test_a_renamed_leaf_module_is_missed_by_name(tmp_path: Path) -> None:
    root = tree(tmp_path)
    (root / "bot/game/people.py").rename(root / "bot/game/persons.py")
    assert architecture.LEAVES.violations(root) == [
        Violation("bot/game/people.py", 0, "matches no file")
    ]


def test_a_plain_import_of_a_foreign_package_in_core_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"core/engine.py": "import bisect\nimport aiogram.types\n"})
    assert architecture.CORE.violations(root) == [Violation("core/engine.py", 2, "aiogram.types")]


def test_the_clock_in_core_outside_the_arena_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"core/engine.py": "from time import perf_counter\n"})
    assert architecture.CORE_DOES_NO_IO.violations(root) == [Violation("core/engine.py", 1, "time")]


def test_io_in_the_arena_is_caught_despite_its_exemption(tmp_path: Path) -> None:
    root = tree(tmp_path, {"core/arena.py": "import time\nfrom os import path\n"})
    assert architecture.CORE_DOES_NO_IO.violations(root) == [Violation("core/arena.py", 2, "os")]


def test_the_exemption_of_a_renamed_arena_fails(tmp_path: Path) -> None:
    root = tree(tmp_path)
    (root / "core/arena.py").unlink()
    assert architecture.CORE_DOES_NO_IO.violations(root) == [
        Violation("core/arena.py", 0, "matches no file")
    ]


def test_a_from_import_of_the_terminal_in_texts_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"texts/render.py": "from terminal.style import Style\n"})
    assert architecture.TEXTS.violations(root) == [
        Violation("texts/render.py", 1, "terminal.style")
    ]


def test_the_terminal_importing_the_bot_by_a_string_is_caught(tmp_path: Path) -> None:
    source = """
        import importlib

        def main() -> int:
            return importlib.import_module("bot.__main__").main()
    """
    root = tree(tmp_path, {"terminal/cli.py": source})
    assert architecture.TERMINAL.violations(root) == [
        Violation("terminal/cli.py", 4, "bot.__main__")
    ]


def test_a_package_import_of_the_terminal_in_the_bot_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"terminal/style.py": "", "bot/logs.py": "from terminal import style\n"})
    assert architecture.NOTHING_IMPORTS_THE_TERMINAL.violations(root) == [
        Violation("bot/logs.py", 1, "terminal.style")
    ]


def test_a_from_import_of_a_banned_package_in_the_game_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/games.py": "from redis.asyncio import Redis\n"})
    assert architecture.GAME.violations(root) == [
        Violation("bot/game/games.py", 1, "redis.asyncio")
    ]


def test_the_store_imported_through_its_package_in_the_game_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/games.py": "from bot import store\n"})
    assert architecture.GAME.violations(root) == [Violation("bot/game/games.py", 1, "bot.store")]


def test_a_relative_import_of_a_banned_package_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/lobby.py": "from .. import telegram\n"})
    assert architecture.GAME.violations(root) == [Violation("bot/game/lobby.py", 1, "bot.telegram")]


def test_a_dunder_import_of_aiogram_in_the_game_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/games.py": 'types = __import__("aiogram").types\n'})
    assert architecture.GAME.violations(root) == [Violation("bot/game/games.py", 1, "aiogram")]


def test_an_import_by_a_computed_name_is_caught(tmp_path: Path) -> None:
    source = "from importlib import import_module\n\nstore = import_module(NAME)\n"
    root = tree(tmp_path, {"bot/game/games.py": source})
    assert architecture.GAME.violations(root) == [
        Violation("bot/game/games.py", 3, "import_module(NAME): the module's name is computed")
    ]


def test_the_settings_in_the_store_by_a_relative_import_are_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/store/games.py": "from ..config import Settings\n"})
    assert architecture.STORE.violations(root) == [Violation("bot/store/games.py", 1, "bot.config")]


def test_the_store_in_the_settings_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/config.py": "from bot.store.games import Games\n"})
    assert architecture.CONFIG.violations(root) == [
        Violation("bot/config.py", 1, "bot.store.games")
    ]


def test_a_leaf_module_importing_the_record_when_it_runs_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/errors.py": "from bot.game.record import Record\n"})
    assert architecture.LEAVES.violations(root) == [
        Violation("bot/game/errors.py", 1, "bot.game.record")
    ]


def test_a_leaf_module_importing_another_for_the_type_checker_is_caught(tmp_path: Path) -> None:
    source = "import typing\n\nif typing.TYPE_CHECKING:\n    from bot.game.games import Game\n"
    root = tree(tmp_path, {"bot/game/actions.py": source})
    assert architecture.LEAVES.violations(root) == [
        Violation("bot/game/actions.py", 4, "bot.game.games")
    ]


def test_a_relative_import_of_the_store_in_telegram_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/telegram/delivery/messages.py": "from ...store import games\n"})
    assert architecture.TELEGRAM.violations(root) == [
        Violation("bot/telegram/delivery/messages.py", 1, "bot.store.games")
    ]


def test_delivery_importing_a_use_case_through_its_package_is_caught(tmp_path: Path) -> None:
    planted = {"bot/telegram/delivery/group.py": "from bot.game import groups\n"}
    root = tree(tmp_path, {**planted, "bot/game/groups.py": "from bot.game import games\n"})
    assert architecture.DELIVERY.violations(root) == [
        Violation("bot/telegram/delivery/group.py", 1, "bot.game.groups")
    ]


def test_a_module_of_the_bot_over_300_lines_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/games.py": "x = 1\n" * 301})
    assert architecture.SMALL.violations(root) == [
        Violation("bot/game/games.py", 301, "over 300 lines")
    ]


def test_the_store_imported_by_a_string_in_telegram_is_caught(tmp_path: Path) -> None:
    source = 'import importlib\n\ngames = importlib.import_module("bot.store.games")\n'
    root = tree(tmp_path, {"bot/telegram/handlers/play.py": source})
    assert architecture.TELEGRAM.violations(root) == [
        Violation("bot/telegram/handlers/play.py", 3, "bot.store.games")
    ]


def test_a_cycle_between_modules_of_the_bot_is_caught(tmp_path: Path) -> None:
    root = tree(
        tmp_path, {"bot/game/record.py": "def load() -> None:\n    from bot.game import games\n"}
    )
    assert architecture.NO_CYCLES.violations(root) == [
        Violation("bot/game/games.py", 1, "bot.game.games -> bot.game.record -> bot.game.games")
    ]


def test_a_renderer_reading_the_engine_state_is_caught(tmp_path: Path) -> None:
    source = "def show(match):\n    return match.state\n"
    root = tree(tmp_path, {"bot/telegram/render/table.py": source})
    assert architecture.RENDERERS.violations(root) == [
        Violation("bot/telegram/render/table.py", 2, "match.state")
    ]
