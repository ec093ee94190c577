"""The kinds of rule the architecture keeps, each stated as data and checked against a
repository root. A rule names its files by glob patterns under the root; a pattern that
matches no file is itself a violation, so a module renamed or moved cannot drop out of a
rule unseen."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from tests.architecture.imports import module_name, read_imports
from tests.architecture.names import within


@dataclass(frozen=True, order=True)
class Violation:
    """What breaks a rule: in `file` (or the pattern that matched nothing), at `line`."""

    file: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.what}"


class Rule(Protocol):
    def violations(self, root: Path) -> list[Violation]: ...


def in_stdlib(module: str) -> bool:
    return module.split(".", maxsplit=1)[0] in sys.stdlib_module_names


def matched(patterns: Iterable[str], root: Path) -> tuple[list[Path], list[Violation]]:
    """The files the patterns match under `root`, and a violation for each that matches none."""
    found: set[Path] = set()
    empty = []
    for pattern in patterns:
        files = {p for p in root.glob(pattern) if p.is_file() and p.suffix == ".py"}
        if not files:
            empty.append(Violation(pattern, 0, "matches no file"))
        found |= files
    return sorted(found), empty


@dataclass(frozen=True)
class Imports:
    """The `files` import nothing in `banned`; with `only` (an allow-list), nothing but the
    standard library and `only`. `exempt` maps a pattern to modules the files it matches
    may import all the same; `type_checking` lists modules any of the files may name under
    `if TYPE_CHECKING:` (and nowhere else). An import that cannot be read breaks the rule
    whatever it lists: it could be anything."""

    files: tuple[str, ...]
    banned: tuple[str, ...] = ()
    only: tuple[str, ...] | None = None
    exempt: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    type_checking: tuple[str, ...] = ()

    def forbids(self, module: str) -> bool:
        if within(module, self.banned):
            return True
        return self.only is not None and not (in_stdlib(module) or within(module, self.only))

    def violations(self, root: Path) -> list[Violation]:
        files, found = matched(self.files, root)
        spared: dict[Path, set[str]] = {}
        for pattern, modules in self.exempt.items():
            exempted, empty = matched([pattern], root)
            found += empty
            for path in exempted:
                spared.setdefault(path, set()).update(modules)
        for path in files:
            name = path.relative_to(root).as_posix()
            read = read_imports(path, root)
            # A module computed at run time could be anything the rule bans.
            found += [Violation(name, u.line, f"{u.source}: {u.why}") for u in read.unreadable]
            for imported in read.imports:
                if imported.type_checking and within(imported.module, self.type_checking):
                    continue
                if within(imported.module, spared.get(path, ())):
                    continue
                if self.forbids(imported.module):
                    found.append(Violation(name, imported.line, imported.module))
        return sorted(found)


@dataclass(frozen=True)
class Covered:
    """Each of the `files` is among the files of one of the `layers` at least: a module
    that no allow-list names could import anything."""

    files: tuple[str, ...]
    layers: tuple[Imports, ...]

    def violations(self, root: Path) -> list[Violation]:
        files, found = matched(self.files, root)
        named = {path for layer in self.layers for path in matched(layer.files, root)[0]}
        found += [
            Violation(path.relative_to(root).as_posix(), 0, "is in no layer")
            for path in files
            if path not in named
        ]
        return sorted(found)


@dataclass(frozen=True)
class Partition:
    """Each module of the `files` is in exactly one of the `parts` (a name and the modules
    it lists), and each module a part lists is one of the `files`: a new module is placed
    before the rules that read the parts can miss it."""

    files: tuple[str, ...]
    parts: Mapping[str, tuple[str, ...]]

    def violations(self, root: Path) -> list[Violation]:
        files, found = matched(self.files, root)
        where = {module_name(path, root): path.relative_to(root).as_posix() for path in files}
        for module, name in where.items():
            homes = [part for part, modules in self.parts.items() if module in modules]
            if not homes:
                found.append(Violation(name, 0, f"{module} is in none of {', '.join(self.parts)}"))
            elif len(homes) > 1:
                found.append(Violation(name, 0, f"{module} is in each of {', '.join(homes)}"))
        for part, modules in self.parts.items():
            found += [Violation(part, 0, f"{m} names no module") for m in modules if m not in where]
        return sorted(found)


@dataclass(frozen=True)
class Text:
    """No line of the `files` matches any of the `forbidden` regular expressions."""

    files: tuple[str, ...]
    forbidden: tuple[str, ...]

    def violations(self, root: Path) -> list[Violation]:
        files, found = matched(self.files, root)
        for path in files:
            name = path.relative_to(root).as_posix()
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines, start=1):
                for pattern in self.forbidden:
                    if hit := re.search(pattern, line):
                        found.append(Violation(name, number, hit.group()))
        return sorted(found)


@dataclass(frozen=True)
class Size:
    """Each of the `files` has at most `lines` lines: a module fits on a screen or two."""

    files: tuple[str, ...]
    lines: int

    def violations(self, root: Path) -> list[Violation]:
        files, found = matched(self.files, root)
        for path in files:
            count = len(path.read_text(encoding="utf-8").splitlines())
            if count > self.lines:
                name = path.relative_to(root).as_posix()
                found.append(Violation(name, count, f"over {self.lines} lines"))
        return sorted(found)


@dataclass(frozen=True)
class NoCycles:
    """No module of the `files` imports itself through other modules of the `files`. A
    cycle is shown once, from its first module by name, as the shortest way round."""

    files: tuple[str, ...]

    def violations(self, root: Path) -> list[Violation]:
        files, found = matched(self.files, root)
        where = {module_name(path, root): path for path in files}
        edges: dict[str, dict[str, int]] = {}
        for module, path in where.items():
            edges[module] = {}
            for imported in read_imports(path, root).imports:
                if imported.module in where and imported.module not in edges[module]:
                    edges[module][imported.module] = imported.line
        for component in _strong_components(edges):
            start = min(component)
            if len(component) == 1 and start not in edges[start]:
                continue
            cycle = _shortest_cycle(start, edges, component)
            found.append(
                Violation(
                    where[start].relative_to(root).as_posix(),
                    edges[start][cycle[1]],
                    " -> ".join(cycle),
                )
            )
        return sorted(found)


def _strong_components(edges: Mapping[str, Mapping[str, int]]) -> list[set[str]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit to meet)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    components.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components


def _shortest_cycle(
    start: str, edges: Mapping[str, Mapping[str, int]], component: set[str]
) -> list[str]:
    """The shortest path from `start` back to itself inside its component."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges[node]):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if child in component and child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"{start} is on no cycle")
