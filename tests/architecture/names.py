"""What a name in a file stands for: the dotted name an import statement bound it to, so
that `t.outbox.calls` after `import bot.telegram as t` reads as
`bot.telegram.outbox.calls`, and `__import__` that no import rebinds as the builtin's.

Names are read for the whole file, wherever they are bound: a name an import binds and
the code then rebinds is still read as the import, so that a rule errs toward seeing one.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

BUILTINS = frozenset(dir(builtins))


@dataclass(frozen=True)
class Reference:
    """`base` (what an import bound, or a builtin) followed by the attributes `attrs`."""

    base: str
    attrs: tuple[str, ...] = ()
    type_checking: bool = False

    @property
    def dotted(self) -> str:
        return ".".join((self.base, *self.attrs))


Bindings = Mapping[str, set[Reference]]


def within(module: str, packages: Iterable[str]) -> bool:
    """Whether `module` is one of `packages` or lies inside one."""
    return any(module == p or module.startswith(f"{p}.") for p in packages)


def above(package: str, level: int) -> str | None:
    """The package `level` dots name from a module of `package`; None above the top."""
    parts = package.split(".") if package else []
    if not 1 <= level <= len(parts):
        return None
    return ".".join(parts[: len(parts) - (level - 1)])


def is_module(root: Path, dotted: str) -> bool:
    """Whether `dotted` names a module or a package under `root`."""
    where = root.joinpath(*dotted.split("."))
    return where.with_name(where.name + ".py").is_file() or where.is_dir()


def submodule(root: Path, package: str, name: str) -> str:
    """`package.name` when that is a module or a package under `root`; else `package`."""
    candidate = f"{package}.{name}" if package else name
    return candidate if is_module(root, candidate) else package


def reached(root: Path, reference: Reference) -> str:
    """The deepest module under `root` that the attributes lead to from the base."""
    module = reference.base
    if not reference.attrs or not is_module(root, module):
        return module
    for attr in reference.attrs:
        deeper = submodule(root, module, attr)
        if deeper == module:
            break
        module = deeper
    return module


def is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def bindings(tree: ast.Module, package: str) -> dict[str, set[Reference]]:
    """Each name an import statement of the file binds, and to what."""
    for_checker = _for_the_type_checker(tree)
    found: dict[str, set[Reference]] = {}
    for node in ast.walk(tree):
        for name, dotted in _bound_by(node, package):
            found.setdefault(name, set()).add(Reference(dotted, (), id(node) in for_checker))
    return found


def qualified(node: ast.expr, bound: Bindings) -> set[Reference]:
    """What a name or an attribute chain may stand for; empty when it does not start at a
    name an import binds or at a builtin."""
    attrs: list[str] = []
    while isinstance(node, ast.Attribute):
        attrs.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return set()
    bases = bound.get(node.id) or (
        {Reference("builtins", (node.id,))} if node.id in BUILTINS else set()
    )
    tail = tuple(reversed(attrs))
    return {Reference(b.base, (*b.attrs, *tail), b.type_checking) for b in bases}


def _bound_by(node: ast.AST, package: str) -> list[tuple[str, str]]:
    """`import a.b` binds a to a; `import a.b as c` binds c to a.b; `from a import b as c`
    binds c to a.b (a module or a name in one)."""
    if isinstance(node, ast.Import):
        return [_imported(alias) for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        top = above(package, node.level)
        if top is None:
            return []
        base = f"{top}.{node.module}" if node.module else top
    return [(a.asname or a.name, f"{base}.{a.name}") for a in node.names if a.name != "*"]


def _imported(alias: ast.alias) -> tuple[str, str]:
    if alias.asname:
        return alias.asname, alias.name
    top = alias.name.partition(".")[0]
    return top, top


def _for_the_type_checker(tree: ast.Module) -> set[int]:
    """The ids of the nodes under `if TYPE_CHECKING:` (not its else)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and is_type_checking(node.test):
            found |= {id(child) for statement in node.body for child in ast.walk(statement)}
    return found
