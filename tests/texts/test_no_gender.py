"""No text guesses a player's gender. A player is named by their Telegram name, which
says nothing sure about them ("Саша", "Camille", "Andrea" can be anyone), so:

- every message renders, in every language, whatever names, teams and numbers it gets;
- a message that names a person reads the same, word for word, for a man's, a woman's
  and an ambiguous name: nothing in it changes with the name;
- no message holds a third-person pronoun that could stand for a player (он, она; he,
  she; il, elle; lui, lei), save the impersonal French phrases listed below;
- in Russian, no word right after a name is a past-tense verb, which would carry a
  gender ("Оля сходил"): the source patterns are read, select variants included.

Every message of every Fluent file is covered: the messages are found by parsing the
files, so a new message is checked as soon as it is written."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from functools import cache

import pytest
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast, parse

from tests.texts.test_plurals import LABELS, QUANTITIES, TEXT_SAMPLES, entries, variables
from texts import LANGUAGES, source_files

# Variables that name one person (`side` is a seat, or in Kozel a team of two).
PERSON = {"name", "first", "second", "side"}
# Variables that name a team: two people, "Оля и Саша".
TEAM = {"team"}
NAMED = PERSON | TEAM
NUMBERS = (0, 1, 2, 5, 11, 21, 22)  # every plural class of the four languages
WHO = ("you", "other")

# For each language, two names each of a man, a woman, and someone either could be.
NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "ru": {"male": ("Иван", "Пётр"), "female": ("Оля", "Маша"), "unknown": ("Саша", "Женя")},
    "en": {"male": ("John", "Peter"), "female": ("Mary", "Anna"), "unknown": ("Sam", "Alex")},
    "fr": {
        "male": ("Jean", "Pierre"),
        "female": ("Marie", "Claire"),
        "unknown": ("Camille", "Dominique"),
    },
    "it": {"male": ("Marco", "Luca"), "female": ("Giulia", "Sara"), "unknown": ("Andrea", "Alex")},
}
GENDERS = ("male", "female", "unknown")

# Third-person pronouns that could stand for a player, as whole words.
PRONOUNS: dict[str, set[str]] = {
    "ru": {"он", "она", "его", "её", "ее", "ему", "ей", "ним", "ней", "него", "неё", "нему"},
    "en": {"he", "she", "his", "her", "him", "hers", "himself", "herself"},
    "fr": {"il", "elle", "ils", "elles"},
    "it": {"lui", "lei"},
}
# Impersonal French "il", which stands for nobody: each phrase and why it is allowed.
IMPERSONAL = {
    "il y a": "there is",
    "il n'y a": "there is not",
    "il faut": "it takes, one must",
    "il reste": "there is left (seconds on the clock)",
    "s'il vous plaît": "please",
}
# A Russian past-tense form: it agrees with the subject's gender (сходил, сходила).
PAST_TENSE = re.compile(r"\w+(?:л|ла|лся|лась)$")
TAGS = re.compile(r"<[^>]+>")


@cache
def bundle(lang: str) -> FluentBundle:
    """The language's messages, loaded the way `texts.Texts` loads them."""
    loaded = FluentBundle([lang], use_isolating=False)
    for path in source_files(lang):
        loaded.add_resource(FluentResource(path.read_text("utf-8")))
    return loaded


def format_message(lang: str, key: str, args: dict[str, str | int]) -> str:
    """The message with `args`, failing on any Fluent error (a missing variable, an
    unknown message, a selector without a default...)."""
    message = bundle(lang).get_message(key)
    assert message.value is not None, f"{lang}/{key} has no value"
    text, errors = bundle(lang).format_pattern(message.value, args)
    assert not errors, f"{lang}/{key} with {args}: {errors}"
    return str(text)


def you(lang: str) -> str:
    return format_message(lang, "you", {})


def team(lang: str, first: str, second: str) -> str:
    return format_message(lang, "team", {"first": first, "second": second})


def arguments(
    lang: str, names: set[str], gender: str, who: str, number: int
) -> dict[str, str | int]:
    """Plausible values for a message's variables: every person a `gender` name (the
    viewer, "You", in the first person), every number `number`."""
    first, second = NAMES[lang][gender]
    if who == "you":
        first = you(lang)
    people = {"name": first, "first": first, "second": second, "side": first}
    args: dict[str, str | int] = {"who": who}
    for name in names - {"who"}:
        if name in PERSON:
            args[name] = people[name]
        elif name in TEAM:
            args[name] = team(lang, first, second)
        elif name in QUANTITIES | LABELS:
            args[name] = number
        else:
            args[name] = TEXT_SAMPLES.get(name, "x")
    return args


def messages(lang: str) -> Iterator[tuple[str, set[str]]]:
    for message in entries(lang):
        if message.value is not None:
            yield message.id.name, variables(message)


def renderings(lang: str) -> Iterator[tuple[str, str, str]]:
    """Every message in every person, with every sample of names and numbers: (key,
    what it was given, the text)."""
    for key, names in messages(lang):
        numbers = NUMBERS if names & (QUANTITIES | LABELS) else NUMBERS[:1]
        for gender, who, number in itertools.product(GENDERS, WHO, numbers):
            args = arguments(lang, names, gender, who, number)
            yield key, f"{gender} {who} {number}", format_message(lang, key, args)


