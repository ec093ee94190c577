"""The score sheet (`texts.render.score_sheet`): a line per hand over, which adds up to
the scores; Kozel's fish, eggs and the rule of 13 said where they happened."""

from __future__ import annotations

import re

import pytest

from core.engine import Match
from core.views import PublicView, public_view
from tests.bot.factories import finish_match, secret
from tests.bot.fake_telegram import check_html
from texts import LANGUAGES, Texts
from texts.render import Names, score_sheet

TEXTS = Texts()
LABELS = ("P0", "P1", "P2", "P3")
ADDED = re.compile(r"^\d+\. (.+) \+(\d+)(?: · .*)?$")


def finished(variant: str, players: int, seed: int) -> PublicView:
    match, _ = Match.new(variant, players, 100, secret=secret(seed))
    return public_view(finish_match(match))


def sides(view: PublicView, names: Names) -> list[str]:
    return [names.side(view, side) for side in range(len(view.scores))]


@pytest.mark.parametrize(("variant", "players"), [("kozel", 4), ("draw", 2), ("block", 3)])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_sheet_has_a_line_a_hand_and_adds_up_to_the_scores(
    variant: str, players: int, seed: int
) -> None:
    view = finished(variant, players, seed)
    t = TEXTS.translator("en")
    names = Names(LABELS[:players], None, t)
    sheet = score_sheet(view, names, t)
    assert sheet[0] == t("sheet-title")
    rows = sheet[1:]
    assert [int(row.split(".")[0]) for row in rows] == [r.hand_no for r in view.results]
    added = dict.fromkeys(sides(view, names), 0)
    for row in rows:
        found = ADDED.match(row.replace("&amp;", "&"))
        if found:
            added[found.group(1).replace("&", "&amp;")] += int(found.group(2))
    assert list(added.values()) == list(view.scores)


def test_fish_eggs_and_the_rule_of_13_are_said_where_they_happened() -> None:
    t = TEXTS.translator("en")
    seen = set()
    for seed in range(1, 80):
        view = finished("kozel", 4, seed)
        names = Names(LABELS, None, t)
        rows = score_sheet(view, names, t)[1:]
        for result, row in zip(view.results, rows, strict=True):
            if result.winner is None:
                assert row == t("sheet-eggs", hand=result.hand_no, eggs=result.eggs_after)
                seen.add("eggs")
            elif result.cancelled_by_13:
                assert "(rule of 13)" in row
                seen.add("13")
            else:
                assert (t("sheet-fish") in row) == (result.reason.value != "domino")
                assert (t("sheet-eggs-used", eggs=result.eggs_used) in row) == bool(
                    result.eggs_used
                )
                seen.add("written")
        if seen == {"eggs", "13", "written"}:
            return
    pytest.fail(f"no seed here showed every kind of hand: {seen}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_reads_in_every_language(lang: str) -> None:
    view = finished("kozel", 4, 2)
    t = TEXTS.translator(lang)
    sheet = score_sheet(view, Names(LABELS, None, t), t)
    check_html("\n".join(sheet))
    assert len(sheet) == len(view.results) + 1


def test_no_sheet_before_a_hand_is_over() -> None:
    match, _ = Match.new("kozel", 4, 100, secret=secret(1))
    t = TEXTS.translator("en")
    assert score_sheet(public_view(match), Names(LABELS, None, t), t) == []
