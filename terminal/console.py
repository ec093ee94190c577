"""Lines out and answers in: the terminal game's only I/O. Every question is answered
with a number from a list shown; anything else gets a clear line and the question
again. The end of input ends the game with a message, never a traceback."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TextIO

from terminal.style import BOLD, CYAN, DIM, RED, Style
from texts import Translate

_NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only: int() takes "٣" and "³" too
RULE_WIDTH = 48


class InputClosedError(Exception):
    """Standard input is closed: nobody is left to answer."""


class Console:
    """A terminal in one language: `say` markup, `choose` among numbered options."""

    def __init__(self, stdin: TextIO, stdout: TextIO, style: Style, t: Translate) -> None:
        self._in, self._out, self.style, self.t = stdin, stdout, style, t
        isatty = getattr(stdin, "isatty", None)
        self._echoed = bool(isatty and isatty())

    def say(self, markup: str = "") -> None:
        """One block of the texts' markup, shown as the terminal can."""
        self.show(self.style.text(markup))

    def show(self, text: str) -> None:
        """One block of terminal text, as it is."""
        self._out.write(text + "\n")
        self._out.flush()

    def rule(self) -> None:
        """A thin line between turns."""
        self.show(self.style.paint("─" * RULE_WIDTH, DIM))

    def warn(self, markup: str) -> None:
        self.show(self.style.paint(self.style.text(markup), RED))

    def ask(self, prompt: str) -> str:
        """The next line typed after `prompt`, stripped; `InputClosedError` when input ends."""
        self._out.write(self.style.text(prompt) + " ")
        self._out.flush()
        line = self._in.readline()
        if not line:
            self._out.write("\n")
            raise InputClosedError
        answer = line.strip()
        if not self._echoed:
            # Typed answers are echoed by the terminal; answers read from a pipe or a
            # file are written here, so that the transcript reads as a dialogue.
            self._out.write(answer + "\n")
        return answer

    def number(self, label: int | str) -> str:
        """A choice's number, as the options list shows it."""
        return self.style.paint(f"{label:>2})", BOLD, CYAN)

    def choose(self, prompt: str, count: int) -> int:
        """A number from 1 to `count`, asked until one comes; returned from 0."""
        while True:
            answer = self.ask(prompt)
            if _NUMBER.fullmatch(answer) and 1 <= int(answer) <= count:
                return int(answer) - 1
            self.warn(self.t("term-bad-choice", count=count))

    def menu(self, question: str, options: Sequence[str]) -> int:
        """`question`, then the options numbered from 1; the index of the one chosen."""
        self.say(question)
        for i, option in enumerate(options, 1):
            self.show(f"{self.number(i)} {self.style.text(option)}")
        return self.choose(self.t("term-choose", count=len(options)), len(options))

    def pause(self, prompt: str) -> None:
        """Wait for Enter (any line)."""
        self.ask(prompt)
