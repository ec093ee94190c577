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


NOT_MODIFIED = "message is not modified"
# What Telegram says when a message can no longer be edited, or is of the other kind.
GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")
OTHER_KIND = ("there is no media in", "there is no text in", "there is no caption in")


def edit_refused(refused: RefusedError) -> bool:
    """What an edit Telegram refused means, for a message or an ephemeral one: True, it
    shows that content already; False, it is gone (deleted, expired); `OtherKindError`
    when it is of the other kind (text, photo); the refusal itself otherwise."""
    said = str(refused).lower()
    if NOT_MODIFIED in said:
        return True
    if any(words in said for words in GONE):
        return False
    if any(words in said for words in OTHER_KIND):
        raise OtherKindError from None
    raise refused


def edit_kept(refused: RefusedError) -> bool:
    """`edit_refused` where a message of the other kind cannot be replaced in place (an
    ephemeral or an inline message): True, it shows that content already; False, it is
    gone, or of the other kind; the refusal itself otherwise."""
    try:
        return edit_refused(refused)
    except OtherKindError:
        return False
