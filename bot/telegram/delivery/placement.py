"""What a game's messages show, as delivery keeps it in the store's fields (see
`bot.store.messages`): each person's private message (chat, id, and digests of what it
shows), the group's table message, how many announcements the group was sent, and
the version of the game they were last brought up to; and a delivery pass under way
(`Pass`): what it changed, and the facts it met that the game must act on."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from dataclasses import fields as fields_of

from bot.game.notify import Fact
from bot.game.state import Game

_TABLE = "table"
_POSTED = "posted"
_POSTED_AT = "posted_at"
_REMINDED = "reminded"
_SHOWN = "shown"
_PRIVATE = "p:"


def private_field(user_id: int) -> str:
    """The field of a person's private message."""
    return f"{_PRIVATE}{user_id}"


@dataclass(frozen=True, slots=True)
class Sent:
    """A message and digests of what it shows: `essential` (the hand and the buttons:
    sent at once when it changes) and `full` (everything: may wait for the pace)."""

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


@dataclass(slots=True)
class Placement:
    """Everything known about one game's messages."""

    private: dict[int, Sent] = field(default_factory=dict)  # by user id
    table: Sent | None = None
    posted: int = 0  # announcements already sent to the group
    posted_at: float = 0.0  # when the last of them was sent (a timestamp)
    reminded: int = -1  # the game's version when the person to move was last reminded
    shown: int = 0  # the version of the game the messages were last brought up to

    def holds(self, message_id: int) -> bool:
        """Whether `message_id` is one of the game's own messages (its table, a hand)."""
        shown = [self.table, *self.private.values()]
        return any(sent is not None and sent.message_id == message_id for sent in shown)


@dataclass(slots=True)
class Changes:
    """What a delivery changed in a `Placement`, written back in one go."""

    fields: dict[str, str] = field(default_factory=dict)
    dropped: set[str] = field(default_factory=set)

    def private(self, user_id: int, sent: Sent | None) -> None:
        self._set(private_field(user_id), None if sent is None else dump(sent))

    def table(self, sent: Sent | None) -> None:
        self._set(_TABLE, None if sent is None else dump(sent))

    def posted(self, count: int, at: float | None = None) -> None:
        self._set(_POSTED, str(count))
        if at is not None:
            self._set(_POSTED_AT, repr(at))

    def reminded(self, version: int) -> None:
        self._set(_REMINDED, str(version))

    def shown(self, version: int) -> None:
        self._set(_SHOWN, str(version))

    def _set(self, name: str, value: str | None) -> None:
        if value is None:
            self.fields.pop(name, None)
            self.dropped.add(name)
        else:
            self.dropped.discard(name)
            self.fields[name] = value

    def __bool__(self) -> bool:
        return bool(self.fields or self.dropped)


@dataclass(slots=True)
class Pass:
    """A pass under way on one game's messages."""

    game: Game
    placement: Placement
    changes: Changes = field(default_factory=Changes)
    facts: list[Fact] = field(default_factory=list)
    # Seconds a person's message may wait for its slot, booked, within the pass (0: a
    # slot that is not free now ends the pass for that message).
    patience: float = 0.0

    def private(self, user_id: int, sent: Sent) -> None:
        """A person's message as it is now."""
        self.placement.private[user_id] = sent
        self.changes.private(user_id, sent)

    def forget_private(self, user_id: int) -> Sent | None:
        """A person's message is forgotten (sent anew next); returns it."""
        self.changes.private(user_id, None)
        return self.placement.private.pop(user_id, None)

    def table(self, sent: Sent | None) -> None:
        """The group's table as it is now (None: to send anew)."""
        self.placement.table = sent
        self.changes.table(sent)


def dump(sent: Sent) -> str:
    return json.dumps(asdict(sent), separators=(",", ":"))


_SENT_FIELDS = frozenset(f.name for f in fields_of(Sent))


def sent_of(raw: str) -> Sent:
    """A message from its field. A field this version does not know (written by an older
    or newer one, beside it in a rolling restart) is left out, not an error."""
    stored = json.loads(raw)
    known = {name: value for name, value in stored.items() if name in _SENT_FIELDS}
    known["retired"] = tuple(known.get("retired", ()))
    return Sent(**known)


def placement_of(fields: Mapping[str, str]) -> Placement:
    """A placement from the store's fields."""
    placement = Placement()
    for name, value in fields.items():
        if name.startswith(_PRIVATE):
            placement.private[int(name[len(_PRIVATE) :])] = sent_of(value)
        elif name == _TABLE:
            placement.table = sent_of(value)
        elif name == _POSTED:
            placement.posted = int(value)
        elif name == _POSTED_AT:
            placement.posted_at = float(value)
        elif name == _REMINDED:
            placement.reminded = int(value)
        elif name == _SHOWN:
            placement.shown = int(value)
    return placement
