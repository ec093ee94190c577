"""Telegram's ephemeral messages (Bot API 10.2) as the tests' fake Telegram keeps them.

What the Bot API documents (aiogram 3.31 carries its text), and the fake does:
- `sendMessage`/`sendPhoto` with `ephemeral_message_parameters` (`receiver_user_id`,
  `callback_query_id`, `replace_callback_query_message`) send a message in a group or
  supergroup that only its receiver (and the bot) sees; it comes back with
  `message_id` 0, its `ephemeral_message_id` and `receiver_user`;
- it is sent "for group and supergroup chats only": elsewhere it is refused;
- `replace_callback_query_message` must be false for a press on an ephemeral message
  (that one is edited with the `editEphemeralMessage…` methods);
- `editEphemeralMessageText`, `…Caption`, `…Media`, `…ReplyMarkup` and
  `deleteEphemeralMessage` name it by chat, receiver and ephemeral id, and answer True;
- "it is not guaranteed that the user will receive the message" (nor an edit nor a
  deletion), "especially if they are offline": `offline` people's messages are
  accepted and never seen;
- an ephemeral id "may be reused for another ephemeral message after the message is
  deleted or expires".

What the issue that asked for them says of the limits, and the fake does as well: a bot
that is not an administrator of the group may send one only to someone who pressed one
of its buttons there within the last 15 s, naming that press (`callback_query_id`); an
administrator may send one to any member. How long a message lives before it expires is
not documented: `lifetime` (None: for ever) lets a test choose.

The fake's refusals use its own wording (Telegram's exact texts are not documented);
what matters to the bot is that they are 400s. Both fakes keep them here: the one the
dispatcher calls (`fake_telegram.py`) and the one over HTTP (`tests/e2e/fake_bot_api.py`),
each turning a `RefusedError` into its own 400."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aiogram.types import Chat, Message, User

PRESS_WINDOW = 15.0  # seconds a press lets a bot that is no admin send its presser one


class RefusedError(Exception):
    """What Telegram answers with a 400 (the text after "Bad Request: ")."""


@dataclass
class Ephemeral:
    """One ephemeral message: where, for whom, what it shows, and whether it reached
    its receiver (never, for someone offline)."""

    chat_id: int
    receiver: int
    ephemeral_id: int
    text: str
    markup: Any  # the fake's own form of a keyboard
    photo: bytes | None = None
    file_id: str | None = None
    sent_at: float = 0.0
    seen: bool = True


class Ephemerals:
    """Every group's ephemeral messages, and the presses that allow sending them."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock  # the time, in seconds (a test's fake clock)
        self.messages: dict[tuple[int, int, int], Ephemeral] = {}
        self.offline: set[int] = set()  # people who receive none of them
        self.lifetime: float | None = None  # seconds before one expires; None: never
        self._presses: dict[str, tuple[int, int, float, bool]] = {}  # query: who, where, when
        # and whether it was a press on an ephemeral message
        self._next: dict[int, int] = {}  # per chat, the next ephemeral id

    def pressed(self, query_id: str, user_id: int, chat_id: int, *, on_ephemeral: bool) -> None:
        """A person pressed a button in the chat (the fake saw the callback query), on an
        ephemeral message or an ordinary one."""
        self._presses[query_id] = (user_id, chat_id, self.clock(), on_ephemeral)

    def send(
        self,
        chat_id: int,
        group: bool,
        shown_to: Mapping[str, Any],
        text: str,
        markup: Any,
        *,
        admin: bool,
        member: bool,
        photo: tuple[str, bytes] | None = None,
    ) -> Ephemeral:
        """An ephemeral message sent in `chat_id` (`group`: a group or supergroup), to the
        receiver `shown_to` names (`ephemeral_message_parameters`); `RefusedError` as
        Telegram refuses it."""
        receiver = int(shown_to["receiver_user_id"])
        if not group:
            raise RefusedError("ephemeral messages are for groups")
        if not member:
            raise RefusedError("the receiver is not in the chat")
        query = shown_to.get("callback_query_id")
        if query is not None:
            pressed = self._presses.get(str(query))
            if pressed is None or pressed[0] != receiver or pressed[1] != chat_id:
                raise RefusedError("query ID is invalid")
            if self.clock() - pressed[2] > PRESS_WINDOW and not admin:
                raise RefusedError("the callback query is too old")
            if pressed[3] and shown_to.get("replace_callback_query_message"):
                raise RefusedError("a press on an ephemeral message is edited instead")
        elif not admin:
            raise RefusedError("not enough rights to send an ephemeral message")
        self._expire()
        ephemeral_id = self._next.get(chat_id, 1)
        self._next[chat_id] = ephemeral_id + 1
        file_id, data = photo if photo is not None else (None, None)
        sent = Ephemeral(
            chat_id,
            receiver,
            ephemeral_id,
            text,
            markup,
            data,
            file_id,
            self.clock(),
            seen=receiver not in self.offline,
        )
        self.messages[(chat_id, receiver, ephemeral_id)] = sent
        return sent

    def stored(self, params: Mapping[str, Any]) -> Ephemeral:
        """The ephemeral message an edit or a deletion names (`RefusedError` when it is gone)."""
        self._expire()
        key = (
            int(params["chat_id"]),
            int(params["receiver_user_id"]),
            int(params["ephemeral_message_id"]),
        )
        if key not in self.messages:
            raise RefusedError("message to edit not found")
        return self.messages[key]

    def delete(self, params: Mapping[str, Any]) -> bool:
        stored = self.stored(params)
        del self.messages[(stored.chat_id, stored.receiver, stored.ephemeral_id)]
        return True

    def seen_by(self, user_id: int, chat_id: int) -> list[Ephemeral]:
        """What `user_id` sees of the chat's ephemeral messages: only their own, those
        that reached them."""
        self._expire()
        return [
            m
            for (chat, receiver, _), m in sorted(self.messages.items())
            if chat == chat_id and receiver == user_id and m.seen
        ]

    def _expire(self) -> None:
        if self.lifetime is None:
            return
        now = self.clock()
        for key, message in list(self.messages.items()):
            if now - message.sent_at > self.lifetime:
                del self.messages[key]


def message_of(sent: Ephemeral, chat: Chat, bot: User | None = None) -> Message:
    """The `Message` Telegram gives back for an ephemeral message (and puts in a press
    on it): no message id, its ephemeral id and receiver."""
    receiver = User(id=sent.receiver, is_bot=False, first_name="Receiver")
    return Message(
        message_id=0,
        date=datetime.now(UTC),
        chat=chat,
        from_user=bot,
        text=sent.text if sent.photo is None else None,
        caption=sent.text if sent.photo is not None else None,
        reply_markup=sent.markup,
        ephemeral_message_id=sent.ephemeral_id,
        receiver_user=receiver,
    )
