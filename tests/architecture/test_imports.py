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
