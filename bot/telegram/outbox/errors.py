"""How a call to Telegram can fail, as the outbox meets it (`bot.telegram.outbox.calls`
says which error each answer becomes)."""

from __future__ import annotations


class LaterError(Exception):
    """Nothing more can go to the chat now: come back `after` seconds from now.
    `delivered_maybe`: the call may have reached the chat all the same."""

    def __init__(self, after: float, *, delivered_maybe: bool = False) -> None:
        super().__init__(after)
        self.after = after
        self.delivered_maybe = delivered_maybe


class UnreachableError(Exception):
    """The bot may not write to the chat (a person who blocked it, a removed bot)."""


class MovedError(Exception):
    """The group became a supergroup: `chat_id` is its new id."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(chat_id)
        self.chat_id = chat_id


class RefusedError(Exception):
    """Telegram refused the content itself (it would refuse it again)."""


class OtherKindError(Exception):
    """The message is of the other kind (text, photo) than the edit."""
