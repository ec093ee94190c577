"""The texts' markup (Telegram's HTML subset) turned into what a terminal shows: ANSI
bold and italics where the terminal takes colour, plain text where it does not."""

from __future__ import annotations

import os
from html.parser import HTMLParser
from typing import TextIO

# Select Graphic Rendition codes: (on, off).
_SGR = {"b": ("1", "22"), "strong": ("1", "22"), "i": ("3", "23"), "em": ("3", "23")}
BOLD, DIM, RED, CYAN, RESET = "1", "2", "31", "36", "0"


def wants_colour(stream: TextIO, environ: dict[str, str] | None = None) -> bool:
    """Colour only for a terminal that takes it: never with NO_COLOR (no-color.org),
    into a pipe or a file, or on a dumb terminal."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class _Converter(HTMLParser):
    def __init__(self, colour: bool) -> None:
        super().__init__(convert_charrefs=True)
        self._colour = colour
        self._open: list[str] = []
        self.out: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._colour and tag in _SGR:
            self.out.append(f"\x1b[{_SGR[tag][0]}m")
            self._open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._colour and tag in _SGR and tag in self._open:
            self._open.remove(tag)
            self.out.append(f"\x1b[{_SGR[tag][1]}m")
            # Closing <b> also ends bold from an outer <b>: restore what is still open.
            self.out.extend(f"\x1b[{_SGR[t][0]}m" for t in self._open)

    def handle_data(self, data: str) -> None:
        self.out.append(data)


class Style:
    """Turns markup into terminal text, and paints the terminal's own marks."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def text(self, markup: str) -> str:
        """Markup to terminal text: tags become ANSI codes (or nothing), entities
        become characters."""
        converter = _Converter(self.colour)
        converter.feed(markup)
        converter.close()
        text = "".join(converter.out)
        return text + f"\x1b[{RESET}m" if self.colour and "\x1b[" in text else text

    def paint(self, text: str, *codes: str) -> str:
        """Plain `text` in the given SGR codes (unchanged without colour)."""
        if not self.colour or not codes:
            return text
        return f"\x1b[{';'.join(codes)}m{text}\x1b[{RESET}m"
