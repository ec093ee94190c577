"""A message's content, and digests that tell whether a message shows it already."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from aiogram.types import InlineKeyboardMarkup


def _digest(*parts: str) -> str:
    return hashlib.blake2b("\x00".join(parts).encode(), digest_size=12).hexdigest()


@dataclass(frozen=True, slots=True)
class Content:
    """Text and buttons. `key` names what must reach the reader at once when it
    changes (a person's hand); the buttons always count as such."""

    text: str
    markup: InlineKeyboardMarkup | None = None
    key: str = ""

    def _buttons(self) -> str:
        return self.markup.model_dump_json() if self.markup is not None else ""

    @property
    def full(self) -> str:
        """Changes whenever anything shown changes."""
        return _digest(self.text, self._buttons())

    @property
    def essential(self) -> str:
        """Changes when the key or the buttons change."""
        return _digest(self.key, self._buttons())
