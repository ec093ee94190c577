"""A fake Telegram Bot API for dispatcher-level tests, after aiogram's own
`tests/mocked_bot.py`: a session that records every API call and answers like
Telegram does, including its refusals (bad HTML, long texts, long callback data,
"message is not modified", unknown messages, 403 for a person who never started
the bot, 429 flood control, a group that became a supergroup).

Photos (sendPhoto, editMessageMedia, editMessageCaption) are kept too: a photo
message's caption is kept in `StoredMessage.text` (where tests read a message's
words; `caption` says the same), its bytes in `photo`; `FakeTelegram.photo_of` opens
them with Pillow. An uploaded photo gets a file_id that later calls may reuse."""

from __future__ import annotations

import asyncio
import io
import itertools
import math
import re
import time
from collections.abc import AsyncGenerator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import unescape
from typing import Any, Protocol

from aiogram import Bot
from aiogram.client.default import Default
from aiogram.client.session.base import BaseSession
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
)
from aiogram.methods import (
    AnswerCallbackQuery,
    AnswerInlineQuery,
    DeleteEphemeralMessage,
    DeleteMessage,
    DeleteMessages,
    DeleteWebhook,
    EditEphemeralMessageCaption,
    EditEphemeralMessageMedia,
    EditEphemeralMessageReplyMarkup,
    EditEphemeralMessageText,
    EditMessageCaption,
    EditMessageMedia,
    EditMessageReplyMarkup,
    EditMessageText,
    GetChatMember,
    GetMe,
    SendMessage,
    SendPhoto,
    SetMyCommands,
    SetWebhook,
    TelegramMethod,
)
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    Chat,
    ChatMemberLeft,
    ChatMemberMember,
    ChatMemberOwner,
    ChosenInlineResult,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Message,
    MessageEntity,
    PhotoSize,
    ReplyParameters,
    Update,
    User,
)
from aiogram.types import InlineQuery as InlineQueryUpdate
from PIL import Image
from pydantic import BaseModel

from bot.app import App
from bot.game.ports import StorageUnavailableError
from bot.store.games import GameStore
from bot.store.messages import MessageStore
from bot.telegram.show.placement import private_field, sent_of
from tests.bot.fake_ephemeral import Ephemeral, Ephemerals, RefusedError
from tests.bot.fake_ephemeral import message_of as ephemeral_message
from tests.bot.fake_inline import Inline, InlineMessage, InlineRefusedError

TOKEN = "123456:TEST-token-for-the-fake-telegram-api"
SETTLE_WITHIN = 30.0  # seconds of real time the harness waits for the bot to settle
BOT_USER = User(id=123456, is_bot=True, first_name="Dominoes", username="dominoes_test_bot")
TEXT_LIMIT = 4096  # UTF-16 code units of the text once entities are parsed
CAPTION_LIMIT = 1024  # UTF-16 code units of a photo's caption once entities are parsed
ALERT_LIMIT = 200
CALLBACK_LIMIT = 64
PHOTO_METHODS = SendPhoto | EditMessageMedia | EditMessageCaption
EPHEMERAL_EDITS = (
    EditEphemeralMessageText
    | EditEphemeralMessageCaption
    | EditEphemeralMessageMedia
    | EditEphemeralMessageReplyMarkup
    | DeleteEphemeralMessage
)
NO_MEDIA = "Bad Request: there is no media in the message to edit"
NO_CAPTION = "Bad Request: there is no caption in the message to edit"
NO_TEXT = "Bad Request: there is no text in the message to edit"
WRONG_FILE = "Bad Request: wrong file identifier/HTTP URL specified"
NOT_AN_IMAGE = "Bad Request: IMAGE_PROCESS_FAILED"
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
    """A message of the bot. For a photo, `text` is its caption ("" for none) and
    `photo` its bytes (`file_id` the id Telegram gave them); `photo` is None for text."""

    chat_id: int
    message_id: int
    text: str
    markup: InlineKeyboardMarkup | None
    photo: bytes | None = None
    file_id: str | None = None
    parse_mode: str | None = None
    reply_to: int | None = None  # the message of the chat it answers

    @property
    def caption(self) -> str | None:
        """The photo's caption (None for a text message)."""
        return None if self.photo is None else self.text

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


