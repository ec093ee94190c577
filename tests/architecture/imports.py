"""Every module a Python file imports, by its full dotted name, read from its syntax tree.

`import a.b` imports a.b. `from a import b` imports a.b when a/b.py or a/b/ exists under
the root, else a (b is a name in it). Relative imports are resolved against the file's
package by the same rule. A string literal handed to `importlib.import_module`, to
`import_module` taken from importlib or to `__import__` is an import too; a name computed
at run time cannot be read, and is listed apart so that a rule can refuse it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

DYNAMIC = ("import_module", "__import__")  # importlib's functions that import by name


@dataclass(frozen=True, order=True)
class Import:
    """A module a file imports, and where; `type_checking` when under `if TYPE_CHECKING:`."""

    line: int
    module: str
    type_checking: bool = False


@dataclass(frozen=True, order=True)
class Unreadable:
    """An import whose module is computed when the file runs, so no reading can tell it."""

    line: int
    source: str
    why: str


@dataclass(frozen=True)
class FileImports:
    imports: tuple[Import, ...]
    unreadable: tuple[Unreadable, ...]

    @property
    def modules(self) -> set[str]:
        return {i.module for i in self.imports}


def module_name(path: Path, root: Path) -> str:
    """The dotted name a file under `root` is imported by (a package's __init__ is the package)."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def read_imports(path: Path, root: Path) -> FileImports:
    """Every import in the file, at any depth: in functions, in try blocks, and under
    `if TYPE_CHECKING:` alike (the last marked as such, and still counted)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    reader = _Reader(root, ".".join(path.relative_to(root).parent.parts), tree)
    reader.visit(tree)
    return FileImports(tuple(sorted(set(reader.imports))), tuple(sorted(set(reader.unreadable))))


def submodule(root: Path, package: str, name: str) -> str:
    """`package.name` when that is a module or a package under `root`; else `package`."""
    candidate = f"{package}.{name}" if package else name
    where = root.joinpath(*candidate.split("."))
    if where.with_name(where.name + ".py").is_file() or where.is_dir():
        return candidate
    return package


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


class _Reader(ast.NodeVisitor):
    def __init__(self, root: Path, package: str, tree: ast.Module) -> None:
        self.root = root
        self.package = package
        self.imports: list[Import] = []
        self.unreadable: list[Unreadable] = []
        self.type_checking = False
        # The names importlib and its import_module are bound to in this file, anywhere.
        self.importlib: set[str] = set()
        self.import_module: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "importlib" or (
                        alias.name.startswith("importlib.") and alias.asname is None
                    ):
                        self.importlib.add(alias.asname or "importlib")
            elif isinstance(node, ast.ImportFrom) and node.module == "importlib" and not node.level:
                for alias in node.names:
                    if alias.name in DYNAMIC:
                        self.import_module[alias.asname or alias.name] = alias.name

    def add(self, node: ast.AST, module: str) -> None:
        self.imports.append(Import(getattr(node, "lineno", 0), module, self.type_checking))

    def refuse(self, node: ast.AST, why: str) -> None:
        self.unreadable.append(Unreadable(getattr(node, "lineno", 0), ast.unparse(node), why))

    def visit_If(self, node: ast.If) -> None:
        if not _is_type_checking(node.test):
            self.generic_visit(node)
            return
        # Names imported for the type checker only are imports all the same: a rule
        # that allows them says so for its own modules.
        outer, self.type_checking = self.type_checking, True
        for child in node.body:
            self.visit(child)
        self.type_checking = outer
        for child in node.orelse:
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.add(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        package = node.module or ""
        if node.level:
            base = _above(self.package, node.level)
            if base is None:
                self.refuse(node, "reaches above the top package")
                return
            package = f"{base}.{node.module}" if node.module else base
        for alias in node.names:
            self.add(
                node, package if alias.name == "*" else submodule(self.root, package, alias.name)
            )

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id in self.import_module:
            kind = self.import_module[func.id]
        elif isinstance(func, ast.Name) and func.id == "__import__":
            kind = "__import__"
        elif (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in self.importlib
            and func.attr in DYNAMIC
        ):
            kind = func.attr
        else:
            return
        name = _literal(_argument(node, 0, "name"))
        if name is None:
            self.refuse(node, "the module's name is computed")
        elif kind == "__import__":
            self.dunder_import(node, name)
        else:
            self.import_by_name(node, name)

    def import_by_name(self, node: ast.Call, name: str) -> None:
        """importlib.import_module(name, package): a relative name needs a literal package."""
        rest = name.lstrip(".")
        level = len(name) - len(rest)
        if not level:
            self.add(node, name)
            return
        package = _literal(_argument(node, 1, "package"))
        base = None if package is None else _above(package, level)
        if base is None:
            self.refuse(node, "the package of a relative name is computed or too shallow")
            return
        self.add(node, f"{base}.{rest}" if rest else base)

    def dunder_import(self, node: ast.Call, name: str) -> None:
        """__import__(name, globals, locals, fromlist, level), read as the statement it
        stands for: `from name import *fromlist`, relative when level is above 0."""
        fromlist = _argument(node, 3, "fromlist")
        level = _argument(node, 4, "level")
        depth = 0
        if level is not None:
            if not (isinstance(level, ast.Constant) and isinstance(level.value, int)):
                self.refuse(node, "the import's level is computed")
                return
            depth = level.value
        if depth:
            base = _above(self.package, depth)
            if base is None:
                self.refuse(node, "reaches above the top package")
                return
            name = f"{base}.{name}" if name else base
        if fromlist is None or (isinstance(fromlist, ast.Constant) and fromlist.value is None):
            self.add(node, name)
            return
        names = (
            [_literal(e) for e in fromlist.elts]
            if isinstance(fromlist, ast.List | ast.Tuple)
            else [None]
        )
        if None in names:
            self.refuse(node, "the names it imports are computed")
            return
        for each in names or ["*"]:
            self.add(node, name if each == "*" else submodule(self.root, name, str(each)))


def _above(package: str, level: int) -> str | None:
    """The package `level` dots name from a module of `package`; None above the top."""
    parts = package.split(".") if package else []
    if not 1 <= level <= len(parts):
        return None
    return ".".join(parts[: len(parts) - (level - 1)])
