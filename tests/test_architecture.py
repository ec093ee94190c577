"""Dependencies point one way: core <- texts <- bot. core imports only the standard library."""

import ast
import re
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


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, by its full dotted name (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                found.add(f"{base}.{node.module}" if node.module else base)
            elif node.module:
                found.add(node.module)
    return found


def imports_below(folder: str) -> dict[str, set[str]]:
    return {
        str(path.relative_to(ROOT)): imported_modules(path)
        for path in (ROOT / folder).rglob("*.py")
    }


def _offending(folder: str, banned: tuple[str, ...]) -> dict[str, list[str]]:
    out = {}
    for path, modules in imports_below(folder).items():
        bad = sorted(m for m in modules if m.split(".")[0] in banned or m.startswith(banned))
        if bad:
            out[path] = bad
    return out


def test_the_game_layer_knows_neither_telegram_nor_redis() -> None:
    """bot/game holds the typed game and the use cases: the store and Telegram plug in."""
    banned = ("aiogram", "redis", "fakeredis", "bot.store", "bot.telegram", "bot.config")
    assert not _offending("bot/game", banned)


def test_the_store_knows_nothing_of_telegram() -> None:
    assert not _offending("bot/store", ("aiogram", "bot.telegram", "bot.config"))
    assert not _offending("bot/config.py", ("aiogram", "redis"))


def test_the_leaf_modules_import_only_the_standard_library_and_core() -> None:
    for leaf in ("bot/game/errors.py", "bot/game/actions.py", "bot/game/people.py"):
        modules = imported_modules(ROOT / leaf)
        foreign = {
            m
            for m in modules
            if m.split(".")[0] not in sys.stdlib_module_names
            and m.split(".")[0] != "core"
            and m != "bot.game.record"  # named for type checking only (TYPE_CHECKING)
        }
        assert not foreign, (leaf, foreign)


def test_renderers_read_views_never_the_engine_state() -> None:
    """R8: what is shown comes from views only: never `match.state`."""
    renderers = ["texts/render.py"]
    renderers += [
        f"bot/telegram/{name}.py" for name in ("render", "keyboards", "table", "hands", "plan")
    ]
    for module in renderers:
        source = (ROOT / module).read_text()
        assert not re.search(r"\bmatch\.state\b", source), module
        assert "Match.from_dict" not in source, module
