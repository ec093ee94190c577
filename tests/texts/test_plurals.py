"""Numbers in every text of every language are grammatical: a noun counted by a number
agrees with it (1 очко, 2 очка, 5 очков, 21 очко, 53 очка; 1 point, 2 points), because
every number that counts a noun goes through a plural selector.

The messages are found by parsing the Fluent files, so a new message is covered as
soon as it is written."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from texts import LANGUAGES, Texts, source_files

NUMBERS = (1, 2, 5, 21, 53)
# Numbers that count something: a noun after one must agree with it.
QUANTITIES = {"count", "score", "points", "eggs", "target", "mark", "seconds"}
QUANTITIES |= {"played", "won", "lost", "rate", "goats", "fish"}  # the records (stats.ftl)
# Numbers that name something (a seat, a bot, a hand, an end's pips): "Bot 5", "hand 21".
LABELS = {"n", "hand", "left", "right", "number"}
# Every other variable holds text, already formatted; these are plausible values.
TEXT_SAMPLES: dict[str, str] = {
    "name": "Alice",
    "first": "Alice",
    "second": "Bot 3",
    "team": "Alice &amp; Bot 3",
    "side": "Alice",
    "variant": "Kozel",
    "level": "Easy",
    "tiles": "1|2 3|4",
    "tile": "6|6",
    "end": "on the left",
    "sizes": "Alice 5 · Bot 2 7",
    "scores": "Alice: 12 · Bot 2: 30",
    "reason": "doubles",
    "group": "Friday dominoes",
    "bot": "Bot 3",
    "seats": "1. Alice · 3. free",
    "seed": "8842",
    "secret": "kozel-4-" + "0f" * 32,  # a deal's secret and its code (core.fair)
    "commitment": "3f9c0a1b2c3d4e5f",
    "link": "https://t.me/dominoes_bot?start=join-0123456789",
    "goal": "playing to 100",
    "label": "To 100",
    "date": "2024-06-01 12:40 UTC",
    # Ratings are passed as text, without a thousands separator ("1012", not "1,012").
    "rating": "1012",
    "overall": "1040",
    "change": "+14",
    "ratings": "Alice 1012 (+14) · Bob 988 (−12)",
    # Moves as their buttons show them (hints and the coach).
    "move": "◀ 2|5",
    # The news line's two halves (texts.news).
    "what": "Alice plays 4|5",
    "turn": "Bot 2 to play",
    "next": "5|3 ▶",
    "better": "6|6",
    # An invitation card (inline mode): the game and how many play it, as said.
    "game": "Kozel",
    "players": "4 players",
}
WHO = ("you", "other")
TEXTS = Texts()

# The forms, by category, of every noun a number counts in the texts.
NOUNS: dict[str, list[dict[str, str]]] = {
    "en": [
        {"one": "point", "other": "points"},
        {"one": "tile", "other": "tiles"},
        {"one": "bot", "other": "bots"},
        {"one": "player", "other": "players"},
        {"one": "second", "other": "seconds"},
        {"one": "s", "other": "s"},
        {"one": "match", "other": "matches"},
        {"one": "win", "other": "wins"},
        {"one": "time", "other": "times"},
        {"one": "hint", "other": "hints"},
    ],
    "fr": [
        {"one": "point", "other": "points"},
        {"one": "domino", "other": "dominos"},
        {"one": "bot", "other": "bots"},
        {"one": "joueur", "other": "joueurs"},
        {"one": "seconde", "other": "secondes"},
        {"one": "s", "other": "s"},
        {"one": "partie", "other": "parties"},
        {"one": "victoire", "other": "victoires"},
        {"one": "fois", "other": "fois"},
        {"one": "conseil", "other": "conseils"},
    ],
    "it": [
        {"one": "punto", "other": "punti"},
        {"one": "tessera", "other": "tessere"},
        {"one": "bot", "other": "bot"},
        {"one": "giocatore", "other": "giocatori"},
        {"one": "secondo", "other": "secondi"},
        {"one": "s", "other": "s"},
        {"one": "partita", "other": "partite"},
        {"one": "vittoria", "other": "vittorie"},
        {"one": "volta", "other": "volte"},
        {"one": "suggerimento", "other": "suggerimenti"},
    ],
    # Russian: also the genitive, after "до", "от"...: "до 21 очка", "от 2 до 4 игроков".
    "ru": [
        {"one": "очко", "few": "очка", "many": "очков", "gen-one": "очка", "gen-many": "очков"},
        {
            "one": "кость",
            "few": "кости",
            "many": "костей",
            "gen-one": "кости",
            "gen-many": "костей",
        },
        {"one": "бот", "few": "бота", "many": "ботов", "gen-one": "бота", "gen-many": "ботов"},
        {
            "one": "игрок",
            "few": "игрока",
            "many": "игроков",
            "gen-one": "игрока",
            "gen-many": "игроков",
        },
        {
            "one": "секунда",
            "few": "секунды",
            "many": "секунд",
            "gen-one": "секунды",
            "gen-many": "секунд",
        },
        dict.fromkeys(["one", "few", "many", "gen-one", "gen-many"], "с"),  # seconds, "5 с"
        {
            "one": "партия",
            "few": "партии",
            "many": "партий",
            "gen-one": "партии",
            "gen-many": "партий",
        },
        {
            "one": "победа",
            "few": "победы",
            "many": "побед",
            "gen-one": "победы",
            "gen-many": "побед",
        },
        {"one": "раз", "few": "раза", "many": "раз", "gen-one": "раза", "gen-many": "раз"},
        {
            "one": "подсказка",
            "few": "подсказки",
            "many": "подсказок",
            "gen-one": "подсказки",
            "gen-many": "подсказок",
        },
    ],
}
GENITIVE = {"от", "до", "из", "около", "более", "менее", "свыше"}
# A number, not part of a tile (5|3) or a range (1–21), and the word after it.
COUNTED = re.compile(r"(?<![\d|–-])(\d+)\s+(\w+)")


def entries(lang: str) -> Iterator[ast.Message]:
    for path in source_files(lang):
        for entry in parse(path.read_text("utf-8")).body:
            if isinstance(entry, ast.Message):
                yield entry


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


def variables(message: ast.Message) -> set[str]:
    visitor = _Variables()
    visitor.visit(message)
    return visitor.names


def counted_words(
    pattern: ast.Pattern, selected: frozenset[str] = frozenset()
) -> Iterator[tuple[str, str, bool]]:
    """Each quantity placeable followed by a word in the source: (variable, word,
    whether it sits inside a select expression on that same variable)."""
    elements = pattern.elements
    for i, element in enumerate(elements):
        if not isinstance(element, ast.Placeable):
            continue
        expression = element.expression
        if isinstance(expression, ast.VariableReference) and expression.id.name in QUANTITIES:
            following = elements[i + 1] if i + 1 < len(elements) else None
            if isinstance(following, ast.TextElement):
                word = re.match(r"[^\S\n]*(\w+)", following.value)
                if word:
                    name = expression.id.name
                    yield name, word.group(1), name in selected
        elif isinstance(expression, ast.SelectExpression):
            selector = expression.selector
            inner = selected
            if isinstance(selector, ast.VariableReference):
                inner = selected | {selector.id.name}
            for variant in expression.variants:
                yield from counted_words(variant.value, inner)


def numeric_messages(lang: str) -> list[tuple[str, set[str]]]:
    """Every message with a numeric argument, and its arguments."""
    return [
        (m.id.name, names) for m in entries(lang) if (names := variables(m)) & (QUANTITIES | LABELS)
    ]


def renderings(lang: str, key: str, names: set[str]) -> Iterator[tuple[dict[str, int], str]]:
    """The message with every combination of the sample numbers in its numeric
    arguments, in both grammatical persons."""
    numeric = sorted(names & (QUANTITIES | LABELS))
    text_args = {name: TEXT_SAMPLES[name] for name in names - set(numeric) - {"who"}}
    for values in itertools.product(NUMBERS, repeat=len(numeric)):
        numbers = dict(zip(numeric, values, strict=True))
        for who in WHO:
            args: dict[str, str | int] = {**text_args, **numbers, "who": who}
            yield numbers, TEXTS.get(lang, key, **args)


def disagreements(lang: str, text: str) -> list[str]:
    """Each "number noun" in `text` whose noun is in the wrong form for the number."""
    wrong = []
    for found in COUNTED.finditer(text):
        number, word = int(found.group(1)), found.group(2).lower()
        category = plural_category(lang, number)
        before = re.search(r"(\w+)\W*$", text[: found.start()])
        if lang == "ru" and before and before.group(1).lower() in GENITIVE:
            category = "gen-one" if category == "one" else "gen-many"
        for forms in NOUNS[lang]:
            if word in forms.values() and word != forms[category]:
                wrong.append(f"{found.group(0)} (wants {number} {forms[category]})")
    return wrong


def plural_category(lang: str, number: int) -> str:
    """A whole number's plural category (CLDR), written out rather than asked of the
    library under test: Russian 1, 21 "one"; 2, 53 "few"; 5, 11, 12 "many"."""
    if lang == "ru":
        if number % 10 == 1 and number % 100 != 11:
            return "one"
        if 2 <= number % 10 <= 4 and not 12 <= number % 100 <= 14:
            return "few"
        return "many"
    if lang == "fr":
        return "one" if number in (0, 1) else "other"
    return "one" if number == 1 else "other"


def test_every_variable_is_known_as_a_number_or_a_text() -> None:
    known = QUANTITIES | LABELS | set(TEXT_SAMPLES) | {"who"}
    for lang in LANGUAGES:
        for message in entries(lang):
            assert variables(message) <= known, f"{lang}/{message.id.name}"


def test_messages_with_numbers_are_found_in_the_files() -> None:
    found = {key for key, _ in numeric_messages("en")}
    assert {"boneyard", "match-won", "result-eggs", "btn-players", "term-intro"} <= found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_followed_by_a_noun_goes_through_a_plural_selector(lang: str) -> None:
    nouns = {form for forms in NOUNS[lang] for form in forms.values()}
    for message in entries(lang):
        if message.value is None:
            continue
        for name, word, selected in counted_words(message.value):
            where = f"{lang}/{message.id.name}: {{ ${name} }} {word}"
            assert selected, f"{where} is not inside a select on ${name}"
            assert word.lower() in nouns, f"{where}: a noun to add to NOUNS, or a word to set apart"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_number_agrees_with_its_noun(lang: str) -> None:
    for key, names in numeric_messages(lang):
        for numbers, text in renderings(lang, key, names):
            assert text != key, f"{lang}/{key} did not format"
            wrong = disagreements(lang, text)
            assert not wrong, f"{lang}/{key} with {numbers}: {text!r}: {wrong}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_number_but_one_is_shown(lang: str) -> None:
    """A one may be said in words ("a tile"); any other number is in the text, so no
    plural branch stands for one number while meaning another (21 is "one" in Russian)."""
    for key, names in numeric_messages(lang):
        for numbers, text in renderings(lang, key, names):
            for name, number in numbers.items():
                if number != 1:
                    assert re.search(rf"(?<!\d){number}(?!\d)", text), f"{lang}/{key} {name}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_without_arguments_count_their_nouns_right_too(lang: str) -> None:
    for message in entries(lang):
        if message.value is not None and not variables(message):
            text = TEXTS.get(lang, message.id.name)
            assert not disagreements(lang, text), f"{lang}/{message.id.name}"


WRONG = "score = { $score } очков\n"
RIGHT = """score = { $score ->
    [one] { $score } очко
    [few] { $score } очка
   *[many] { $score } очков
}
"""


def parsed(source: str) -> ast.Pattern:
    message = parse(source).body[0]
    assert isinstance(message, ast.Message)
    assert message.value is not None
    return message.value


def rendered(source: str, score: int) -> str:
    bundle = FluentBundle(["ru"], use_isolating=False)
    bundle.add_resource(FluentResource(source))
    pattern = bundle.get_message("score").value
    assert pattern is not None
    return str(bundle.format_pattern(pattern, {"score": score})[0])


def test_a_number_outside_a_selector_fails_both_checks() -> None:
    assert [selected for *_, selected in counted_words(parsed(WRONG))] == [False]
    assert disagreements("ru", rendered(WRONG, 53)) == ["53 очков (wants 53 очка)"]
    assert disagreements("ru", rendered(WRONG, 21)) == ["21 очков (wants 21 очко)"]


def test_a_number_inside_a_selector_passes_both_checks() -> None:
    assert [selected for *_, selected in counted_words(parsed(RIGHT))] == [True] * 3
    for number in NUMBERS:
        assert not disagreements("ru", rendered(RIGHT, number))
