"""Numbered choices: anything but a number shown gets a clear line and the question
again; the end of input is an exception the command turns into a message."""

from __future__ import annotations

import io

import pytest

from terminal.console import Console, InputClosedError
from terminal.style import Style
from texts import Texts

T = Texts().translator("en")


def console(typed: str) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(io.StringIO(typed), out, Style(colour=False), T), out


@pytest.mark.parametrize("bad", ["", "abc", "0", "4", "-1", "1.5", "²", "٣", "1 2", "9" * 40])
def test_a_bad_answer_is_refused_and_asked_again(bad: str) -> None:
    con, out = console(f"{bad}\n2\n")
    assert con.choose(T("term-choose", count=3), 3) == 1
    lines = out.getvalue().splitlines()
    assert lines == [
        f"Your choice (1–3): {bad}",
        "Type a number from 1 to 3, then Enter.",
        "Your choice (1–3): 2",
    ]


def test_spaces_around_a_number_are_forgiven() -> None:
    con, _ = console("  3 \n")
    assert con.choose("?", 3) == 2


def test_the_end_of_input_raises_instead_of_looping() -> None:
    con, out = console("x\n")
    with pytest.raises(InputClosedError):
        con.choose("?", 2)
    assert out.getvalue().endswith("\n")  # the next message starts on its own line


def test_a_menu_numbers_its_options_from_one() -> None:
    con, out = console("2\n")
    assert con.menu("Which?", ["<b>Draw</b>", "Block &amp; more"]) == 1
    assert out.getvalue().splitlines()[:3] == ["Which?", " 1) Draw", " 2) Block & more"]
