"""Every module a Python file imports, by its full dotted name, read from its syntax tree.

`import a.b` imports a.b. `from a import b` imports a.b when a/b.py or a/b/ exists under
the root, else a (b is a name in it). Relative imports are resolved against the file's
package by the same rule, and so are attributes: `import bot` then `bot.store.games.load()`
imports bot.store.games. A string literal handed to importlib's `import_module` or to
`__import__`, or looked up in `sys.modules`, is an import too.

What cannot be read is listed apart, so that a rule can refuse it: a name computed at run
time, an import function taken by `getattr` or passed around, `sys.modules` used other
than by a literal name, code run from text, and the modules that load code from a file
or a spec (`importlib.util`, `importlib.machinery`, ...).
"""

from __future__ import annotations

import ast
import gc
from dataclasses import dataclass
from pathlib import Path

from tests.architecture.names import (
    Reference,
    above,
    bindings,
    is_module,
    is_type_checking,
    qualified,
    reached,
    submodule,
    within,
)

# The functions that import a module by its name, however a file reaches them.
IMPORTERS = {
    "importlib.import_module": "import_module",
    "importlib.__import__": "__import__",
    "builtins.__import__": "__import__",
}
# They load code from a file, a spec or a path: what they load, no reading can tell.
LOADERS = ("importlib.util", "importlib.machinery", "runpy", "pkgutil", "zipimport")
CODE_FROM_TEXT = ("builtins.exec", "builtins.eval", "builtins.compile")
SYS_MODULES = "sys.modules"
# The methods of sys.modules that take a module's name first.
LOOKUPS = tuple(f"{SYS_MODULES}.{m}" for m in ("get", "pop", "setdefault", "__getitem__"))
# A computed attribute of these can be any module, or a function that imports one.
OPEN_ENDED = ("importlib", "sys", "builtins", *LOADERS)


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


def _parse(path: Path) -> ast.Module:
    """The file's tree, parsed with the garbage collector paused: CPython 3.11 fails a
    parse ("AST constructor recursion depth mismatch") when a finalizer that runs
    Python code (a log of a task's lost exception) runs in the middle of it."""
    source = path.read_text(encoding="utf-8")
    enabled = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(source, str(path))
    finally:
        if enabled:
            gc.enable()


