"""Every numbered rule of docs/rules.md is cited by at least one test, in its docstring."""

from __future__ import annotations

import ast
import re
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
TESTS = Path(__file__).resolve().parents[1]
DEAL_TABLE = "R2"  # the table of variants, players and the deal, cited as "R2"


def rule_ids() -> list[str]:
    text = RULES.read_text(encoding="utf-8")
    ids = re.findall(r"^- (R\d+\.\d+) ", text, flags=re.MULTILINE)
    assert "| variant | players | tiles each | the rest |" in text
    return [DEAL_TABLE, *ids]


def cited(rule: str, text: str) -> bool:
    """`R9.1` is cited by "R9.1" but not by "R9.10"; `R2` by "R2" or "R2:", not "R2.3"."""
    return re.search(rf"\b{re.escape(rule)}(?!\.?\d)", text) is not None


def docstrings_of_tests() -> dict[str, str]:
    """Every test function's docstring under tests/, by "path::name"."""
    found: dict[str, str] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found[f"{path.name}::{node.name}"] = ast.get_docstring(node) or ""
    return found


def test_rules_file_lists_every_section() -> None:
    ids = rule_ids()
    assert len(ids) == len(set(ids)) == 47
    assert {i.split(".")[0] for i in ids} == {f"R{n}" for n in range(1, 10)}


def test_every_rule_is_cited_by_a_test() -> None:
    docs = "\n".join(docstrings_of_tests().values())
    missing = [rule for rule in rule_ids() if not cited(rule, docs)]
    assert not missing, f"rules no test docstring cites: {missing}"


def test_citation_matching_does_not_confuse_neighbouring_rules() -> None:
    assert cited("R9.1", "R9.1: the higher half")
    assert not cited("R9.1", "R9.10 and R9.11")
    assert cited("R2", "R2: tiles each")
    assert cited("R2", "R2, R8.1: sizes")
    assert cited("R2.4", "the targets (R2.4).")
    assert not cited("R2", "R2.3 redeal")
