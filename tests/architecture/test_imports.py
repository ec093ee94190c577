"""The import-graph reader names every module a file imports, however the file spells it."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.imports import Import, Unreadable, module_name, read_imports
from tests.architecture.trees import plant

PACKAGES = {
    "bot/__init__.py": "",
    "bot/store/games.py": "",
    "bot/telegram/handlers/__init__.py": "",
    "bot/telegram/handlers/play.py": "",
}


def modules(tmp_path: Path, path: str, source: str) -> set[str]:
    root = plant(tmp_path, {**PACKAGES, path: source})
    read = read_imports(root / path, root)
    assert read.unreadable == ()
    return read.modules


def test_a_dotted_import_is_the_whole_dotted_name(tmp_path: Path) -> None:
    assert modules(tmp_path, "x.py", "import os.path, bot.store.games as g\n") == {
        "os.path",
        "bot.store.games",
    }


def test_a_from_import_names_a_submodule_only_when_the_tree_holds_it(tmp_path: Path) -> None:
    source = "from bot import store, telegram, VERSION\nfrom bot.store import games, Games\n"
    assert modules(tmp_path, "x.py", source) == {
        "bot.store",
        "bot.telegram",
        "bot",
        "bot.store.games",
    }


def test_a_from_import_outside_the_tree_is_the_module_named(tmp_path: Path) -> None:
    source = "from collections.abc import Mapping\nfrom aiogram import types\n"
    assert modules(tmp_path, "x.py", source) == {"collections.abc", "aiogram"}


def test_relative_imports_resolve_against_the_files_package(tmp_path: Path) -> None:
    source = "from . import play, Router\nfrom .. import app\nfrom ...store import games\n"
    assert modules(tmp_path, "bot/telegram/handlers/x.py", source) == {
        "bot.telegram.handlers.play",
        "bot.telegram.handlers",
        "bot.telegram",
        "bot.store.games",
    }


def test_a_package_s_init_is_the_package_its_relative_imports_start_from(tmp_path: Path) -> None:
    path = "bot/telegram/handlers/__init__.py"
    assert modules(tmp_path, path, "from . import play\nfrom .play import router\n") == {
        "bot.telegram.handlers.play"
    }
    assert module_name(tmp_path / path, tmp_path) == "bot.telegram.handlers"


def test_a_relative_import_above_the_top_package_cannot_be_read(tmp_path: Path) -> None:
    root = plant(tmp_path, {"bot/x.py": "from ... import core\n"})
    assert read_imports(root / "bot/x.py", root).unreadable == (
        Unreadable(1, "from ... import core", "reaches above the top package"),
    )


def test_imports_in_functions_and_for_the_type_checker_count(tmp_path: Path) -> None:
    source = """
        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            from bot.store import games
        else:
            import json

        def later() -> None:
            import aiogram
    """
    root = plant(tmp_path, {**PACKAGES, "x.py": source})
    assert read_imports(root / "x.py", root).imports == (
        Import(1, "typing"),
        Import(4, "bot.store.games", type_checking=True),
        Import(6, "json"),
        Import(9, "aiogram"),
    )


def test_importlib_by_any_name_imports_the_string_it_is_given(tmp_path: Path) -> None:
    source = """
        import importlib
        import importlib as loader
        from importlib import import_module as load

        importlib.import_module("aiogram")
        loader.import_module("redis")
        load(".games", "bot.store")
        load(name="..app", package="bot.telegram.handlers")
    """
    assert modules(tmp_path, "x.py", source) == {
        "importlib",
        "aiogram",
        "redis",
        "bot.store.games",
        "bot.telegram.app",
    }


def test_dunder_import_reads_as_the_statement_it_stands_for(tmp_path: Path) -> None:
    source = """
        __import__("aiogram.types")
        __import__("bot", fromlist=["store", "VERSION"])
        __import__("store", globals(), locals(), ["games"], 2)
    """
    assert modules(tmp_path, "bot/telegram/x.py", source) == {
        "aiogram.types",
        "bot.store",
        "bot",
        "bot.store.games",
    }


def test_a_function_of_another_origin_named_import_module_is_no_import(tmp_path: Path) -> None:
    source = "from plugins import import_module\n\nimport_module('bot.store')\n"
    assert modules(tmp_path, "x.py", source) == {"plugins"}


def test_a_computed_module_name_cannot_be_read(tmp_path: Path) -> None:
    source = """
        import importlib

        importlib.import_module(f"bot.{layer}")
        importlib.import_module(".games", package=__package__)
        __import__(NAME)
        __import__("bot", fromlist=names)
    """
    root = plant(tmp_path, {**PACKAGES, "bot/x.py": source})
    assert [u.line for u in read_imports(root / "bot/x.py", root).unreadable] == [3, 4, 5, 6]


def unreadable(tmp_path: Path, source: str) -> list[tuple[int, str]]:
    root = plant(tmp_path, {**PACKAGES, "bot/x.py": source})
    return [(u.line, u.why) for u in read_imports(root / "bot/x.py", root).unreadable]


def test_an_attribute_chain_after_import_bot_counts_as_an_import_of_the_module_it_reaches(
    tmp_path: Path,
) -> None:
    source = "import bot\n\nbot.store.games.load(1)\n"
    root = plant(tmp_path, {**PACKAGES, "x.py": source})
    assert read_imports(root / "x.py", root).imports == (
        Import(1, "bot"),
        Import(3, "bot.store.games"),
    )


def test_a_dotted_import_s_attributes_reach_past_the_module_it_names(tmp_path: Path) -> None:
    source = "import bot.store\n\nbot.store.games.load(1)\nbot.telegram.handlers.play.router\n"
    assert modules(tmp_path, "x.py", source) == {
        "bot.store",
        "bot.store.games",
        "bot.telegram.handlers.play",
    }


def test_an_alias_s_attributes_reach_the_submodules_of_what_it_names(tmp_path: Path) -> None:
    source = """
        import bot.telegram as t
        from bot import store
        from .. import telegram

        t.handlers.play.router
        store.games.Games
        telegram.handlers
    """
    assert modules(tmp_path, "bot/store/x.py", source) == {
        "bot.telegram",
        "bot.store",
        "bot.telegram.handlers.play",
        "bot.store.games",
        "bot.telegram.handlers",
    }


def test_attributes_that_name_no_module_add_no_import(tmp_path: Path) -> None:
    source = """
        import aiogram
        import bot.store.games
        from bot.store.games import Games

        aiogram.types.Message
        bot.store.games.Games.load
        Games.load
    """
    root = plant(tmp_path, {**PACKAGES, "x.py": source})
    assert read_imports(root / "x.py", root).imports == (
        Import(1, "aiogram"),
        Import(2, "bot.store.games"),
        Import(3, "bot.store.games"),
    )


def test_attributes_of_a_name_imported_for_the_type_checker_are_for_the_type_checker(
    tmp_path: Path,
) -> None:
    source = """
        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            import bot

        def load(games: bot.store.games.Games) -> None: ...
    """
    root = plant(tmp_path, {**PACKAGES, "x.py": source})
    assert read_imports(root / "x.py", root).imports == (
        Import(1, "typing"),
        Import(4, "bot", type_checking=True),
        Import(6, "bot.store.games", type_checking=True),
    )


def test_getattr_with_a_written_name_reads_as_the_attribute(tmp_path: Path) -> None:
    source = 'import bot\n\ngetattr(bot, "store")\ngetattr(bot.telegram, "handlers", None)\n'
    assert modules(tmp_path, "x.py", source) == {
        "bot",
        "bot.store",
        "bot.telegram",
        "bot.telegram.handlers",
    }


def test_getattr_by_a_computed_name_on_what_is_no_module_of_ours_is_no_import(
    tmp_path: Path,
) -> None:
    source = """
        import json
        from bot.store.games import Games

        getattr(Games, name)
        getattr(json, name)
        getattr(self, name)
    """
    assert modules(tmp_path, "x.py", source) == {"json", "bot.store.games"}


def test_a_written_name_looked_up_in_sys_modules_is_an_import_of_it(tmp_path: Path) -> None:
    source = """
        import sys
        import sys as system
        from sys import modules

        sys.modules["bot.store.games"]
        system.modules.get("aiogram")
        modules.pop("redis", None)
        getattr(sys, "modules")
    """
    assert unreadable(tmp_path, source)[-1] == (
        8,
        "sys.modules is used other than by a literal name",
    )
    root = plant(tmp_path, {**PACKAGES, "bot/x.py": source})
    assert read_imports(root / "bot/x.py", root).modules == {
        "sys",
        "bot.store.games",
        "aiogram",
        "redis",
    }


def test_sys_modules_by_a_computed_name_or_handed_around_cannot_be_read(tmp_path: Path) -> None:
    source = """
        import sys

        sys.modules[__name__]
        sys.modules.get(NAME)
        loaded = dict(sys.modules)
        lookup = sys.modules.get
    """
    computed = "sys.modules is looked up by a computed name"
    other = "sys.modules is used other than by a literal name"
    assert unreadable(tmp_path, source) == [(3, computed), (4, computed), (5, other), (6, other)]


def test_importlib_util_and_machinery_cannot_be_read_however_they_are_reached(
    tmp_path: Path,
) -> None:
    source = """
        import importlib
        import importlib.util as util
        from importlib import machinery
        from importlib.util import module_from_spec

        importlib.util.spec_from_file_location("games", "bot/store/games.py")
        util.find_spec("bot.store.games")
        importlib.import_module("importlib.machinery")
        __import__("importlib", fromlist=["util"])
        getattr(importlib, "util")
    """
    util = "importlib.util loads code from a file or a spec"
    machinery = "importlib.machinery loads code from a file or a spec"
    assert unreadable(tmp_path, source) == [
        (2, util),
        (3, machinery),
        (4, util),
        (6, util),
        (7, util),
        (8, machinery),
        (9, util),
        (10, util),
    ]


def test_the_other_modules_that_run_code_by_name_or_path_cannot_be_read(tmp_path: Path) -> None:
    source = "import runpy\nfrom pkgutil import resolve_name\nimport zipimport\n"
    assert [line for line, _ in unreadable(tmp_path, source)] == [1, 2, 3]


def test_an_import_function_taken_by_getattr_or_handed_around_cannot_be_read(
    tmp_path: Path,
) -> None:
    source = """
        import importlib
        from importlib import import_module

        getattr(importlib, "import_module")("bot.store")
        getattr(importlib, name)
        load = importlib.import_module
        loaders = [import_module, __import__]
    """
    assert unreadable(tmp_path, source) == [
        (4, "importlib.import_module is taken, not called by name"),
        (5, "an attribute of importlib is taken by a computed name"),
        (6, "importlib.import_module is taken, not called by name"),
        (7, "builtins.__import__ is taken, not called by name"),
        (7, "importlib.import_module is taken, not called by name"),
    ]


def test_an_attribute_of_a_package_of_ours_taken_by_a_computed_name_cannot_be_read(
    tmp_path: Path,
) -> None:
    source = "import bot\n\ngetattr(bot, layer)\n"
    assert unreadable(tmp_path, source) == [(3, "an attribute of bot is taken by a computed name")]


def test_code_run_from_text_cannot_be_read(tmp_path: Path) -> None:
    source = 'exec("import bot.store")\neval(text)\ncompile(text, "x", "exec")\n'
    assert unreadable(tmp_path, source) == [
        (1, "runs code from text"),
        (2, "runs code from text"),
        (3, "runs code from text"),
    ]
