"""A fake Telegram Bot API for dispatcher-level tests, after aiogram's own
`tests/mocked_bot.py`: a session that records every API call and answers like
Telegram does, including its refusals (bad HTML, long texts, long callback data,
"message is not modified", unknown messages)."""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import unescape
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.client.default import Default
from aiogram.client.session.base import BaseSession
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import (
    AnswerCallbackQuery,
    DeleteMessage,
    EditMessageReplyMarkup,
    EditMessageText,
    GetMe,
    SendMessage,
    SetMyCommands,
    TelegramMethod,
)
from aiogram.types import (
    CallbackQuery,
    Chat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    MessageEntity,
    Update,
    User,
)

TOKEN = "123456:TEST-token-for-the-fake-telegram-api"
BOT_USER = User(id=123456, is_bot=True, first_name="Dominoes", username="dominoes_test_bot")
TEXT_LIMIT = 4096  # UTF-16 code units of the text once entities are parsed
ALERT_LIMIT = 200
CALLBACK_LIMIT = 64
ALLOWED_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre", "a"}
_TOKEN = re.compile(r"<(/?)([a-zA-Z-]+)([^<>]*)>|&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);|[<>&]")


def check_html(text: str) -> str:
    """Parse Telegram HTML the way Telegram does; return the plain text or raise
    ValueError with Telegram's complaint."""
    stack: list[str] = []
    plain: list[str] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        plain.append(text[pos : match.start()])
        pos = match.end()
        closing, tag, _attrs, entity = match.groups()
        if tag is not None:
            tag = tag.lower()
            if tag not in ALLOWED_TAGS:
                raise ValueError(f"can't parse entities: unsupported start tag {tag!r}")
            if closing:
                if not stack or stack.pop() != tag:
                    raise ValueError(f"can't parse entities: unexpected end tag {tag!r}")
            else:
                stack.append(tag)
        elif entity is not None:
            plain.append(unescape(match.group(0)))
        else:
            raise ValueError(f"can't parse entities: bare {match.group(0)!r} at {match.start()}")
    plain.append(text[pos:])
    if stack:
        raise ValueError(f"can't parse entities: unclosed {stack[-1]!r}")
    return "".join(plain)


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass
class StoredMessage:
    chat_id: int
    message_id: int
    text: str
    markup: InlineKeyboardMarkup | None

    def buttons(self) -> list[InlineKeyboardButton]:
        if self.markup is None:
            return []
        return [b for row in self.markup.inline_keyboard for b in row]

    def button(self, text: str) -> InlineKeyboardButton:
        matching = [b for b in self.buttons() if b.text == text]
        assert matching, f"no button {text!r} in {[b.text for b in self.buttons()]}"
        return matching[0]


@dataclass
class Call:
    """One recorded API call: its method name and its parameters with defaults resolved."""

    method: TelegramMethod[Any]
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.method.__api_method__)