def read_imports(path: Path, root: Path) -> FileImports:
    """Every import in the file, at any depth: in functions, in try blocks, and under
    `if TYPE_CHECKING:` alike (the last marked as such, and still counted)."""
    tree = _parse(path)
    reader = _Reader(root, ".".join(path.relative_to(root).parent.parts), tree)
    reader.visit(tree)
    # A chain that reaches a module the file imports anyway (`import bot.store.games`,
    # then `bot.store.games.Games`) says nothing new.
    stated = {(i.module, i.type_checking) for i in reader.imports}
    reached = [i for i in reader.reached if (i.module, i.type_checking) not in stated]
    imports = sorted({*reader.imports, *reached})
    return FileImports(tuple(imports), tuple(sorted(set(reader.unreadable))))


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
        self.bound = bindings(tree, package)
        self.imports: list[Import] = []
        self.reached: list[Import] = []  # by attributes of an imported module
        self.unreadable: list[Unreadable] = []
        self.type_checking = False
        # Names and chains already read as the callee of an import or a lookup's target.
        self.followed: set[int] = set()

    def add(self, node: ast.AST, module: str) -> None:
        if within(module, LOADERS):
            self.refuse_loader(node, module)
            return
        self.imports.append(Import(getattr(node, "lineno", 0), module, self.type_checking))

    def refuse(self, node: ast.AST, why: str) -> None:
        self.unreadable.append(Unreadable(getattr(node, "lineno", 0), ast.unparse(node), why))

    def refuse_loader(self, node: ast.AST, module: str) -> None:
        loader = next(each for each in LOADERS if within(module, [each]))
        self.refuse(node, f"{loader} loads code from a file or a spec")

    def visit_If(self, node: ast.If) -> None:
        if not is_type_checking(node.test):
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
            base = above(self.package, node.level)
            if base is None:
                self.refuse(node, "reaches above the top package")
                return
            package = f"{base}.{node.module}" if node.module else base
        for alias in node.names:
            self.from_import(node, package, alias.name)

    def from_import(self, node: ast.AST, package: str, name: str) -> None:
        """`from package import name`: its submodule when the tree holds one, else itself."""
        if name == "*":
            self.add(node, package)
        elif within(f"{package}.{name}", LOADERS):
            self.add(node, f"{package}.{name}")
        else:
            self.add(node, submodule(self.root, package, name))

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            for reference in qualified(node, self.bound):
                self.use(node, reference)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        references = qualified(node, self.bound)
        if not references:
            self.generic_visit(node)
        # A chain that starts at a bound name is read whole: its prefixes are not visited.
        for reference in references:
            self.use(node, reference)

    def use(self, node: ast.expr, reference: Reference) -> None:
        """A name or a chain that stands for `reference`, other than as a callee read."""
        if id(node) in self.followed:
            return
        dotted = reference.dotted
        if within(dotted, LOADERS):
            self.refuse_loader(node, dotted)
        elif dotted in IMPORTERS or dotted in CODE_FROM_TEXT:
            self.refuse(node, f"{dotted} is taken, not called by name")
        elif within(dotted, [SYS_MODULES]):
            self.refuse(node, f"{SYS_MODULES} is used other than by a literal name")
        elif (module := reached(self.root, reference)) != reference.base:
            marked = self.type_checking or reference.type_checking
            self.reached.append(Import(getattr(node, "lineno", 0), module, marked))

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if any(r.dotted == SYS_MODULES for r in qualified(node.value, self.bound)):
            self.followed.add(id(node.value))
            self.look_up(node, node.slice)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        callees = {r.dotted for r in qualified(node.func, self.bound)}
        special = callees & {*IMPORTERS, *LOOKUPS, *CODE_FROM_TEXT}
        if "builtins.getattr" in callees:
            self.read_getattr(node)
        elif special:
            self.followed.add(id(node.func))
            self.call(node, min(special))
        self.generic_visit(node)

    def call(self, node: ast.Call, callee: str) -> None:
        if callee in CODE_FROM_TEXT:
            self.refuse(node, "runs code from text")
        elif callee in LOOKUPS:
            self.look_up(node, _argument(node, 0, "key"))
        elif (name := _literal(_argument(node, 0, "name"))) is None:
            self.refuse(node, "the module's name is computed")
        elif IMPORTERS[callee] == "__import__":
            self.dunder_import(node, name)
        else:
            self.import_by_name(node, name)

    def look_up(self, node: ast.expr, key: ast.expr | None) -> None:
        """sys.modules[name]: the module `name`, when that is written out."""
        name = _literal(key)
        if name is None:
            self.refuse(node, f"{SYS_MODULES} is looked up by a computed name")
        else:
            self.add(node, name)

    def read_getattr(self, node: ast.Call) -> None:
        """getattr(x, "name") reads as x.name; a computed name cannot be read when x is a
        module under the root, or one whose attributes import."""
        if len(node.args) < 2:
            return
        name = _literal(node.args[1])
        for reference in qualified(node.args[0], self.bound):
            if name is not None:
                attrs = (*reference.attrs, name)
                self.use(node, Reference(reference.base, attrs, reference.type_checking))
            elif within(reference.dotted, OPEN_ENDED) or is_module(self.root, reference.dotted):
                self.refuse(node, f"an attribute of {reference.dotted} is taken by a computed name")

    def import_by_name(self, node: ast.Call, name: str) -> None:
        """importlib.import_module(name, package): a relative name needs a literal package."""
        rest = name.lstrip(".")
        level = len(name) - len(rest)
        if not level:
            self.add(node, name)
            return
        package = _literal(_argument(node, 1, "package"))
        base = None if package is None else above(package, level)
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
            base = above(self.package, depth)
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
            self.from_import(node, name, str(each))
