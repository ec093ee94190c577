"""Games whose table lives in an inline message: a message posted "via @bot" in any
chat (inline mode), which the bot reaches only through its buttons and through edits
that name its `inline_message_id`, never by chat and message id. Such a game is given a
chat id of its own, below every id Telegram gives (private chats are positive, groups
and channels above -10^13), derived from the inline message's id: the rest of the bot
(its outbox, the check that a button was pressed on its game's own message) treats it
as the game's chat."""

from __future__ import annotations

from hashlib import blake2b

INLINE_CHATS = -(10**15)  # the inline chats' ids are this and below


def inline_chat(inline_message_id: str) -> int:
    """The chat id of the game posted as this inline message."""
    digest = blake2b(inline_message_id.encode(), digest_size=6).digest()
    return INLINE_CHATS - int.from_bytes(digest, "big")


def is_inline(chat_id: int) -> bool:
    """Whether `chat_id` is an inline message's (see `inline_chat`)."""
    return chat_id <= INLINE_CHATS