def without_names(lang: str, text: str) -> str:
    for gender in GENDERS:
        for name in NAMES[lang][gender]:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "NAME", text)
    return text


def pronouns_in(lang: str, text: str) -> list[str]:
    text = TAGS.sub(" ", text).replace("’", "'")
    if lang == "fr":
        for phrase in IMPERSONAL:
            text = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", text, flags=re.IGNORECASE)
    words = re.findall(r"\w+", text.lower())
    return [word for word in words if word in PRONOUNS[lang]]


# -- the Russian source: the word after a name ------------------------------------------


def first_words(elements: Sequence[ast.PatternElement], then: AbstractSet[str]) -> set[str]:
    """The word each reading of `elements` starts with, if a word comes first (not a
    mark, not a value); `then` when the elements are blank."""
    if not elements:
        return set(then)
    element, rest = elements[0], elements[1:]
    if isinstance(element, ast.TextElement):
        if not element.value.strip():
            return first_words(rest, then)
        word = re.match(r"\s*(\w+)", element.value)
        return {word.group(1)} if word else set()
    if isinstance(element, ast.Placeable) and isinstance(element.expression, ast.SelectExpression):
        expression = element.expression
        after = first_words(rest, then)
        return set().union(*(first_words(v.value.elements, after) for v in expression.variants))
    return set()


def words_after_names(
    elements: Sequence[ast.PatternElement], then: AbstractSet[str] = frozenset()
) -> Iterator[tuple[str, str]]:
    """Each (name variable, the word right after it) in a pattern, through selects: a
    name that ends a variant is followed by what follows the select."""
    for i, element in enumerate(elements):
        if not isinstance(element, ast.Placeable):
            continue
        expression = element.expression
        after = first_words(elements[i + 1 :], then)
        if isinstance(expression, ast.VariableReference) and expression.id.name in NAMED:
            for word in after:
                yield expression.id.name, word
        elif isinstance(expression, ast.SelectExpression):
            for variant in expression.variants:
                yield from words_after_names(variant.value.elements, after)


def past_tense_after_names(source: str) -> list[str]:
    found = []
    for entry in parse(source).body:
        if isinstance(entry, ast.Message) and entry.value is not None:
            for variable, word in words_after_names(entry.value.elements):
                if PAST_TENSE.match(word.lower()):
                    found.append(f"{entry.id.name}: {{ ${variable} }} {word}")
    return found


# -- the tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_with_any_names_teams_and_numbers(lang: str) -> None:
    rendered = list(renderings(lang))
    assert {key for key, *_ in rendered} == {key for key, _ in messages(lang)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_naming_someone_reads_the_same_for_any_name(lang: str) -> None:
    for key, names in messages(lang):
        if not names & NAMED:
            continue
        numbers = NUMBERS if names & (QUANTITIES | LABELS) else NUMBERS[:1]
        for who, number in itertools.product(WHO, numbers):
            texts = {
                gender: without_names(
                    lang, format_message(lang, key, arguments(lang, names, gender, who, number))
                )
                for gender in GENDERS
            }
            assert len(set(texts.values())) == 1, f"{lang}/{key} ({who}, {number}): {texts}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_holds_a_pronoun_that_could_stand_for_a_player(lang: str) -> None:
    for key, given, text in renderings(lang):
        found = pronouns_in(lang, text)
        assert not found, f"{lang}/{key} ({given}): {found} in {text!r}"


def test_no_russian_name_is_followed_by_a_past_tense_verb() -> None:
    found = [
        f"{path.name}/{where}"
        for path in source_files("ru")
        for where in past_tense_after_names(path.read_text("utf-8"))
    ]
    assert not found, found


def test_the_past_tense_check_sees_through_selects() -> None:
    plain = "a = { $name } сходил.\n"
    selected = "b = { $who ->\n    [you] Вы\n   *[other] { $name }\n} вернулась.\n"
    inside = "c = { $who ->\n    [you] Вы ставите\n   *[other] { $name } поставил\n} 6|6.\n"
    team = "d = { $team } выиграли.\n"  # a plural past tense has no gender
    assert past_tense_after_names(plain) == ["a: { $name } сходил"]
    assert past_tense_after_names(selected) == ["b: { $name } вернулась"]
    assert past_tense_after_names(inside) == ["c: { $name } поставил"]
    assert past_tense_after_names(team) == []
    assert past_tense_after_names("e = { $name } ставит { $tile }.\n") == []


def test_the_pronoun_check_finds_a_pronoun_and_spares_impersonal_french() -> None:
    assert pronouns_in("ru", "За него сходил бот.") == ["него"]
    assert pronouns_in("en", "Bot 3 plays <b>her</b> seat.") == ["her"]
    assert pronouns_in("fr", "Il reste 5 secondes. Il a gagné.") == ["il"]
    assert pronouns_in("fr", "S’il vous plaît, il n'y a rien.") == []
    assert pronouns_in("it", "Tocca a lei.") == ["lei"]
    assert pronouns_in("en", "Here, the other player") == []


def test_a_name_that_changes_the_text_is_seen() -> None:
    lang = "ru"
    texts = {
        without_names(lang, f"{NAMES[lang][gender][0]} {verb}.")
        for gender, verb in zip(GENDERS, ("сходил", "сходила", "сходил(а)"), strict=True)
    }
    assert len(texts) == 3
