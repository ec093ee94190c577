"""A message's content, and digests that tell whether a message shows it already."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from aiogram.types import InlineKeyboardMarkup


def _digest(*parts: str) -> str:
    return hashlib.blake2b("\x00".join(parts).encode(), digest_size=12).hexdigest()


@dataclass(frozen=True, slots=True)
class Content:
    """Text and buttons. `key` names what must reach the reader at once when it
    changes (a person's hand); the buttons always count as such. The digests are
    computed once, with the content."""

    text: str
    markup: InlineKeyboardMarkup | None = None
    key: str = ""
    full: str = field(init=False, repr=False)  # changes whenever anything shown changes
    essential: str = field(init=False, repr=False)  # changes with the key or the buttons

    def __post_init__(self) -> None:
        buttons = self.markup.model_dump_json() if self.markup is not None else ""
        object.__setattr__(self, "full", _digest(self.text, buttons))
        object.__setattr__(self, "essential", _digest(self.key, buttons))
