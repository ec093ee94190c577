"""Every key and every placeholder in every language; every key the bot asks for
exists; every text formats to valid Telegram HTML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from bot.game.errors import RefusalCode
from core.fair import SecretProblem
from tests.bot.fake_telegram import check_html
from texts import LANGUAGES, Texts, source_files

ROOT = Path(__file__).resolve().parents[2]
# Variables that only choose a grammatical form: a language may do without them.
FORM_ONLY = {"who"}
# Keys the bot builds at run time, by family: each suffix must exist.
FAMILIES = {
    "variant-": ["draw", "block", "kozel"],
    "level-": ["easy", "medium", "hard"],
    "end-": ["left", "right"],
    "rules-": ["draw", "block", "kozel"],
    "cmd-": [
        *("start", "play", "score", "rules", "lang", "stop", "help", "kozel", "new", "leave"),
        "history",
        *("stats", "top", "forgetme", "look", "verify", "join"),
    ],
    "refusal-": [code.value for code in RefusalCode],
    "term-moves-": ["lead", "left", "right"],
    "verify-bad-": [problem.value for problem in SecretProblem],
}


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


def messages(lang: str) -> dict[str, set[str]]:
    """Each message's id and the variables it uses."""
    found: dict[str, set[str]] = {}
    for path in source_files(lang):
        resource = parse(path.read_text("utf-8"))
        junk = [e for e in resource.body if isinstance(e, ast.Junk)]
        assert not junk, f"{path}: unparsable entries: {[(j.content or '')[:60] for j in junk]}"
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                assert entry.id.name not in found, f"{path}: {entry.id.name} is defined twice"
                visitor = _Variables()
                visitor.visit(entry)
                found[entry.id.name] = visitor.names
    return found


def keys_the_code_asks_for() -> set[str]:
    """Every key the code asks for, in the bot, the terminal game and the shared renderer."""
    keys: set[str] = set()
    sources = [*(ROOT / "bot").rglob("*.py"), *(ROOT / "terminal").rglob("*.py")]
    for path in [*sources, ROOT / "texts" / "render.py"]:
        keys.update(re.findall(r"""\bt\(\s*"([a-z0-9-]+)\"""", path.read_text()))
        keys.update(re.findall(r"""texts\.get\([^,]+,\s*"([a-z0-9-]+)\"""", path.read_text()))
    for prefix, suffixes in FAMILIES.items():
        keys.update(prefix + s for s in suffixes)
    return keys


def test_every_language_has_every_key() -> None:
    english = set(messages("en"))
    for lang in LANGUAGES:
        assert set(messages(lang)) == english, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_placeholder_matches_english(lang: str) -> None:
    english = messages("en")
    for key, variables in messages(lang).items():
        assert variables - FORM_ONLY == english[key] - FORM_ONLY, f"{lang}/{key}"
        assert variables <= english[key] | FORM_ONLY, f"{lang}/{key}"


def test_every_key_the_code_asks_for_exists() -> None:
    missing = keys_the_code_asks_for() - set(messages("en"))
    assert not missing


SAMPLES: dict[str, str | int] = {
    "name": "Bot 1",
    "who": "other",
    "n": 2,
    "first": "You",
    "second": "Bot 2",
    "team": "Bot 1 &amp; Bot 3",
    "variant": "Kozel",
    "level": "Easy",
    "count": 3,
    "hand": 2,
    "target": 100,
    "goal": "playing to 100",
    "tiles": "1|2 3|4",
    "tile": "6|6",
    "end": "on the left",
    "left": 3,
    "right": 5,
    "sizes": "You 5",
    "side": "You",
    "score": 12,
    "scores": "You: 12",
    "eggs": 24,
    "points": 31,
    "reason": "doubles",
    "group": "Friday &amp; dominoes",
    "mark": 101,
    "bot": "Bot 3",
    "seats": "1. Alice · 3. free",
    "number": 4,
    "seed": "8842",
    "secret": "kozel-4-" + "0f" * 32,  # a deal's secret and its code (core.fair)
    "commitment": "3f9c0a1b2c3d4e5f",
    "date": "2024-06-01 12:40 UTC",
    # The records (stats.ftl).
    "played": 7,
    "won": 4,
    "lost": 3,
    "rate": 57,
    "goats": 2,
    "fish": 1,
}


# Texts drawn in the table's picture: plain text, never sent as HTML.
DRAWN = "picture.ftl"


def drawn_keys(lang: str) -> set[str]:
    path = next(p for p in source_files(lang) if p.name == DRAWN)
    return {e.id.name for e in parse(path.read_text("utf-8")).body if isinstance(e, ast.Message)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_formats_to_valid_telegram_html(lang: str) -> None:
    texts = Texts()
    drawn = drawn_keys(lang)
    for key in messages(lang):
        for who in ("you", "other"):
            for count in (0, 1, 2, 5, 21):
                text = texts.get(lang, key, **{**SAMPLES, "who": who, "count": count})
                assert text != key, f"{lang}/{key} did not format"
                assert "{" not in text, f"{lang}/{key}: {text}"
                if key in drawn:
                    assert "<" not in text, f"{lang}/{key} is drawn: no markup in it"
                else:
                    check_html(text)
                assert len(text) < 4096


def test_language_codes_resolve() -> None:
    texts = Texts(default="fr")
    assert texts.resolve("ru-RU") == "ru"
    assert texts.resolve("it") == "it"
    assert texts.resolve("pt-BR") == "fr"
    assert texts.resolve(None) == "fr"


def test_a_missing_key_falls_back_to_the_key_itself() -> None:
    assert Texts().get("en", "no-such-key") == "no-such-key"


def test_the_languages_really_differ() -> None:
    texts = Texts()
    helps = {texts.get(lang, "help") for lang in LANGUAGES}
    assert len(helps) == len(LANGUAGES)
