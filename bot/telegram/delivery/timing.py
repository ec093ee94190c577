"""Delivery's settings, in seconds."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Timing:
    """How long a delivery holds a game, how Telegram's silence is met, and when a
    group's messages are sent anew."""

    lease: float = 6.0  # renewed while a pass runs: a dead process's lasts at most this
    # After a 5xx or a network error, a call that may be made twice is tried again after
    # each of these pauses; then the chat is left alone for `backoff`.
    retries: tuple[float, ...] = (0.2, 0.6)
    backoff: float = 3.0
    # A pass that cannot wait for its slot (the worker's) books the first one
    # that frees within this, kept for when it comes back (`bot.telegram.delivery.slots`).
    ahead: float = 10.0
    # A turn that comes this soon after the person's own last move is an edit (they are at
    # the chat, and are not buzzed at every move); any later one, a new message that
    # notifies them.
    at_the_chat: float = 10.0
    # Messages under a group's table after which its next change is sent at the bottom.
    buried: int = 5