Observer = Callable[[Call], Awaitable[None]]


def answer_url_taken(url: str, bot_username: str) -> bool:
    """Whether Telegram takes `url` in a callback query's answer: without a game of the
    bot's, only a link that opens the bot with a parameter, `t.me/<bot>?start=XXXX`
    (answerCallbackQuery; a start parameter is 1 to 64 of A-Z, a-z, 0-9, _ and -)."""
    prefix = f"https://t.me/{bot_username}?start="
    return (
        url.startswith(prefix)
        and re.fullmatch(r"[A-Za-z0-9_-]{1,64}", url[len(prefix) :]) is not None
    )


class Waits(Protocol):
    """The outbox's waits for a chat's turn, as the tests hold them (`ClockWait`)."""

    @property
    def waiting(self) -> list[Any]: ...

    @property
    def clock(self) -> Any: ...

    def skip(self) -> None: ...


class FakeTelegram(BaseSession):
    """Records every request; keeps each chat's messages; fails like Telegram.

    `unreachable`: people who never started the bot (a private message gets 403 until
    they write to it). `admins`: per group, who administers it; `outsiders`: per group,
    who is not in it; `removed_from`: groups the bot was removed from (every call to
    them gets 403). `migrated`: groups that
    became supergroups. `observers` look at every call before it is answered."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], StoredMessage] = {}
        self.fail_next: list[Callable[[TelegramMethod[Any]], Exception | None]] = []
        self.unreachable: set[int] = set()
        self.admins: dict[int, set[int]] = {}
        self.outsiders: dict[int, set[int]] = {}  # per group, people who are not in it
        self.removed_from: set[int] = set()  # groups the bot was removed from
        self.migrated: dict[int, int] = {}
        self.observers: list[Observer] = []
        self._ids = itertools.count(1000)
        self.written: set[tuple[int, int]] = set()  # people's messages (chat, id), not deleted
        self.files: dict[str, bytes] = {}  # file_id: the photo uploaded under it
        self._clock: Callable[[], float] | None = None
        self._writes: dict[int, list[float]] = {}
        self.floods = 0  # 429s answered because a limit was broken (not those asked for)
        self.latency = 0.0  # seconds each call takes (a slow Telegram)
        self.timed: list[tuple[float, Call]] = []  # each call with its time (`time_calls`)
        self._timer: Callable[[], float] | None = None
        # Calls Telegram carries out but whose answer never comes back (used once each).
        self.lose_answer: list[Callable[[TelegramMethod[Any]], bool]] = []
        self.ephemerals = Ephemerals(time.monotonic)  # Bot API 10.2 (fake_ephemeral.py)
        self.inline = Inline()  # inline queries and messages (fake_inline.py)
        self.bot_admin_in: set[int] = set()  # groups where the bot is an administrator

    def limit(self, clock: Callable[[], float]) -> None:
        """Answer 429 as Telegram does when a limit is broken: more than 20 messages or
        edits a minute in a group; in a private chat more than 3 in a second or 13 in
        ten; more than 30 a second for the whole bot. `clock` gives the time."""
        self._clock = clock

    def time_calls(self, clock: Callable[[], float]) -> None:
        """From now on, keep each call with the time `clock` says (in `timed`)."""
        self._timer = clock

    def _check_limits(self, method: TelegramMethod[Any], chat_id: int) -> None:
        if self._clock is None:
            return
        now = self._clock()
        everything = self._writes.setdefault(0, [])
        mine = self._writes.setdefault(chat_id, [])
        rules = [(everything, 1.0, 30)]
        rules += [(mine, 60.0, 20)] if chat_id < 0 else [(mine, 1.0, 3), (mine, 10.0, 13)]
        for times, window, most in rules:
            recent = [t for t in times if t > now - window]
            if len(recent) >= most:
                self.floods += 1
                wait = max(1, math.ceil(recent[-most] + window - now))
                text = f"Too Many Requests: retry after {wait}"
                raise TelegramRetryAfter(method, text, wait)
        everything.append(now)
        mine.append(now)

    def flood(self, times: int, retry_after: int, chat_id: int | None = None) -> None:
        """The next `times` sends or edits (to `chat_id`, or anywhere) get a 429."""
        left = [times]

        def hook(method: TelegramMethod[Any]) -> Exception | None:
            sends = (
                SendMessage | EditMessageText | SendPhoto | EditMessageMedia | EditMessageCaption
            )
            if not isinstance(method, sends) or left[0] <= 0:
                return None
            if chat_id is not None and getattr(method, "chat_id", None) != chat_id:
                return None
            left[0] -= 1
            if left[0] > 0:
                self.fail_next.append(hook)  # a hook is used once: put it back while it lasts
            text = f"Too Many Requests: retry after {retry_after}"
            return TelegramRetryAfter(method, text, retry_after)  # type: ignore[misc]

        self.fail_next.append(hook)

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
        call = Call(method, params)
        self.calls.append(call)
        if self._timer is not None:
            self.timed.append((self._timer(), call))
        if self.latency:
            await asyncio.sleep(self.latency)
        for observer in self.observers:
            await observer(call)
        for hook in list(self.fail_next):
            error = hook(method)
            if error is not None:
                self.fail_next.remove(hook)
                raise error
        chat_id = params.get("chat_id")
        if isinstance(chat_id, int) and chat_id in self.migrated:
            raise TelegramMigrateToChat(
                method,
                "Bad Request: group chat was upgraded to a supergroup chat",
                self.migrated[chat_id],
            )
        writes = isinstance(
            method,
            SendMessage
            | EditMessageText
            | EditMessageReplyMarkup
            | PHOTO_METHODS
            | EPHEMERAL_EDITS,
        )
        if isinstance(chat_id, int) and chat_id in self.removed_from:
            raise TelegramForbiddenError(method, "Forbidden: bot was kicked from the group chat")
        if writes and isinstance(chat_id, int) and chat_id in self.unreachable:
            raise TelegramForbiddenError(
                method, "Forbidden: bot can't initiate conversation with a user"
            )
        if writes and isinstance(chat_id, int):
            self._check_limits(method, chat_id)
        answer = self._answer(bot, method, params)
        for lose in list(self.lose_answer):
            if lose(method):
                self.lose_answer.remove(lose)
                raise TelegramNetworkError(method, "the connection dropped: the answer is lost")
        return answer

    # -- answers ---------------------------------------------------------------------

    def _replied(
        self, method: TelegramMethod[Any], chat_id: int, reply: ReplyParameters | None
    ) -> int | None:
        """The message a new one answers (reply_parameters): one of the chat's, the
        bot's or a person's; one that is gone is refused unless the reply may stand
        alone (allow_sending_without_reply), and then it answers none."""
        if reply is None:
            return None
        if reply.chat_id not in (None, chat_id):
            raise TelegramBadRequest(method, "Bad Request: message to be replied not found")
        replied = (chat_id, reply.message_id)
        if replied in self.messages or replied in self.written:
            return reply.message_id
        if reply.allow_sending_without_reply is True:
            return None
        raise TelegramBadRequest(method, "Bad Request: message to be replied not found")

    def _answer(self, bot: Bot, method: TelegramMethod[Any], params: dict[str, Any]) -> Any:
        if isinstance(method, AnswerInlineQuery) or params.get("inline_message_id"):
            return self._inline_answer(bot, method, params)
        ephemeral = params.get("ephemeral_message_parameters")
        if ephemeral is not None and isinstance(method, SendMessage | SendPhoto):
            return self._send_ephemeral(method, params, ephemeral)
        if isinstance(method, EPHEMERAL_EDITS):
            return self._edit_ephemeral(bot, method, params)
        if isinstance(method, SendMessage):
            chat_id = int(params["chat_id"])
            self._check_text(method, params)
            reply_to = self._replied(method, chat_id, params.get("reply_parameters"))
            message = StoredMessage(
                chat_id, next(self._ids), params["text"], params["reply_markup"], reply_to=reply_to
            )
            self.messages[(chat_id, message.message_id)] = message
            return self._message(message)
        if isinstance(method, PHOTO_METHODS):
            return self._photo_answer(bot, method, params)
        if isinstance(method, EditMessageText):
            stored = self._stored(method, params)
            if stored.photo is not None:
                raise TelegramBadRequest(method, NO_TEXT)
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
            url = params.get("url")
            if url is not None and not answer_url_taken(url, BOT_USER.username or ""):
                raise TelegramBadRequest(method, "Bad Request: URL_INVALID")
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
        if isinstance(method, DeleteMessages):
            for message_id in params["message_ids"]:
                self.messages.pop((int(params["chat_id"]), message_id), None)
            return True
        if isinstance(method, SetMyCommands | SetWebhook | DeleteWebhook):
            return True
        if isinstance(method, GetMe):
            return BOT_USER
        if isinstance(method, GetChatMember):
            who = user(int(params["user_id"]))
            if int(params["user_id"]) in self.admins.get(int(params["chat_id"]), set()):
                return ChatMemberOwner(user=who, is_anonymous=False)
            if int(params["user_id"]) in self.outsiders.get(int(params["chat_id"]), set()):
                return ChatMemberLeft(user=who)
            return ChatMemberMember(user=who)
        raise AssertionError(f"the fake Telegram does not know {method.__api_method__}")

    def _inline_answer(self, bot: Bot, method: TelegramMethod[Any], params: dict[str, Any]) -> Any:
        """Inline mode (`tests.bot.fake_inline`): an answer to an inline query, or an edit
        of an inline message, named by its id."""
        plain = {k: _plain(v, bot) for k, v in params.items() if v is not None}
        try:
            if isinstance(method, AnswerInlineQuery):
                return self.inline.answer(plain)
            if isinstance(method, EditMessageText):
                self._check_text(method, params)
                return self.inline.edit(plain)
            if isinstance(method, EditMessageReplyMarkup):
                return self.inline.edit(plain)
            if isinstance(method, EditMessageMedia):
                return self.inline.edit(plain, media=plain["media"])
        except InlineRefusedError as refused:
            raise TelegramBadRequest(method, f"Bad Request: {refused}") from None
        raise AssertionError(f"the fake Telegram does not edit inline: {method.__api_method__}")

    def _send_ephemeral(
        self, method: SendMessage | SendPhoto, params: dict[str, Any], ephemeral: Any
    ) -> Message:
        chat_id = int(params["chat_id"])
        markup = params.get("reply_markup")
        photo = None
        if isinstance(method, SendPhoto):
            text = self._check_caption(method, params.get("caption"), params.get("parse_mode"))
            self._check_markup(method, markup)
            photo = self._photo(method, params["photo"])
        else:
            self._check_text(method, params)
            text = params["text"]
        member = int(ephemeral.receiver_user_id) not in self.outsiders.get(chat_id, set())
        chat = _chat(chat_id)
        try:
            sent = self.ephemerals.send(
                chat_id,
                chat.type in ("group", "supergroup"),
                ephemeral.model_dump(),
                text,
                markup,
                admin=chat_id in self.bot_admin_in,
                member=member,
                photo=photo,
            )
        except RefusedError as refused:
            raise TelegramBadRequest(method, f"Bad Request: {refused}") from None
        return ephemeral_message(sent, chat)

    def _edit_ephemeral(self, bot: Bot, method: TelegramMethod[Any], params: dict[str, Any]) -> Any:
        try:
            if isinstance(method, DeleteEphemeralMessage):
                return self.ephemerals.delete(params)
            stored = self.ephemerals.stored(params)
        except RefusedError as refused:
            raise TelegramBadRequest(method, f"Bad Request: {refused}") from None
        markup = params.get("reply_markup")
        self._check_markup(method, markup)
        new: tuple[str, Any, bytes | None]
        if isinstance(method, EditEphemeralMessageText):
            if stored.photo is not None:
                raise TelegramBadRequest(method, NO_TEXT)
            self._check_text(method, params)
            new = (params["text"], markup, None)
        elif isinstance(method, EditEphemeralMessageCaption):
            if stored.photo is None:
                raise TelegramBadRequest(method, NO_CAPTION)
            caption = self._check_caption(method, params.get("caption"), params.get("parse_mode"))
            new = (caption, markup, stored.photo)
        elif isinstance(method, EditEphemeralMessageMedia):
            media = params["media"]
            if stored.photo is None:
                raise TelegramBadRequest(method, NO_MEDIA)
            parse_mode = media.parse_mode
            if isinstance(parse_mode, Default):
                parse_mode = bot.default[parse_mode.name]
            caption = self._check_caption(method, media.caption, parse_mode)
            file_id, photo = self._photo(method, media.media)
            stored.file_id = file_id
            new = (caption, markup, photo)
        else:  # EditEphemeralMessageReplyMarkup
            new = (stored.text, markup, stored.photo)
        if new == (stored.text, stored.markup, stored.photo):
            raise self._not_modified(method)
        stored.text, stored.markup, stored.photo = new
        return True

    def _photo_answer(self, bot: Bot, method: TelegramMethod[Any], params: dict[str, Any]) -> Any:
        """sendPhoto, editMessageMedia and editMessageCaption."""
        markup = params.get("reply_markup")
        if isinstance(method, SendPhoto):
            chat_id = int(params["chat_id"])
            caption = self._check_caption(method, params.get("caption"), params.get("parse_mode"))
            self._check_markup(method, markup)
            file_id, photo = self._photo(method, params["photo"])
            reply_to = self._replied(method, chat_id, params.get("reply_parameters"))
            message = StoredMessage(
                chat_id,
                next(self._ids),
                caption,
                markup,
                photo,
                file_id,
                params.get("parse_mode"),
                reply_to,
            )
            self.messages[(chat_id, message.message_id)] = message
            return self._message(message)
        stored = self._stored(method, params)
        if isinstance(method, EditMessageMedia):
            media = params["media"]
            assert isinstance(media, InputMediaPhoto), f"the fake edits photos only: {media!r}"
            parse_mode = media.parse_mode
            if isinstance(parse_mode, Default):
                parse_mode = bot.default[parse_mode.name]
            if stored.photo is None:
                raise TelegramBadRequest(method, NO_MEDIA)
            caption = self._check_caption(method, media.caption, parse_mode)
            self._check_markup(method, markup)
            file_id, photo = self._photo(method, media.media)
            if (photo, caption, markup) == (stored.photo, stored.text, stored.markup):
                raise self._not_modified(method)
            stored.photo, stored.file_id = photo, file_id
        else:  # EditMessageCaption
            if stored.photo is None:
                raise TelegramBadRequest(method, NO_CAPTION)
            parse_mode = params.get("parse_mode")
            caption = self._check_caption(method, params.get("caption"), parse_mode)
            self._check_markup(method, markup)
            if (caption, markup) == (stored.text, stored.markup):
                raise self._not_modified(method)
        stored.text, stored.markup, stored.parse_mode = caption, markup, parse_mode
        return self._message(stored)

    def _photo(self, method: TelegramMethod[Any], photo: Any) -> tuple[str, bytes]:
        """The file_id and bytes of a photo given as an upload or as a known file_id."""
        if isinstance(photo, str):
            if photo not in self.files:
                raise TelegramBadRequest(method, WRONG_FILE)
            return photo, self.files[photo]
        assert isinstance(photo, BufferedInputFile), f"the fake takes bytes only: {photo!r}"
        try:
            with Image.open(io.BytesIO(photo.data)) as image:
                image.verify()
        except Exception:
            raise TelegramBadRequest(method, NOT_AN_IMAGE) from None
        file_id = f"photo-{next(self._ids)}"
        self.files[file_id] = photo.data
        return file_id, photo.data

    @staticmethod
    def _check_caption(method: TelegramMethod[Any], caption: Any, parse_mode: Any) -> str:
        """The caption as sent ("" for none), checked as Telegram checks it."""
        text = caption or ""
        plain = text
        if parse_mode == "HTML":
            try:
                plain = check_html(text)
            except ValueError as exc:
                raise TelegramBadRequest(method, f"Bad Request: {exc}") from None
        if utf16_len(plain) > CAPTION_LIMIT:
            raise TelegramBadRequest(method, "Bad Request: message caption is too long")
        return str(text)

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
        if stored.photo is not None:
            with Image.open(io.BytesIO(stored.photo)) as image:
                width, height = image.size
            size = PhotoSize(
                file_id=stored.file_id or "",
                file_unique_id=f"u{stored.file_id}",
                width=width,
                height=height,
                file_size=len(stored.photo),
            )
            return Message(
                message_id=stored.message_id,
                date=datetime.now(UTC),
                chat=_chat(stored.chat_id),
                from_user=BOT_USER,
                photo=[size],
                caption=stored.text or None,
                reply_markup=stored.markup,
            )
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

    def photo_of(self, chat_id: int, message_id: int) -> Image.Image:
        """The photo the message holds now, opened (and loaded) with Pillow."""
        stored = self.message(chat_id, message_id)
        assert stored.photo is not None, f"message {message_id} in {chat_id} holds no photo"
        image = Image.open(io.BytesIO(stored.photo))
        image.load()
        return image


SUPERGROUP_BELOW = -1_000_000_000_000  # supergroup ids look like -100xxxxxxxxxx


def _plain(value: Any, bot: Bot) -> Any:
    """A call's parameter as Telegram gets it: models as JSON-like dicts, the bot's
    defaults (a parse mode) filled in."""
    if isinstance(value, Default):
        return bot.default[value.name]
    if isinstance(value, BaseModel):
        fields = ((name, _plain(v, bot)) for name, v in value)
        return {name: v for name, v in fields if v is not None}
    if isinstance(value, list):
        return [_plain(v, bot) for v in value]
    return value


def _chat(chat_id: int) -> Chat:
    if chat_id > 0:
        return Chat(id=chat_id, type="private")
    kind = "supergroup" if chat_id < SUPERGROUP_BELOW else "group"
    return Chat(id=chat_id, type=kind, title="Friday <dominoes> & co")


def user(user_id: int, first_name: str = "Alice", language_code: str | None = "en") -> User:
    return User(id=user_id, is_bot=False, first_name=first_name, language_code=language_code)


class TelegramHarness:
    """Feeds real `Update`s through the dispatcher and reads what the fake received.
    After each update the worker runs until nothing is due (unless `auto_settle` is
    off): the group's messages are then what the update led to."""

    def __init__(
        self,
        app: App,
        bot: Bot,
        fake: FakeTelegram,
        messages: MessageStore,
        storage: GameStore,
        *,
        auto_settle: bool = True,
        wait: Waits | None = None,
    ) -> None:
        self.dp, self.worker, self.bot, self.fake = app.dispatcher, app.worker, bot, fake
        self.outbox = app.outbox
        self.replies = app.replies
        self.messages, self.storage = messages, storage
        self.auto_settle = auto_settle
        self.wait = wait
        self._updates = itertools.count(1)
        self._queries = itertools.count(1)
        self.last_update: Update | None = None
        # A press whose reply waits for its chat's turn moves the clock to it (as time
        # would pass); a test that moves the clock itself while presses wait turns it off.
        self.moves_the_clock = True
        if wait is not None:
            fake.ephemerals.clock = lambda: wait.clock.now().timestamp()

    async def settle(self) -> None:
        """Let the outbox send everything it may now and the worker run what is due now,
        until neither has anything left (a chat waiting for its turn waits until the
        clock is moved)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SETTLE_WITHIN
        for spins in itertools.count():
            if loop.time() > deadline:
                break
            waiting = len(self.wait.waiting) if self.wait is not None else 0
            if self.outbox.senders > waiting:
                # Busy senders go on at once; one on a slow call (a fake latency) takes
                # real time.
                await asyncio.sleep(0 if spins < 1000 else 0.005)
                continue
            # What is ready runs first (a press just made): fakeredis answers without
            # ever letting the loop turn, so a pass alone would keep it waiting.
            await asyncio.sleep(0)
            try:
                if not await self.worker.pass_once():
                    return
            except StorageUnavailableError:
                return
        raise AssertionError("the outbox and the worker did not settle")

    async def elapse(self, seconds: float, step: float = 0.5) -> None:
        """Let `seconds` pass a step at a time, each followed by what it lets happen (a
        chat's turn, a bot's move), as time passes: moved at once, the clock would wake
        everything due meanwhile at the same moment, in another order."""
        assert self.wait is not None, "time passes for the outbox's waits only"
        while seconds > 1e-9:
            moved = min(step, seconds)
            self.wait.clock.advance(moved)
            await self.settle()
            seconds -= moved

    async def _feed(self, update: Update) -> None:
        """Handle the update; a reply it waits for that waits for its chat's turn gets it
        (the clock moves to it), as it would in real time."""
        self.last_update = update
        handled = asyncio.ensure_future(self.dp.feed_update(self.bot, update))
        while not handled.done():
            await asyncio.sleep(0)
            wait = self.wait
            if not self.moves_the_clock or wait is None or not wait.waiting:
                continue
            if self.outbox.awaited and self.outbox.senders <= len(wait.waiting):
                wait.skip()
        await handled
        if self.auto_settle:
            await self.settle()

    async def send(
        self, who: User, text: str, chat_id: int | None = None, reply_to: User | None = None
    ) -> None:
        """`who` writes `text` in `chat_id` (their private chat by default), in reply to
        a message of `reply_to` if given."""
        chat_id = who.id if chat_id is None else chat_id
        if chat_id == who.id:
            self.fake.unreachable.discard(who.id)  # writing to the bot starts it
        entities = None
        if text.startswith("/"):
            length = len(text.split(maxsplit=1)[0])
            entities = [MessageEntity(type="bot_command", offset=0, length=length)]
        replied = None
        if reply_to is not None:
            replied = Message(
                message_id=next(self.fake._ids),
                date=datetime.now(UTC),
                chat=_chat(chat_id),
                from_user=reply_to,
                text="…",
            )
        message = Message(
            message_id=next(self.fake._ids),
            date=datetime.now(UTC),
            chat=_chat(chat_id),
            from_user=who,
            text=text,
            entities=entities,
            reply_to_message=replied,
        )
        self.fake.written.add((chat_id, message.message_id))
        await self._feed(Update(update_id=next(self._updates), message=message))

    async def migrate(self, who: User, old_chat_id: int, new_chat_id: int) -> None:
        """The group becomes a supergroup: Telegram tells both chats."""
        self.fake.migrated[old_chat_id] = new_chat_id
        told = [
            {"chat": _chat(old_chat_id), "migrate_to_chat_id": new_chat_id},
            {"chat": _chat(new_chat_id), "migrate_from_chat_id": old_chat_id},
        ]
        for fields in told:
            message = Message.model_validate(
                {
                    "message_id": next(self.fake._ids),
                    "date": datetime.now(UTC),
                    "from": who,
                    **fields,
                }
            )
            await self._feed(Update(update_id=next(self._updates), message=message))

    async def bot_status(self, who: User, chat_id: int, status: str) -> None:
        """Telegram tells the bot its membership changed: `who` blocked it ("kicked") in
        their private chat, removed it from a group ("left", "kicked"), made it an
        administrator of a group ("administrator", with every right but the owner's) or
        an ordinary member again ("member")."""
        rights: dict[str, Any] = {}
        if status == "administrator":
            rights = {
                name: name != "is_anonymous"
                for name in (
                    "can_be_edited",
                    "is_anonymous",
                    "can_manage_chat",
                    "can_delete_messages",
                    "can_manage_video_chats",
                    "can_restrict_members",
                    "can_promote_members",
                    "can_change_info",
                    "can_invite_users",
                    "can_post_stories",
                    "can_edit_stories",
                    "can_delete_stories",
                    "can_send_welcome_messages",
                )
            }
        update = Update.model_validate(
            {
                "update_id": next(self._updates),
                "my_chat_member": {
                    "chat": _chat(chat_id).model_dump(),
                    "from": who.model_dump(),
                    "date": datetime.now(UTC),
                    "old_chat_member": {"status": "member", "user": BOT_USER.model_dump()},
                    "new_chat_member": {
                        "status": status,
                        "user": BOT_USER.model_dump(),
                        **({"until_date": 0} if status == "kicked" else {}),
                        **rights,
                    },
                },
            }
        )
        await self._feed(update)

    async def press(self, who: User, message: StoredMessage, data: str) -> Call:
        """`who` presses a button carrying `data` on `message`; returns the one answer."""
        query_id = f"q{next(self._queries)}"
        self.fake.ephemerals.pressed(query_id, who.id, message.chat_id, on_ephemeral=False)
        await self._feed(self.press_update(who, message, data, query_id))
        return self.answer_to(query_id)

    async def press_ephemeral(self, who: User, message: Ephemeral, data: str) -> Call:
        """`who` presses a button carrying `data` on an ephemeral message of theirs."""
        assert message.receiver == who.id, "only its receiver sees an ephemeral message"
        query_id = f"q{next(self._queries)}"
        self.fake.ephemerals.pressed(query_id, who.id, message.chat_id, on_ephemeral=True)
        query = CallbackQuery(
            id=query_id,
            from_user=who,
            chat_instance=f"ci{message.chat_id}",
            message=ephemeral_message(message, _chat(message.chat_id), BOT_USER),
            data=data,
        )
        await self._feed(Update(update_id=next(self._updates), callback_query=query))
        return self.answer_to(query_id)

    async def inline_query(self, who: User, text: str, chat_type: str = "private") -> str:
        """`who` types the bot's name and `text` in a chat of `chat_type`; the query's id
        (its answer: `fake.inline.queries[id].answer`)."""
        query_id = f"iq{next(self._queries)}"
        self.fake.inline.asked(query_id, who.id, text, chat_type)
        query = InlineQueryUpdate(
            id=query_id, from_user=who, query=text, offset="", chat_type=chat_type
        )
        await self._feed(Update(update_id=next(self._updates), inline_query=query))
        return query_id

    async def choose(
        self, who: User, query_id: str, result_id: str, chat_id: int, *, told: int = 1
    ) -> InlineMessage | None:
        """`who` chooses a result of their query: it is posted in `chat_id`; the bot is
        told (`chosen_inline_result`) only when inline feedback is on, `told` times (an
        update handed again, as after a webhook's answer was lost)."""
        posted = self.fake.inline.choose(query_id, result_id, chat_id)
        if self.fake.inline.feedback:
            chosen = ChosenInlineResult(
                result_id=result_id,
                from_user=who,
                query=self.fake.inline.queries[query_id].query,
                inline_message_id=posted.inline_message_id if posted is not None else None,
            )
            for _ in range(told):
                update = Update(update_id=next(self._updates), chosen_inline_result=chosen)
                await self._feed(update)
        return posted

    async def press_inline(self, who: User, inline_message_id: str, data: str) -> Call:
        """`who` presses a button carrying `data` on an inline message; the one answer."""
        query_id = f"q{next(self._queries)}"
        query = CallbackQuery(
            id=query_id,
            from_user=who,
            chat_instance=f"ci-{inline_message_id}",
            inline_message_id=inline_message_id,
            data=data,
        )
        await self._feed(Update(update_id=next(self._updates), callback_query=query))
        return self.answer_to(query_id)

    async def private_message_id(self, game_id: str, user_id: int) -> int | None:
        """The id of `user_id`'s message for the game, as the bot remembers it."""
        sent = sent_of(await self.messages.field(game_id, private_field(user_id)))
        return None if sent is None else sent.message_id

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
