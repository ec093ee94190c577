"""A message's content (text, buttons, and maybe a picture), and digests that tell
whether a message shows it already."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from aiogram.types import InlineKeyboardMarkup


def digest(*parts: str) -> str:
    """A short digest of `parts` (what a message shows, told apart cheaply)."""
    return hashlib.blake2b("\x00".join(parts).encode(), digest_size=12).hexdigest()


class Picture:
    """A picture a message shows: `key` tells two pictures apart without drawing them,
    and the PNG is drawn once, when a call first needs it (an unchanged picture is
    never drawn again: its message keeps it)."""

    __slots__ = ("_draw", "_lock", "_png", "key")

    def __init__(self, key: str, draw: Callable[[], bytes]) -> None:
        self.key = key
        self._draw = draw
        self._png: bytes | None = None
        self._lock = threading.Lock()  # drawn in a worker thread, off the event loop

    @property
    def drawn(self) -> bool:
        """Whether the PNG is drawn already (its bytes come at once)."""
        return self._png is not None

    def png(self) -> bytes:
        """The PNG's bytes, drawn on first use."""
        with self._lock:
            if self._png is None:
                self._png = self._draw()
            return self._png

    def __repr__(self) -> str:
        return f"Picture({self.key!r})"


@dataclass(frozen=True, slots=True)
class Content:
    """Text and buttons, and a `picture` the text is the caption of. `key` names what
    must reach the reader at once when it changes (a person's hand); the buttons (but
    links), and whether the message is a picture, always count as such. The digests are
    computed once, with the content."""

    text: str
    markup: InlineKeyboardMarkup | None = None
    key: str = ""
    picture: Picture | None = None
    reply_to: int | None = None  # a new message answers this one of its chat
    # A hand's result, left where it was read: what follows comes as a new message.
    lasting: bool = False
    full: str = field(init=False, repr=False)  # changes whenever anything shown changes
    essential: str = field(init=False, repr=False)  # changes with the key or the buttons

    def __post_init__(self) -> None:
        markup = self.markup
        buttons = markup.model_dump_json() if markup is not None else ""
        # A link (to the group's table) is a way about, not the game: one that moved
        # waits for the message's next change.
        actions = (
            repr(
                [
                    (b.text, b.callback_data)
                    for row in markup.inline_keyboard
                    for b in row
                    if not b.url
                ]
            )
            if markup is not None
            else ""
        )
        drawn = self.picture.key if self.picture is not None else ""
        kind = "picture" if self.picture is not None else "text"
        object.__setattr__(self, "full", digest(self.text, buttons, drawn))
        object.__setattr__(self, "essential", digest(self.key, actions, kind))

    @property
    def photo(self) -> str:
        """The key of the picture the message shows; "" for a text message."""
        return self.picture.key if self.picture is not None else ""
