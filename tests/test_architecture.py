"""Dependencies point one way: core <- texts <- bot. core imports only the standard library."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_roots(package: str) -> set[str]:
    roots: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                roots.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots.add(node.module.split(".")[0])
    return roots


def test_core_imports_only_the_standard_library_and_itself() -> None:
    foreign = {
        r for r in imported_roots("core") if r != "core" and r not in sys.stdlib_module_names
    }
    assert not foreign, f"core imports {sorted(foreign)}"


def test_core_does_no_io() -> None:
    banned = {"socket", "asyncio", "subprocess", "urllib", "http", "sqlite3", "shutil", "os"}
    arena = {"argparse", "time", "statistics"}  # the arena command line may time decisions
    roots = imported_roots("core") & banned
    assert not roots - arena, f"core imports {sorted(roots)}"


def test_texts_never_import_the_bot_or_aiogram() -> None:
    assert not imported_roots("texts") & {"bot", "aiogram"}


def test_the_terminal_game_imports_only_core_texts_and_the_standard_library() -> None:
    foreign = {
        r
        for r in imported_roots("terminal")
        if r not in {"core", "texts", "terminal"} and r not in sys.stdlib_module_names
    }
    assert not foreign, f"terminal imports {sorted(foreign)}"


def test_core_and_texts_never_import_the_terminal_game() -> None:
    assert "terminal" not in imported_roots("core") | imported_roots("texts")
    assert "terminal" not in imported_roots("bot")