class FakeTelegram(BaseSession):
    """Records every request; keeps each chat's messages; fails like Telegram."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], StoredMessage] = {}
        self.fail_next: list[Callable[[TelegramMethod[Any]], Exception | None]] = []
        self._ids = itertools.count(1000)

    async def close(self) -> None:
        return None

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:  # pragma: no cover - never downloads
        yield b""

    async def make_request(
        self, bot: Bot, method: TelegramMethod[Any], timeout: int | None = None
    ) -> Any:
        params = {
            name: bot.default[value.name] if isinstance(value, Default) else value
            for name, value in method
        }
        self.calls.append(Call(method, params))
        for hook in list(self.fail_next):
            error = hook(method)
            if error is not None:
                self.fail_next.remove(hook)
                raise error
        return self._answer(method, params)

    # -- answers ---------------------------------------------------------------------

    def _answer(self, method: TelegramMethod[Any], params: dict[str, Any]) -> Any:
        if isinstance(method, SendMessage):
            chat_id = int(params["chat_id"])
            self._check_text(method, params)
            message = StoredMessage(
                chat_id, next(self._ids), params["text"], params["reply_markup"]
            )
            self.messages[(chat_id, message.message_id)] = message
            return self._message(message)
        if isinstance(method, EditMessageText):
            stored = self._stored(method, params)
            self._check_text(method, params)
            if stored.text == params["text"] and stored.markup == params["reply_markup"]:
                raise self._not_modified(method)
            stored.text, stored.markup = params["text"], params["reply_markup"]
            return self._message(stored)
        if isinstance(method, EditMessageReplyMarkup):
            stored = self._stored(method, params)
            self._check_markup(method, params["reply_markup"])
            if stored.markup == params["reply_markup"]:
                raise self._not_modified(method)
            stored.markup = params["reply_markup"]
            return self._message(stored)
        if isinstance(method, AnswerCallbackQuery):
            text = params.get("text") or ""
            if len(text) > ALERT_LIMIT:
                raise TelegramBadRequest(method, "Bad Request: MESSAGE_TOO_LONG")
            if any(
                isinstance(c.method, AnswerCallbackQuery)
                and c.params["callback_query_id"] == params["callback_query_id"]
                for c in self.calls[:-1]
            ):
                raise TelegramBadRequest(method, "Bad Request: query ID is invalid")
            return True
        if isinstance(method, DeleteMessage):
            self.messages.pop((int(params["chat_id"]), params["message_id"]), None)
            return True
        if isinstance(method, SetMyCommands):
            return True
        if isinstance(method, GetMe):
            return BOT_USER
        raise AssertionError(f"the fake Telegram does not know {method.__api_method__}")

    def _stored(self, method: TelegramMethod[Any], params: dict[str, Any]) -> StoredMessage:
        key = (int(params["chat_id"]), params["message_id"])
        if key not in self.messages:
            raise TelegramBadRequest(method, "Bad Request: message to edit not found")
        return self.messages[key]

    @staticmethod
    def _not_modified(method: TelegramMethod[Any]) -> TelegramBadRequest:
        return TelegramBadRequest(
            method,
            "Bad Request: message is not modified: specified new message content and reply "
            "markup are exactly the same as a current content and reply markup of the message",
        )

    def _check_text(self, method: TelegramMethod[Any], params: dict[str, Any]) -> None:
        text = params["text"]
        if params.get("parse_mode") == "HTML":
            try:
                text = check_html(text)
            except ValueError as exc:
                raise TelegramBadRequest(method, f"Bad Request: {exc}") from None
        if not text.strip():
            raise TelegramBadRequest(method, "Bad Request: message text is empty")
        if utf16_len(text) > TEXT_LIMIT:
            raise TelegramBadRequest(method, "Bad Request: message is too long")
        self._check_markup(method, params.get("reply_markup"))

    @staticmethod
    def _check_markup(method: TelegramMethod[Any], markup: Any) -> None:
        if markup is None:
            return
        assert isinstance(markup, InlineKeyboardMarkup), markup
        for row in markup.inline_keyboard:
            for button in row:
                data = button.callback_data or ""
                if not button.text or len(data.encode()) > CALLBACK_LIMIT:
                    raise TelegramBadRequest(method, "Bad Request: BUTTON_DATA_INVALID")

    @staticmethod
    def _message(stored: StoredMessage) -> Message:
        return Message(
            message_id=stored.message_id,
            date=datetime.now(UTC),
            chat=_chat(stored.chat_id),
            from_user=BOT_USER,
            text=stored.text,
            reply_markup=stored.markup,
        )

    # -- what tests look at --------------------------------------------------------------

    def named(self, name: str) -> list[Call]:
        return [c for c in self.calls if c.name == name]

    def last_in(self, chat_id: int) -> StoredMessage:
        chat = [m for (c, _), m in self.messages.items() if c == chat_id]
        assert chat, f"no message in chat {chat_id}"
        return max(chat, key=lambda m: m.message_id)

    def message(self, chat_id: int, message_id: int) -> StoredMessage:
        return self.messages[(chat_id, message_id)]


def _chat(chat_id: int) -> Chat:
    return Chat(id=chat_id, type="private" if chat_id > 0 else "group", title=None)


def user(user_id: int, first_name: str = "Alice", language_code: str | None = "en") -> User:
    return User(id=user_id, is_bot=False, first_name=first_name, language_code=language_code)


class TelegramHarness:
    """Feeds real `Update`s through the dispatcher and reads what the fake received."""

    def __init__(self, dispatcher: Dispatcher, bot: Bot, fake: FakeTelegram) -> None:
        self.dp, self.bot, self.fake = dispatcher, bot, fake
        self._updates = itertools.count(1)
        self._queries = itertools.count(1)

    async def send(self, who: User, text: str, chat_id: int | None = None) -> None:
        """`who` writes `text` in `chat_id` (their private chat by default)."""
        chat_id = who.id if chat_id is None else chat_id
        entities = None
        if text.startswith("/"):
            length = len(text.split(maxsplit=1)[0])
            entities = [MessageEntity(type="bot_command", offset=0, length=length)]
        message = Message(
            message_id=next(self.fake._ids),
            date=datetime.now(UTC),
            chat=_chat(chat_id),
            from_user=who,
            text=text,
            entities=entities,
        )
        await self.dp.feed_update(self.bot, Update(update_id=next(self._updates), message=message))

    async def press(self, who: User, message: StoredMessage, data: str) -> Call:
        """`who` presses a button carrying `data` on `message`; returns the one answer."""
        query_id = f"q{next(self._queries)}"
        await self.dp.feed_update(self.bot, self.press_update(who, message, data, query_id))
        return self.answer_to(query_id)

    def press_update(
        self, who: User, message: StoredMessage, data: str, query_id: str | None = None
    ) -> Update:
        query = CallbackQuery(
            id=query_id or f"q{next(self._queries)}",
            from_user=who,
            chat_instance=f"ci{message.chat_id}",
            message=FakeTelegram._message(message),
            data=data,
        )
        return Update(update_id=next(self._updates), callback_query=query)

    def answer_to(self, query_id: str) -> Call:
        answers = [
            c
            for c in self.fake.named("answerCallbackQuery")
            if c.params["callback_query_id"] == query_id
        ]
        assert len(answers) == 1, f"query {query_id} answered {len(answers)} times"
        return answers[0]


def alert_of(answer: Call) -> str | None:
    """The alert text of a callback answer, or None when it was a silent answer."""
    return answer.params.get("text") if answer.params.get("show_alert") else None
