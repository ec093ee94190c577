"""The repository stands on its own: nothing in it reads or names a folder beside it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = {".git", ".venv", "build", "dist", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
SKIPPED_SUFFIXES = {".pyc", ".so", ".whl", ".png"}
# "../shared" in any spelling, or a path climbing out of the checkout to a "shared" folder.
OUTSIDE = re.compile(r"\.\./+shared|parents\[\d+\]\s*/\s*[\"']shared[\"']")


def repository_files() -> list[Path]:
    files = []
    for path in ROOT.rglob("*"):
        parts = set(path.relative_to(ROOT).parts)
        if parts & SKIPPED or any(p.endswith(".egg-info") or p.startswith(".venv") for p in parts):
            continue
        if path.is_file() and path.suffix not in SKIPPED_SUFFIXES:
            files.append(path)
    return files


def test_no_file_refers_to_a_folder_beside_the_repository() -> None:
    offenders = []
    for path in repository_files():
        if path == Path(__file__).resolve():
            continue  # this file names the folder to look for it
        if OUTSIDE.search(path.read_text("utf-8", errors="replace")):
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, f"these files refer outside the repository: {offenders}"


def test_the_pattern_catches_what_it_is_for() -> None:
    assert OUTSIDE.search('CASES = Path("../shared/cases")')
    assert OUTSIDE.search('Path(__file__).resolve().parents[3] / "shared" / "RULES.md"')
    assert not OUTSIDE.search("a shared lowest count")


def test_the_rules_and_the_conformance_cases_live_in_the_repository() -> None:
    assert (ROOT / "docs" / "rules.md").is_file()
    for name in ("README.md", "scripted.json", "random.jsonl"):
        assert (ROOT / "tests" / "data" / "conformance" / name).is_file()
