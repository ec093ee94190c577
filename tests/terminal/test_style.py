"""The texts' markup in a terminal: ANSI where colour is wanted, plain text otherwise."""

from __future__ import annotations

import io

from terminal.style import Style, wants_colour


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_plain_style_drops_tags_and_unescapes_entities() -> None:
    text = Style(colour=False).text('<b>Kozel</b> · <i>Bot 1 &amp; <a href="x">Al&lt;i&gt;</a></i>')
    assert text == "Kozel · Bot 1 & Al<i>"


def test_colour_style_turns_tags_into_ansi_and_resets_at_the_end() -> None:
    text = Style(colour=True).text("<b>Hand 1</b> is <i>over</i>")
    assert text == "\x1b[1mHand 1\x1b[22m is \x1b[3mover\x1b[23m\x1b[0m"


def test_closing_an_inner_tag_keeps_the_outer_one() -> None:
    text = Style(colour=True).text("<i>a <b>b</b> c</i>")
    assert text == "\x1b[3ma \x1b[1mb\x1b[22m\x1b[3m c\x1b[23m\x1b[0m"


def test_text_without_markup_gets_no_codes_even_in_colour() -> None:
    assert Style(colour=True).text("1|2 3|4") == "1|2 3|4"


def test_paint_is_a_no_op_without_colour() -> None:
    assert Style(colour=False).paint("x", "31") == "x"
    assert Style(colour=True).paint("x", "1", "36") == "\x1b[1;36mx\x1b[0m"


def test_colour_only_on_a_terminal_without_no_color_or_a_dumb_term() -> None:
    assert wants_colour(_Tty(), {"TERM": "xterm-256color"})
    assert not wants_colour(io.StringIO(), {"TERM": "xterm-256color"})  # a pipe or a file
    assert not wants_colour(_Tty(), {"NO_COLOR": "1", "TERM": "xterm"})
    assert not wants_colour(_Tty(), {"TERM": "dumb"})
    assert wants_colour(_Tty(), {"NO_COLOR": ""})  # set but empty: no-color.org says ignore
