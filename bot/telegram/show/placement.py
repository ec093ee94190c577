"""What a game's messages show, as kept in the store's fields (`bot.store.messages`):
each person's private message (chat, id, and digests of what it shows) under
`p:<user id>`, and in a group the table, how many announcements were sent and whether
the person to move was reminded. Each field belongs to one chat, whose sender alone
writes it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from dataclasses import fields as fields_of

TABLE = "table"
POSTED = "posted"
POSTED_AT = "posted_at"  # when the last one was (`bot.store.outbox` reads it)
REMINDED = "reminded"
CALLED = "called"  # a person's turn called out in the group: "<version>:<message id>"
_PRIVATE = "p:"


def private_field(user_id: int) -> str:
    """The field of a person's private message."""
    return f"{_PRIVATE}{user_id}"


@dataclass(frozen=True, slots=True)
class Sent:
    """A message and digests of what it shows: `essential` (the hand and the buttons:
    sent at once when it changes) and `full` (everything: may wait for the person's
    turn)."""

    chat_id: int
    message_id: int | None  # None: could not be sent (the person blocked the bot)
    essential: str = ""
    full: str = ""
    language: str = ""  # of a private message: its last word, after leaving, is in it too
    turn: bool = False  # a group hand message sent anew because the person's turn came
    retired: tuple[int, ...] = ()  # older messages of the same place, still to delete
    prompt: bool = False  # one of them still has buttons (it was replaced): delete it now
    below_from: int = 0  # a group table: the group's message count when it was sent
    photo: str = ""  # the key of the picture it shows ("": a text message)
    lasting: bool = False  # a hand's result: the next content goes in a new message


def dump(sent: Sent) -> str:
    return json.dumps(asdict(sent), separators=(",", ":"))


_SENT_FIELDS = frozenset(f.name for f in fields_of(Sent))


def sent_of(raw: str | None) -> Sent | None:
    """A message from its field. A field this version does not know (written by an older
    or newer one, beside it in a rolling restart) is left out, not an error."""
    if raw is None:
        return None
    stored = json.loads(raw)
    known = {name: value for name, value in stored.items() if name in _SENT_FIELDS}
    known["retired"] = tuple(known.get("retired", ()))
    return Sent(**known)


@dataclass(frozen=True, slots=True)
class GroupShows:
    """What a group's own messages show: its table, the announcements sent, the game's
    version whose turn was last reminded, and the last turn called out (for someone
    reached in the group only: `bot.telegram.show.ephemeral.called`)."""

    table: Sent | None = None
    posted: int = 0
    reminded: int = -1
    called: tuple[int, int | None] | None = None  # the game's version, the message

    @classmethod
    def of(cls, fields: Mapping[str, str]) -> GroupShows:
        version, _, message = (fields.get(CALLED) or "").partition(":")
        called = (int(version), int(message) if message else None) if version else None
        return cls(
            sent_of(fields.get(TABLE)),
            int(fields.get(POSTED, 0)),
            int(fields.get(REMINDED, -1)),
            called,
        )


def holds(fields: Mapping[str, str], message_id: int) -> bool:
    """Whether `message_id` is one of the game's own messages (its table, a hand)."""
    shown = [sent_of(v) for k, v in fields.items() if k == TABLE or k.startswith(_PRIVATE)]
    return any(sent is not None and sent.message_id == message_id for sent in shown)


def people_shown(fields: Mapping[str, str]) -> dict[int, Sent]:
    """Every person with a private message for the game, by user id."""
    found = {
        int(k[len(_PRIVATE) :]): sent_of(v) for k, v in fields.items() if k.startswith(_PRIVATE)
    }
    return {user: sent for user, sent in found.items() if sent is not None}
