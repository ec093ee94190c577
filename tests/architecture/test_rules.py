"""Each rule of tests/test_architecture.py catches a violation planted in a small tree,
and reports exactly the file and the import that break it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from tests import test_architecture as architecture
from tests.architecture.rules import (
    Covered,
    Imports,
    NoCycles,
    Partition,
    Size,
    Text,
    Violation,
    matched,
)
from tests.architecture.trees import plant

KINDS = (Imports, NoCycles, Size, Text, Partition, Covered)
# Every rule tests/test_architecture.py states, by its name there: none can be left out.
RULES = {name: rule for name, rule in vars(architecture).items() if isinstance(rule, KINDS)}
IMPORT_RULES = {name: rule for name, rule in RULES.items() if isinstance(rule, Imports)}
ALLOW_LISTS = {name: rule for name, rule in IMPORT_RULES.items() if rule.only is not None}

# A tree that keeps every rule, with a file for each pattern a rule names.
CLEAN = {
    # Every module USE_CASES and GAME_MODEL name, empty unless written out below.
    **{
        f"{m.replace('.', '/')}.py": "" for m in (*architecture.USE_CASES, *architecture.GAME_MODEL)
    },
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
    "bot/app.py": "from bot.store import games\nfrom bot.telegram.outbox import sender\n",
    "bot/config.py": "import pydantic\n",
    "bot/logs.py": "import logging\n",
    "bot/metrics.py": "from prometheus_client import Counter\n",
    "bot/tokens.py": "import secrets\n",
    "bot/wait_for.py": "import asyncio\n",
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
    "bot/store/history.py": "from bot.game.history import PastMatch\n",
    "bot/store/stats.py": "from bot.game.stats import PersonStats\n",
    "bot/store/stats_fields.py": "from bot.game.stats import Counters\n",
    "bot/telegram/dispatcher.py": "from bot.game import games\nfrom . import outbox\n",
    "bot/telegram/outbox/sender.py": "from aiogram import Bot\nfrom bot.game import notify\n",
    "bot/telegram/outbox/jobs.py": "from bot.telegram.show import group\n",
    "bot/telegram/show/group.py": "from bot.game.state import Game\n",
    "bot/telegram/show/private.py": "from bot.telegram.render import game\n",
    "bot/telegram/render/game.py": "def show(view: object) -> str:\n    return str(view)\n",
    "bot/telegram/render/table.py": "from aiogram.types import InlineKeyboardMarkup\n",
    "bot/telegram/render/history.py": "from bot.game.history import PastMatch\n",
    "bot/telegram/render/stats.py": "from bot.game.stats import Card\n",
}


def tree(tmp_path: Path, changed: Mapping[str, str] | None = None) -> Path:
    """The clean tree, with some files changed or added."""
    return plant(tmp_path, {**CLEAN, **(changed or {})})


@pytest.mark.parametrize("name", RULES)
def test_a_tree_that_keeps_the_rules_passes_every_one(tmp_path: Path, name: str) -> None:
    assert RULES[name].violations(plant(tmp_path, CLEAN)) == []


@pytest.mark.parametrize("name", RULES)
def test_a_rule_whose_pattern_matches_no_file_fails(tmp_path: Path, name: str) -> None:
    rule = RULES[name]
    assert isinstance(rule, KINDS)
    missing = [Violation(pattern, 0, "matches no file") for pattern in rule.files]
    if isinstance(rule, Imports):
        missing += [Violation(pattern, 0, "matches no file") for pattern in rule.exempt]
    if isinstance(rule, Partition):
        missing += [
            Violation(part, 0, f"{module} names no module")
            for part, modules in rule.parts.items()
            for module in modules
        ]
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
    root = tree(tmp_path, {"bot/telegram/outbox/sender.py": "from ...store import games\n"})
    assert architecture.TELEGRAM.violations(root) == [
        Violation("bot/telegram/outbox/sender.py", 1, "bot.store.games")
    ]


def test_the_outbox_importing_a_use_case_through_its_package_is_caught(tmp_path: Path) -> None:
    planted = {"bot/telegram/outbox/jobs.py": "from bot.game import groups\n"}
    root = tree(tmp_path, {**planted, "bot/game/groups.py": "from bot.game import games\n"})
    assert architecture.OUTBOX.violations(root) == [
        Violation("bot/telegram/outbox/jobs.py", 1, "bot.game.groups")
    ]


def test_the_policy_of_what_a_chat_shows_importing_aiogram_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/telegram/show/group.py": "from aiogram import Bot\n"})
    assert architecture.SHOW.violations(root) == [
        Violation("bot/telegram/show/group.py", 1, "aiogram")
    ]


def test_the_policy_of_what_a_chat_shows_reaching_the_outbox_is_caught(tmp_path: Path) -> None:
    source = "import bot.telegram as t\n\nt.outbox.sender.Outbox\n"
    root = tree(tmp_path, {"bot/telegram/show/private.py": source})
    assert architecture.SHOW.violations(root) == [
        Violation("bot/telegram/show/private.py", 1, "bot.telegram"),
        Violation("bot/telegram/show/private.py", 3, "bot.telegram.outbox.sender"),
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


def test_an_attribute_chain_after_import_bot_counts_as_an_import_of_the_module_it_reaches(
    tmp_path: Path,
) -> None:
    source = "import bot\n\n\ndef load() -> None:\n    bot.store.games.load(1)\n"
    root = tree(tmp_path, {"bot/telegram/handlers/play.py": source})
    assert architecture.TELEGRAM.violations(root) == [
        Violation("bot/telegram/handlers/play.py", 1, "bot"),
        Violation("bot/telegram/handlers/play.py", 5, "bot.store.games"),
    ]


def test_the_store_reached_past_an_allowed_dotted_import_is_caught(tmp_path: Path) -> None:
    source = "import bot.telegram.render\n\nbot.store.games.load(1)\n"
    root = tree(tmp_path, {"bot/telegram/handlers/play.py": source})
    assert architecture.TELEGRAM.violations(root) == [
        Violation("bot/telegram/handlers/play.py", 3, "bot.store.games")
    ]


def test_the_outbox_reached_through_an_alias_of_telegram_in_a_renderer_is_caught(
    tmp_path: Path,
) -> None:
    source = "import bot.telegram as t\n\nt.outbox.sender.Outbox\n"
    root = tree(tmp_path, {"bot/telegram/render/game.py": source})
    assert architecture.RENDER.violations(root) == [
        Violation("bot/telegram/render/game.py", 1, "bot.telegram"),
        Violation("bot/telegram/render/game.py", 3, "bot.telegram.outbox.sender"),
    ]


def test_a_use_case_reached_through_an_alias_of_the_game_in_the_outbox_is_caught(
    tmp_path: Path,
) -> None:
    source = "import bot.game as game\n\ngame.matches.Matches\n"
    root = tree(tmp_path, {"bot/telegram/outbox/jobs.py": source})
    assert architecture.OUTBOX.violations(root) == [
        Violation("bot/telegram/outbox/jobs.py", 3, "bot.game.matches")
    ]


def test_a_dunder_import_of_the_store_in_the_game_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/games.py": 'games = __import__("bot.store.games")\n'})
    assert architecture.GAME.violations(root) == [
        Violation("bot/game/games.py", 1, "bot.store.games")
    ]


def test_the_store_looked_up_in_sys_modules_in_telegram_is_caught(tmp_path: Path) -> None:
    source = 'import sys\n\ngames = sys.modules["bot.store.games"]\n'
    root = tree(tmp_path, {"bot/telegram/handlers/play.py": source})
    assert architecture.TELEGRAM.violations(root) == [
        Violation("bot/telegram/handlers/play.py", 3, "bot.store.games")
    ]


def test_sys_modules_looked_up_by_a_computed_name_is_refused(tmp_path: Path) -> None:
    source = "import sys\n\nstore = sys.modules[NAME]\n"
    root = tree(tmp_path, {"bot/game/games.py": source})
    assert architecture.GAME.violations(root) == [
        Violation(
            "bot/game/games.py", 3, "sys.modules[NAME]: sys.modules is looked up by a computed name"
        )
    ]


def test_a_module_loaded_from_its_file_with_importlib_util_is_refused(tmp_path: Path) -> None:
    source = """
        import importlib.util

        spec = importlib.util.spec_from_file_location("games", "bot/store/games.py")
        games = importlib.util.module_from_spec(spec)
    """
    root = tree(tmp_path, {"bot/game/games.py": source})
    why = "importlib.util loads code from a file or a spec"
    assert architecture.GAME.violations(root) == [
        Violation("bot/game/games.py", 1, f"import importlib.util: {why}"),
        Violation("bot/game/games.py", 3, f"importlib.util.spec_from_file_location: {why}"),
        Violation("bot/game/games.py", 4, f"importlib.util.module_from_spec: {why}"),
    ]


def test_importlib_machinery_is_refused_however_it_is_imported(tmp_path: Path) -> None:
    source = """
        from importlib import machinery
        from importlib.machinery import SourceFileLoader
    """
    root = tree(tmp_path, {"bot/store/games.py": source})
    why = "importlib.machinery loads code from a file or a spec"
    assert architecture.STORE.violations(root) == [
        Violation("bot/store/games.py", 1, f"from importlib import machinery: {why}"),
        Violation(
            "bot/store/games.py", 2, f"from importlib.machinery import SourceFileLoader: {why}"
        ),
    ]


def test_import_module_taken_by_getattr_is_refused(tmp_path: Path) -> None:
    source = 'import importlib\n\ngames = getattr(importlib, "import_module")("bot.store.games")\n'
    root = tree(tmp_path, {"bot/telegram/handlers/play.py": source})
    why = "importlib.import_module is taken, not called by name"
    assert architecture.TELEGRAM.violations(root) == [
        Violation("bot/telegram/handlers/play.py", 3, f"getattr(importlib, 'import_module'): {why}")
    ]


def test_an_attribute_of_importlib_taken_by_a_computed_name_is_refused(tmp_path: Path) -> None:
    source = "import importlib\n\nload = getattr(importlib, NAME)\n"
    root = tree(tmp_path, {"bot/game/games.py": source})
    assert architecture.GAME.violations(root) == [
        Violation(
            "bot/game/games.py",
            3,
            "getattr(importlib, NAME): an attribute of importlib is taken by a computed name",
        )
    ]


@pytest.mark.parametrize("name", IMPORT_RULES)
def test_every_import_rule_refuses_an_import_it_cannot_read(tmp_path: Path, name: str) -> None:
    rule = IMPORT_RULES[name]
    root = plant(tmp_path, CLEAN)
    where = matched(rule.files, root)[0][0].relative_to(root).as_posix()
    plant(root, {where: "store = __import__(NAME)\n"})
    assert rule.violations(root) == [
        Violation(where, 1, "__import__(NAME): the module's name is computed")
    ]


@pytest.mark.parametrize("name", ALLOW_LISTS)
def test_every_allow_list_refuses_a_package_it_does_not_list(tmp_path: Path, name: str) -> None:
    rule = ALLOW_LISTS[name]
    root = plant(tmp_path, CLEAN)
    where = matched(rule.files, root)[0][0].relative_to(root).as_posix()
    plant(root, {where: "import json\nimport unexpected.package\n"})
    assert rule.violations(root) == [Violation(where, 2, "unexpected.package")]


@pytest.mark.parametrize("use_case", architecture.USE_CASES)
@pytest.mark.parametrize(
    ("name", "where"),
    [
        ("STORE", "bot/store/games.py"),
        ("RENDER", "bot/telegram/render/game.py"),
        ("OUTBOX", "bot/telegram/outbox/sender.py"),
        ("SHOW", "bot/telegram/show/group.py"),
    ],
)
def test_no_use_case_is_imported_by_the_store_a_renderer_the_outbox_or_the_policy(
    tmp_path: Path, name: str, where: str, use_case: str
) -> None:
    package, _, module = use_case.rpartition(".")
    root = tree(tmp_path, {where: f"from {package} import {module}\n"})
    assert RULES[name].violations(root) == [Violation(where, 1, use_case)]


def test_the_store_importing_a_game_module_it_does_not_keep_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/store/games.py": "from bot.game.lobby import seat\n"})
    assert architecture.STORE.violations(root) == [
        Violation("bot/store/games.py", 1, "bot.game.lobby")
    ]


def test_an_exemption_spares_only_the_files_it_names(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/store/games.py": "from bot.game.history import PastMatch\n"})
    assert architecture.STORE.violations(root) == [
        Violation("bot/store/games.py", 1, "bot.game.history")
    ]


def test_a_renderer_importing_aiogram_s_bot_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/telegram/render/game.py": "from aiogram import Bot, types\n"})
    assert architecture.RENDER.violations(root) == [
        Violation("bot/telegram/render/game.py", 1, "aiogram")
    ]


def test_the_game_importing_the_composition_root_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/worker.py": "from bot import app\n"})
    assert architecture.GAME.violations(root) == [Violation("bot/game/worker.py", 1, "bot.app")]


def test_a_module_of_the_game_neither_a_use_case_nor_the_model_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/game/replays.py": ""})
    assert architecture.GAME_IS_USE_CASES_AND_MODEL.violations(root) == [
        Violation("bot/game/replays.py", 0, "bot.game.replays is in none of USE_CASES, GAME_MODEL")
    ]


def test_a_use_case_listed_but_gone_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path)
    (root / "bot/game/hints.py").unlink()
    assert architecture.GAME_IS_USE_CASES_AND_MODEL.violations(root) == [
        Violation("USE_CASES", 0, "bot.game.hints names no module")
    ]


def test_a_module_listed_in_two_parts_is_caught(tmp_path: Path) -> None:
    root = plant(tmp_path, {"bot/game/games.py": "", "bot/game/state.py": ""})
    rule = Partition(
        files=("bot/game/*.py",),
        parts={"CASES": ("bot.game.games",), "MODEL": ("bot.game.games", "bot.game.state")},
    )
    assert rule.violations(root) == [
        Violation("bot/game/games.py", 0, "bot.game.games is in each of CASES, MODEL")
    ]


def test_a_module_outside_every_layer_is_caught(tmp_path: Path) -> None:
    root = tree(tmp_path, {"bot/admin/tools.py": "import bot.store\n"})
    assert architecture.EVERY_MODULE_IS_IN_A_LAYER.violations(root) == [
        Violation("bot/admin/tools.py", 0, "is in no layer")
    ]


def test_a_layer_covers_only_the_files_its_patterns_match(tmp_path: Path) -> None:
    root = plant(tmp_path, {"bot/game/games.py": "", "bot/store/games.py": ""})
    rule = Covered(files=("bot/**/*.py",), layers=(Imports(files=("bot/game/*.py",)),))
    assert rule.violations(root) == [Violation("bot/store/games.py", 0, "is in no layer")]
