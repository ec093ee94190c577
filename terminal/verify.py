"""`dominoes verify SECRET`: a hand's deal rebuilt from the secret its result showed,
and the deal code the table showed while it was played (`core.fair`), so that anyone
can check that the deal was not stacked."""

from __future__ import annotations

from typing import TextIO

from core.fair import BadSecretError, HandSecret
from terminal.style import Style
from texts import Translate
from texts.render import verify_lines

EXIT_BAD_SECRET = 2  # as argparse exits on a malformed command line


def verify(text: str, t: Translate, out: TextIO, err: TextIO, style: Style) -> int:
    """Print the deal `text` makes, or say plainly why `text` is not a deal secret."""
    try:
        secret = HandSecret.parse(text)
    except BadSecretError as exc:
        err.write(style.text(t(f"verify-bad-{exc.problem.value}")) + "\n")
        return EXIT_BAD_SECRET
    lines = verify_lines(secret, t)
    out.write("\n".join(style.text(line) for line in lines) + "\n")
    return 0
