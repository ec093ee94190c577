"""A picture's caption kept within Telegram's limit: 1024 characters once its HTML is
parsed (counted as Telegram counts them, in UTF-16 code units). Blocks that matter
least go first (the log of what others did), whole, so that no tag is ever cut."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

CAPTION_LIMIT = 1024
_TAG = re.compile(r"<[^>]*>")
_JOIN = "\n\n"


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph of a caption; one that is not `kept` may be left out to fit."""

    text: str
    kept: bool = True


def visible_length(text: str) -> int:
    """The length Telegram counts of an HTML text: its tags gone, entities read."""
    shown = html.unescape(_TAG.sub("", text))
    return len(shown.encode("utf-16-le")) // 2


def fit(blocks: Sequence[Block], limit: int = CAPTION_LIMIT, join: str = _JOIN) -> str:
    """The blocks joined (by `join`: a blank line, or a line break where every line
    counts), leaving out those not kept (the last first), then the last kept ones but
    the first, until the caption fits."""
    chosen = [b for b in blocks if b.text]
    while visible_length(join.join(b.text for b in chosen)) > limit:
        optional = [i for i, b in enumerate(chosen) if not b.kept]
        if optional:
            del chosen[optional[-1]]
        elif len(chosen) > 1:
            del chosen[-2 if len(chosen) > 2 else -1]  # the prompt (the last) stays longest
        else:
            return _cut(chosen[0].text, limit)
    return join.join(b.text for b in chosen)


def _cut(text: str, limit: int) -> str:
    """One block too long by itself: its plain text cut (its markup given up)."""
    plain = html.unescape(_TAG.sub("", text))
    cut = plain.encode("utf-16-le")[: 2 * (limit - 1)].decode("utf-16-le", "ignore")
    return html.escape(cut + "…", quote=False)
