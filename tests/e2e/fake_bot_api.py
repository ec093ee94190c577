"""A fake Telegram Bot API over HTTP (aiohttp), for the real bot process to talk to
through TELEGRAM_API_URL. It answers as Telegram does:

- getUpdates is a long poll; an update stays queued until a later getUpdates confirms
  it (offset > update_id), so a bot killed before confirming gets it again after a
  restart; a second poll ends the pending one with 409 Conflict, and so does any poll
  while a webhook is set (setWebhook; deleteWebhook removes it);
- while a webhook is set, each queued update is posted to its URL with its secret
  (up to max_connections at once) and confirmed by a 2xx answer; any other outcome
  posts it again after a pause, as Telegram does; behind a proxy (`balance`), each
  post goes to one of several processes, chosen at random;
- every message of every chat is kept (id, text, buttons) and edited in place;
  photos too (sendPhoto, editMessageMedia, editMessageCaption, uploaded as
  multipart/form-data parts named by `attach://<name>`, or reused by file_id): the
  caption is kept in `text`, the bytes in `photo` (`photo_of` opens them with Pillow);
  editMessageMedia on a message without a photo is refused as Telegram refuses it;
  "message is not modified" for an edit that changes nothing; Telegram's HTML,
  4096 characters and 64 bytes of callback data are checked;
- 403 for a person who never started the bot and for a group the bot was removed
  from; 429 with retry_after when Telegram's limits are broken (counted);
- a callback query answered twice, or more than 15 s after it was sent, gets
  "query is too old".

Faults a scenario stages: Telegram refusing a chat's pictures (`refuse_pictures`: 400
"wrong file identifier" for sendPhoto and editMessageMedia there), a method failing
with 500 for a while, each answer slow if asked (`fail`), and anything done at the
moment Telegram carries out a call, before the bot hears of it (`once_taken`).

Every call is recorded with a monotonic timestamp and the token that made it (each
bot process of a test gets its own token, so calls say which process made them).
"""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from aiogram.types import ChatMemberAdministrator
from aiohttp import web
from PIL import Image

from tests.bot.fake_ephemeral import Ephemeral, Ephemerals
from tests.bot.fake_ephemeral import RefusedError as EphemeralRefusedError
from tests.bot.fake_inline import Inline, InlineMessage, InlineRefusedError
from tests.bot.fake_telegram import answer_url_taken, check_html

BOT_ID = 123456
BOT_USERNAME = "dominoes_e2e_bot"
ANSWER_WINDOW = 15.0  # seconds a callback query may wait for its answer
TEXT_LIMIT = 4096  # UTF-16 code units, once entities are parsed
CAPTION_LIMIT = 1024  # UTF-16 code units, once entities are parsed
ALERT_LIMIT = 200
CALLBACK_LIMIT = 64  # bytes of callback data
GROUP_WINDOW, GROUP_MOST = 60.0, 20
PRIVATE_RULES = ((1.0, 3), (10.0, 13))
BOT_WINDOW, BOT_MOST = 1.0, 30
# The fake runs in one event loop with everything a test does, so it may note a request
# after it came: a write counts in a window only when it is more than this, and more
# than the loop was late in the last second (`lateness`), inside it (Telegram would not
# see a delay the fake adds).
SLACK = 0.1
TICK = 0.01  # seconds between two looks at how late the loop is
SUPERGROUP_BELOW = -1_000_000_000_000
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
POST_AGAIN = 0.5  # seconds before an update whose post failed is posted again
POST_TIMEOUT = 60.0  # seconds Telegram waits for a webhook's answer
WEBHOOK = "webhook"  # who an update was handed to when it was posted (see `deliveries`)

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply "
    "markup are exactly the same as a current content and reply markup of the message"
)
NO_MEDIA = "Bad Request: there is no media in the message to edit"
NO_CAPTION = "Bad Request: there is no caption in the message to edit"
NO_TEXT = "Bad Request: there is no text in the message to edit"
WRONG_FILE = "Bad Request: wrong file identifier/HTTP URL specified"
NOT_AN_IMAGE = "Bad Request: IMAGE_PROCESS_FAILED"
TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
CANT_INITIATE = "Forbidden: bot can't initiate conversation with a user"
KICKED = "Forbidden: bot was kicked from the group chat"
SERVER_ERROR = "Internal Server Error"
CONFLICT = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)
WEBHOOK_IS_SET = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)

# What getUpdates delivers when the bot does not say (allowed_updates).
UPDATE_KINDS = frozenset(
    {
        "message",
        "edited_message",
        "channel_post",
        "edited_channel_post",
        "inline_query",
        "chosen_inline_result",
        "callback_query",
        "shipping_query",
        "pre_checkout_query",
        "poll",
        "poll_answer",
        "my_chat_member",
        "chat_join_request",
        "chat_boost",
        "removed_chat_boost",
    }
)
DEFAULT_UPDATES = UPDATE_KINDS
WRITES = frozenset(
    {
        "sendMessage",
        "editMessageText",
        "editMessageReplyMarkup",
        "sendPhoto",
        "editMessageMedia",
        "editMessageCaption",
        # An ephemeral message is written to its group (counted there, as far as the fake
        # knows: Telegram does not say).
        "editEphemeralMessageText",
        "editEphemeralMessageCaption",
        "editEphemeralMessageMedia",
        "editEphemeralMessageReplyMarkup",
    }
)
_JSON_FIELDS = frozenset(
    {
        "reply_markup",
        "reply_parameters",
        "commands",
        "scope",
        "allowed_updates",
        "entities",
        "link_preview_options",
        "message_ids",
        "media",
        "caption_entities",
        "ephemeral_message_parameters",
        "results",
        "button",
    }
)
_INT_FIELDS = frozenset(
    {
        "chat_id",
        "message_id",
        "user_id",
        "offset",
        "limit",
        "timeout",
        "cache_time",
        "max_connections",
        "receiver_user_id",
        "ephemeral_message_id",
    }
)
_BOOL_FIELDS = frozenset(
    {
        "show_alert",
        "drop_pending_updates",
        "disable_notification",
        "show_caption_above_media",
        "has_spoiler",
        "is_personal",
    }
)


@dataclass(frozen=True, slots=True)
class Someone:
    """A Telegram user."""

    id: int
    first_name: str
    language_code: str = "en"

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "is_bot": False,
            "first_name": self.first_name,
            "language_code": self.language_code,
        }


@dataclass(frozen=True, slots=True)
class Upload:
    """A file sent as a part of multipart form data (where `attach://<name>` pointed)."""

    name: str
    filename: str | None
    data: bytes


@dataclass
class StoredMessage:
    """A message of the bot as Telegram keeps it. `revision` grows with each change,
    `changed_at` says when the last one was (monotonic). For a photo, `text` is its
    caption ("" for none) and `photo` its bytes (`file_id` their id); None for text."""

    chat_id: int
    message_id: int
    text: str  # as sent (Telegram HTML)
    markup: dict[str, Any] | None
    changed_at: float
    revision: int = 0
    deleted: bool = False
    photo: bytes | None = None
    file_id: str | None = None

    def changed(self, at: float) -> None:
        self.revision += 1
        self.changed_at = at

    def buttons(self) -> list[dict[str, Any]]:
        if self.markup is None:
            return []
        return [b for row in self.markup.get("inline_keyboard", []) for b in row]

    def labels(self) -> list[str]:
        return [str(b.get("text", "")) for b in self.buttons()]

    def button(self, label: str) -> dict[str, Any]:
        matching = [b for b in self.buttons() if b.get("text") == label]
        assert matching, f"no button {label!r} in {self.labels()} of:\n{self.text}"
        return matching[0]

    def data_starting(self, prefix: str) -> list[str]:
        """The callback data of the buttons whose data starts with `prefix`."""
        return [
            str(b["callback_data"])
            for b in self.buttons()
            if str(b.get("callback_data", "")).startswith(prefix)
        ]


@dataclass
class Call:
    """One request: its method, its decoded parameters, when it came (monotonic), which
    token made it, and how it was answered (status 0 while a long poll waits)."""

    method: str
    params: dict[str, Any]
    at: float
    token: str
    status: int = 0
    description: str | None = None

    @property
    def ok(self) -> bool:
        return self.status == 200


@dataclass(frozen=True, slots=True)
class Flood:
    """A write refused with 429: to which chat, when, the limit it broke, how long
    before it the writes it counted came, and how late the fake's loop was meanwhile."""

    chat_id: int
    at: float
    rule: str
    before: list[float]
    late: float = 0.0


@dataclass(frozen=True, slots=True)
class Outage:
    """`method` fails with `status` until `until` (monotonic), in `chat_id` (every chat
    when None), each answer `slow` seconds after the call came."""

    method: str
    until: float
    chat_id: int | None = None
    status: int = 500
    slow: float = 0.0

    def hits(self, method: str, chat_id: Any, now: float) -> bool:
        return (
            method == self.method
            and now < self.until
            and (self.chat_id is None or chat_id == self.chat_id)
        )


@dataclass
class _Query:
    pushed_at: float
    answered: bool = False


class ApiError(Exception):
    """A refusal, answered as Telegram answers it."""

    def __init__(self, status: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.retry_after = retry_after


@dataclass
class _Poll:
    generation: int = 0
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class FakeBotApi:
    """The fake server (see the module's doc). `start()` it in the running loop; its
    `url` is the bot's TELEGRAM_API_URL.

    Configure: `unreachable` (people who never started the bot: 403 in their private
    chat until they write to it), `gone` (groups the bot was removed from: 403 for
    anything about them), `statuses` (getChatMember per (chat, user); "member" unless
    said: "left", "creator", "administrator"), `titles` (group titles), and the faults
    (`refuse_pictures`, `fail`, `once_taken`)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.unreachable: set[int] = set()
        self.gone: set[int] = set()
        self.statuses: dict[tuple[int, int], str] = {}
        self.titles: dict[int, str] = {}
        self.pictures_refused: set[int] = set()  # chats whose photos Telegram refuses
        # Ephemeral messages (Bot API 10.2), kept as documented (tests/bot/fake_ephemeral.py).
        self.ephemerals = Ephemerals(clock)
        self.bot_admin_in: set[int] = set()  # groups where the bot is an administrator
        # Inline mode, kept as documented (tests/bot/fake_inline.py).
        self.inline = Inline()
        self.outages: list[Outage] = []
        self._once_taken: list[tuple[str, int, Callable[[], None]]] = []
        self.floods: list[Flood] = []  # the 429s answered because a limit was broken
        self.unknown: list[str] = []  # methods the fake does not implement, if asked
        self.deliveries: dict[int, list[str]] = {}  # update_id: the tokens it went to
        self.written: set[tuple[int, int]] = set()  # people's messages: (chat, message id)
        self._calls: list[Call] = []
        self._messages: dict[int, dict[int, StoredMessage]] = {}
        self._next_message: dict[int, itertools.count[int]] = {}
        self._file_ids = itertools.count(1)
        self.files: dict[str, bytes] = {}  # file_id: the photo uploaded under it
        self._people: dict[int, Someone] = {}
        self._queue: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._queries: dict[str, _Query] = {}
        self._query_updates: dict[str, int] = {}
        self._answers: dict[str, list[Call]] = {}
        self._writes: dict[int, list[float]] = {}
        self._poll = _Poll()
        self._wanted = DEFAULT_UPDATES
        self.webhook: dict[str, Any] | None = None  # setWebhook's parameters while set
        self._webhook_token = ""  # the token that set it: a webhook reply's method is its
        self._posting: asyncio.Task[None] | None = None
        self._targets: list[str] = []  # see `balance`
        self._spread = random.Random(0)
        self._changed = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._late: list[tuple[float, float]] = []  # (when, how late the loop was)
        self._probe: asyncio.Task[None] | None = None

    @property
    def flood_count(self) -> int:
        """How many 429s were answered because a limit was broken."""
        return len(self.floods)

    # -- the server ----------------------------------------------------------------------------

    @property
    def url(self) -> str:
        assert self._port, "the fake Bot API is not started"
        return f"http://127.0.0.1:{self._port}"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self._port = int(self._runner.addresses[0][1])
        self._probe = asyncio.ensure_future(self._measure_lateness())

    async def _measure_lateness(self) -> None:
        """How late the loop wakes a sleep of one tick, kept for a few seconds."""
        while not self._closing:
            before = self.clock()
            await asyncio.sleep(TICK)
            now = self.clock()
            self._late.append((now, now - before - TICK))
            if len(self._late) > 1000:
                del self._late[:500]

    def lateness(self, now: float, span: float = 1.0) -> float:
        """How late, at most, the fake's loop was in the last `span` seconds: a request
        it notes now may have come that much before."""
        return max((late for at, late in self._late if at > now - span), default=0.0)

    async def close(self) -> None:
        self._closing = True
        self._poll.wake.set()
        if self._probe is not None:
            self._probe.cancel()
            with suppress(asyncio.CancelledError):
                await self._probe
        if self._posting is not None:
            self._posting.cancel()
            with suppress(asyncio.CancelledError):
                await self._posting
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        token, method = request.match_info["token"], request.match_info["method"]
        status, body = await self._carry_out(method, await _params(request), token)
        return web.json_response(body, status=status)

    async def _carry_out(
        self, method: str, params: dict[str, Any], token: str
    ) -> tuple[int, dict[str, Any]]:
        """One request, recorded and answered: the status and the body Telegram gives."""
        call = Call(method, params, self.clock(), token)
        self._calls.append(call)
        if method == "answerCallbackQuery":
            query_id = str(call.params.get("callback_query_id"))
            self._answers.setdefault(query_id, []).append(call)
        if method == "setWebhook":
            self._webhook_token = token
        try:
            if token.split(":", 1)[0] != str(BOT_ID):
                raise ApiError(401, "Unauthorized")
            result = await self._answer(method, call.params, token)
        except ApiError as error:
            call.status, call.description = error.status, error.description
            body: dict[str, Any] = {
                "ok": False,
                "error_code": error.status,
                "description": error.description,
            }
            if error.retry_after is not None:
                body["parameters"] = {"retry_after": error.retry_after}
            self._touch()
            return error.status, body
        call.status = 200
        for staged in [s for s in self._once_taken if s[:2] == (method, params.get("chat_id"))]:
            self._once_taken.remove(staged)
            staged[2]()
        self._touch()
        return 200, {"ok": True, "result": result}

    async def _reply_method(self, answer: aiohttp.ClientResponse) -> None:
        """Carry out the method a bot gave in its reply to a webhook post (multipart
        form data, as aiogram writes it), as Telegram does; its outcome reaches no one."""
        if not answer.content_type.startswith("multipart/"):
            await answer.read()
            return
        reader = aiohttp.MultipartReader.from_response(answer)
        raw: dict[str, str] = {}
        while (part := await reader.next()) is not None:
            if isinstance(part, aiohttp.BodyPartReader) and part.name is not None:
                raw[part.name] = await part.text()
        method = raw.pop("method", None)
        if method is not None:
            params = {name: _decode(name, value) for name, value in raw.items()}
            await self._carry_out(method, params, self._webhook_token)

    def _touch(self) -> None:
        """Something changed: wake whoever waits for a change."""
        self._changed.set()
        self._changed = asyncio.Event()

    # -- the methods -----------------------------------------------------------------------------

    async def _answer(self, method: str, params: dict[str, Any], token: str) -> Any:
        if method == "getUpdates":
            ready = await self._get_updates(params)
            for update in ready:
                self.deliveries.setdefault(update["update_id"], []).append(token)
            return ready
        chat_id = params.get("chat_id")
        if isinstance(chat_id, int) and chat_id in self.gone:
            raise ApiError(403, KICKED)
        now = self.clock()
        for outage in self.outages:
            # A call Telegram failed to carry out changed nothing: it counts against no
            # limit.
            if outage.hits(method, chat_id, now):
                await asyncio.sleep(outage.slow)
                raise ApiError(outage.status, SERVER_ERROR)
        if params.get("inline_message_id") is not None:
            return self._edit_inline(method, params)
        if method in WRITES:
            assert isinstance(chat_id, int), f"{method} without a numeric chat_id"
            if chat_id > 0 and chat_id in self.unreachable:
                raise ApiError(403, CANT_INITIATE)
            self._check_limits(chat_id)
        handler = _METHODS.get(method)
        if handler is None:
            self.unknown.append(method)
            raise ApiError(404, "Not Found: method not found")
        return handler(self, params)

    def _answer_inline_query(self, params: dict[str, Any]) -> Any:
        try:
            return self.inline.answer(params)
        except InlineRefusedError as refused:
            raise ApiError(400, f"Bad Request: {refused}") from None

    def _edit_inline(self, method: str, params: dict[str, Any]) -> Any:
        """An edit of an inline message, named by its id (no chat)."""
        try:
            if method == "editMessageText":
                self._checked(params)
                return self.inline.edit(params)
            if method == "editMessageReplyMarkup":
                return self.inline.edit(params)
            if method == "editMessageMedia":
                return self.inline.edit(params, media=params["media"])
        except InlineRefusedError as refused:
            raise ApiError(400, f"Bad Request: {refused}") from None
        raise ApiError(400, f"Bad Request: {method} does not take an inline message")

    def _get_me(self, _params: dict[str, Any]) -> Any:
        return {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Dominoes",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": True,
        }

    def _true(self, _params: dict[str, Any]) -> Any:
        return True

    def _set_webhook(self, params: dict[str, Any]) -> Any:
        self.webhook = params
        if params.get("allowed_updates"):
            self._wanted = frozenset(params["allowed_updates"])
        if self._posting is None or self._posting.done():
            self._posting = asyncio.create_task(self._post_updates())
        return True

    def _delete_webhook(self, _params: dict[str, Any]) -> Any:
        self.webhook = None
        return True

    async def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        if self.webhook is not None:
            raise ApiError(409, WEBHOOK_IS_SET)
        offset = int(params.get("offset", 0))
        limit = int(params.get("limit", 100)) or 100
        deadline = self.clock() + min(float(params.get("timeout", 0)), 50.0)
        if offset > 0:
            self._queue = [u for u in self._queue if u["update_id"] >= offset]  # confirmed
        wanted = params.get("allowed_updates")
        if wanted:  # from now on, updates of other kinds are not made at all
            self._wanted = frozenset(wanted)
        # A new poll ends the one still waiting (Telegram's 409 Conflict).
        poll = self._poll
        poll.generation += 1
        mine = poll.generation
        poll.wake.set()
        poll.wake = asyncio.Event()
        while True:
            if poll.generation != mine:
                raise ApiError(409, CONFLICT)
            ready = [u for u in self._queue if u["update_id"] >= offset][:limit]
            left = deadline - self.clock()
            if ready or self._closing or left <= 0:
                return ready
            wake = poll.wake
            with suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), left)

    # -- the webhook: Telegram posts the updates -------------------------------------------------

    async def _post_updates(self) -> None:
        """While the webhook is set: post each queued update (up to max_connections at
        once); a 2xx answer confirms it, anything else posts it again later."""
        posting: dict[int, asyncio.Task[None]] = {}
        timeout = aiohttp.ClientTimeout(total=POST_TIMEOUT)
        async with aiohttp.ClientSession(timeout=timeout) as http:
            try:
                while self.webhook is not None and not self._closing:
                    hook = self.webhook
                    most = int(hook.get("max_connections", 40))
                    for update in list(self._queue):
                        update_id = update["update_id"]
                        if len(posting) >= most:
                            break
                        if update_id not in posting:
                            task = asyncio.create_task(self._post(http, hook, update))
                            posting[update_id] = task
                            task.add_done_callback(partial(_forget, posting, update_id))
                    await self.changes(0.25)
            finally:
                for task in list(posting.values()):
                    task.cancel()
                await asyncio.gather(*posting.values(), return_exceptions=True)

    async def _post(
        self, http: aiohttp.ClientSession, hook: dict[str, Any], update: dict[str, Any]
    ) -> None:
        update_id = update["update_id"]
        url = self._target(hook["url"])
        handed = WEBHOOK if not self._targets else f"{WEBHOOK} {url}"
        self.deliveries.setdefault(update_id, []).append(handed)
        status = await self.post_to_webhook(update, hook.get("secret_token"), http, url)
        if 200 <= status < 300:
            self._queue = [u for u in self._queue if u["update_id"] != update_id]
        else:
            await asyncio.sleep(POST_AGAIN)
        self._touch()

    async def post_to_webhook(
        self,
        update: Mapping[str, Any],
        secret: str | None,
        http: aiohttp.ClientSession | None = None,
        url: str | None = None,
    ) -> int:
        """Post one update to `url` (by default where the webhook posts) with `secret`
        in its header (none when None); returns the HTTP status, 0 when no answer came."""
        assert self.webhook is not None, "no webhook is set"
        headers = {} if secret is None else {SECRET_HEADER: secret}
        own = http is None
        client = aiohttp.ClientSession() if http is None else http
        try:
            target = url or self._target(self.webhook["url"])
            async with client.post(target, json=update, headers=headers) as answer:
                if 200 <= answer.status < 300:
                    await self._reply_method(answer)
                else:
                    await answer.read()
                return answer.status
        except (aiohttp.ClientError, TimeoutError):
            return 0
        finally:
            if own:
                await client.close()

    def balance(self, targets: Sequence[str], rng: random.Random) -> None:
        """Stand for a load-balancing proxy at the webhook's URL: from now on each post
        goes to one of `targets` (base URLs, `http://host:port`), chosen with `rng` (the
        scenario's seeded chance), at the webhook URL's path. A post to a target that is
        down fails and is posted again, maybe elsewhere (Telegram's retry)."""
        self._targets = list(targets)
        self._spread = rng

    def _target(self, url: str) -> str:
        if not self._targets:
            return url
        parts = urlsplit(url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        return self._spread.choice(self._targets) + path

    def _check_reply(self, chat_id: int, params: dict[str, Any]) -> None:
        """A new message's reply_parameters, as Telegram checks them: the message it
        answers must be found, unless it may stand alone (allow_sending_without_reply)."""
        reply = params.get("reply_parameters")
        if not isinstance(reply, dict):
            return
        message_id = int(reply["message_id"])
        found = (chat_id, message_id) in self.written or message_id in self._messages.get(
            chat_id, {}
        )
        if not found and not reply.get("allow_sending_without_reply"):
            raise ApiError(400, "Bad Request: message to be replied not found")

    def _send_message(self, params: dict[str, Any]) -> Any:
        chat_id = int(params["chat_id"])
        text, markup = self._checked(params)
        if params.get("ephemeral_message_parameters") is not None:
            return self._send_ephemeral(chat_id, params, text, markup)
        self._check_reply(chat_id, params)
        message = StoredMessage(chat_id, self._message_id(chat_id), text, markup, self.clock())
        self._messages.setdefault(chat_id, {})[message.message_id] = message
        return self._message_dict(message)

    def _send_photo(self, params: dict[str, Any]) -> Any:
        chat_id = int(params["chat_id"])
        if chat_id in self.pictures_refused:
            raise ApiError(400, WRONG_FILE)
        caption, markup = self._checked_caption(params.get("caption"), params)
        if params.get("ephemeral_message_parameters") is not None:
            shown = self._photo(params.get("photo"))
            return self._send_ephemeral(chat_id, params, caption, markup, shown)
        self._check_reply(chat_id, params)
        file_id, photo = self._photo(params.get("photo"))
        message = StoredMessage(chat_id, self._message_id(chat_id), caption, markup, self.clock())
        message.photo, message.file_id = photo, file_id
        self._messages.setdefault(chat_id, {})[message.message_id] = message
        return self._message_dict(message)

    def _edit_message_media(self, params: dict[str, Any]) -> Any:
        stored = self._stored(params, "message to edit not found")
        media = params.get("media")
        if not isinstance(media, dict) or media.get("type") != "photo":
            raise ApiError(400, "Bad Request: can't parse InputMedia JSON object")
        if stored.photo is None:
            raise ApiError(400, NO_MEDIA)
        if stored.chat_id in self.pictures_refused:
            raise ApiError(400, WRONG_FILE)
        caption, markup = self._checked_caption(media.get("caption"), {**params, **media})
        file_id, photo = self._photo(media.get("media"))
        if (photo, caption, markup) == (stored.photo, stored.text, stored.markup):
            raise ApiError(400, NOT_MODIFIED)
        stored.photo, stored.file_id = photo, file_id
        stored.text, stored.markup = caption, markup
        stored.changed(self.clock())
        return self._message_dict(stored)

    def _edit_message_caption(self, params: dict[str, Any]) -> Any:
        stored = self._stored(params, "message to edit not found")
        if stored.photo is None:
            raise ApiError(400, NO_CAPTION)
        caption, markup = self._checked_caption(params.get("caption"), params)
        if (caption, markup) == (stored.text, stored.markup):
            raise ApiError(400, NOT_MODIFIED)
        stored.text, stored.markup = caption, markup
        stored.changed(self.clock())
        return self._message_dict(stored)

    def _send_ephemeral(
        self,
        chat_id: int,
        params: dict[str, Any],
        text: str,
        markup: Any,
        photo: tuple[str, bytes] | None = None,
    ) -> Any:
        shown_to = params["ephemeral_message_parameters"]
        member = self.statuses.get((chat_id, int(shown_to["receiver_user_id"]))) != "left"
        try:
            sent = self.ephemerals.send(
                chat_id,
                chat_id < 0,
                shown_to,
                text,
                markup,
                admin=chat_id in self.bot_admin_in,
                member=member,
                photo=photo,
            )
        except EphemeralRefusedError as refused:
            raise ApiError(400, f"Bad Request: {refused}") from None
        return self._ephemeral_dict(sent)

    def _ephemeral_dict(self, sent: Ephemeral) -> dict[str, Any]:
        """An ephemeral message as Telegram gives it back: no message id, its own."""
        out = {
            "message_id": 0,
            "date": int(time.time()),
            "chat": self._chat_dict(sent.chat_id),
            "from": self._get_me({}),
            "ephemeral_message_id": sent.ephemeral_id,
            "receiver_user": self._people.get(
                sent.receiver, Someone(sent.receiver, "Someone")
            ).as_dict(),
        }
        out["text" if sent.photo is None else "caption"] = _plain(sent.text)
        if sent.markup is not None:
            out["reply_markup"] = sent.markup
        return out

    def _edit_ephemeral(self, params: dict[str, Any], kind: str) -> Any:
        """editEphemeralMessage{Text, Caption, Media, ReplyMarkup}."""
        try:
            stored = self.ephemerals.stored(params)
        except EphemeralRefusedError as refused:
            raise ApiError(400, f"Bad Request: {refused}") from None
        markup = params.get("reply_markup")
        _check_markup(markup)
        text, photo = stored.text, stored.photo
        if kind == "text":
            if stored.photo is not None:
                raise ApiError(400, NO_TEXT)
            text, markup = self._checked(params)
        elif kind == "caption":
            if stored.photo is None:
                raise ApiError(400, NO_CAPTION)
            text, markup = self._checked_caption(params.get("caption"), params)
        elif kind == "media":
            media = params.get("media")
            if not isinstance(media, dict) or stored.photo is None:
                raise ApiError(400, NO_MEDIA)
            text, markup = self._checked_caption(media.get("caption"), {**params, **media})
            stored.file_id, photo = self._photo(media.get("media"))
        if (text, markup, photo) == (stored.text, stored.markup, stored.photo):
            raise ApiError(400, NOT_MODIFIED)
        stored.text, stored.markup, stored.photo = text, markup, photo
        return True

    def _delete_ephemeral(self, params: dict[str, Any]) -> Any:
        try:
            return self.ephemerals.delete(params)
        except EphemeralRefusedError as refused:
            raise ApiError(400, f"Bad Request: {refused}") from None

    def _photo(self, photo: Any) -> tuple[str, bytes]:
        """The file_id and bytes of a photo given as an upload or as a known file_id."""
        if isinstance(photo, Upload):
            try:
                with Image.open(io.BytesIO(photo.data)) as image:
                    image.verify()
            except Exception:
                raise ApiError(400, NOT_AN_IMAGE) from None
            file_id = f"photo-{next(self._file_ids)}"
            self.files[file_id] = photo.data
            return file_id, photo.data
        if isinstance(photo, str) and photo in self.files:
            return photo, self.files[photo]
        raise ApiError(400, WRONG_FILE)

    def _edit_message_text(self, params: dict[str, Any]) -> Any:
        stored = self._stored(params, "message to edit not found")
        if stored.photo is not None:
            raise ApiError(400, NO_TEXT)
        text, markup = self._checked(params)
        if stored.text == text and stored.markup == markup:
            raise ApiError(400, NOT_MODIFIED)
        stored.text, stored.markup = text, markup
        stored.changed(self.clock())
        return self._message_dict(stored)

    def _edit_message_reply_markup(self, params: dict[str, Any]) -> Any:
        stored = self._stored(params, "message to edit not found")
        markup = params.get("reply_markup")
        _check_markup(markup)
        if stored.markup == markup:
            raise ApiError(400, NOT_MODIFIED)
        stored.markup = markup
        stored.changed(self.clock())
        return self._message_dict(stored)

    def _delete_message(self, params: dict[str, Any]) -> Any:
        stored = self._stored(params, "message to delete not found")
        stored.deleted = True
        stored.changed(self.clock())
        return True

    def _delete_messages(self, params: dict[str, Any]) -> Any:
        """Telegram deletes what it can of the list and answers True."""
        chat_id = params.get("chat_id")
        for message_id in params.get("message_ids", []):
            with suppress(ApiError):
                stored = self._stored({"chat_id": chat_id, "message_id": message_id}, "")
                stored.deleted = True
                stored.changed(self.clock())
        return True

    def _answer_callback_query(self, params: dict[str, Any]) -> Any:
        query = self._queries.get(str(params.get("callback_query_id", "")))
        if query is None or query.answered or self.clock() - query.pushed_at > ANSWER_WINDOW:
            raise ApiError(400, TOO_OLD)
        if len(str(params.get("text", ""))) > ALERT_LIMIT:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        url = params.get("url")
        if url is not None and not answer_url_taken(str(url), BOT_USERNAME):
            raise ApiError(400, "Bad Request: URL_INVALID")
        query.answered = True
        return True

    def _get_chat_member(self, params: dict[str, Any]) -> Any:
        chat_id, user_id = int(params["chat_id"]), int(params["user_id"])
        who = self._people.get(user_id, Someone(user_id, "Someone")).as_dict()
        status = self.statuses.get((chat_id, user_id), "member")
        if status == "creator":
            return {"status": "creator", "user": who, "is_anonymous": False}
        if status == "administrator":
            rights = {
                name: False
                for name, info in ChatMemberAdministrator.model_fields.items()
                if info.is_required() and info.annotation is bool
            }
            return {"status": "administrator", "user": who, **rights}
        return {"status": status, "user": who}

    def _get_chat(self, params: dict[str, Any]) -> Any:
        chat = self._chat_dict(int(params["chat_id"]))
        gifts = ("unlimited_gifts", "limited_gifts", "unique_gifts", "premium_subscription")
        return {
            **chat,
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": dict.fromkeys((*gifts, "gifts_from_channels"), False),
        }

    # -- checks as Telegram makes them -----------------------------------------------------------

    def _check_limits(self, chat_id: int) -> None:
        now = self.clock()
        everything = self._writes.setdefault(0, [])
        mine = self._writes.setdefault(chat_id, [])
        late = self.lateness(now)
        rules = [(everything, BOT_WINDOW, BOT_MOST, "the bot")]
        if chat_id < 0:
            rules.append((mine, GROUP_WINDOW, GROUP_MOST, "the group"))
        else:
            rules += [(mine, window, most, "the chat") for window, most in PRIVATE_RULES]
        for times, window, most, whose in rules:
            recent = [t for t in times if t > now - window + SLACK + late]
            if len(recent) >= most:
                rule = f"{whose}: {most} writes in {window:.0f} s"
                self.floods.append(
                    Flood(
                        chat_id,
                        now,
                        rule + f" late {self.lateness(now):.3f}",
                        [now - t for t in recent],
                    )
                )
                wait = max(1, math.ceil(recent[-most] + window - now))
                raise ApiError(429, f"Too Many Requests: retry after {wait}", retry_after=wait)
        everything.append(now)
        mine.append(now)

    def _checked(self, params: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
        text, plain = self._parsed(params.get("text", ""), params)
        if not plain.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        if len(plain.encode("utf-16-le")) // 2 > TEXT_LIMIT:
            raise ApiError(400, "Bad Request: message is too long")
        markup = params.get("reply_markup")
        _check_markup(markup)
        return text, markup

    def _checked_caption(
        self, caption: Any, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any] | None]:
        """A caption ("" for none) and the markup, checked as Telegram checks them;
        `params` says the parse_mode."""
        text, plain = self._parsed(caption or "", params)
        if len(plain.encode("utf-16-le")) // 2 > CAPTION_LIMIT:
            raise ApiError(400, "Bad Request: message caption is too long")
        markup = params.get("reply_markup")
        _check_markup(markup)
        return text, markup

    @staticmethod
    def _parsed(raw: Any, params: dict[str, Any]) -> tuple[str, str]:
        """The text as sent, and as shown (its HTML checked, when `params` says HTML)."""
        text = str(raw)
        if params.get("parse_mode") != "HTML":
            return text, text
        try:
            return text, check_html(text)
        except ValueError as exc:
            raise ApiError(400, f"Bad Request: {exc}") from None

    def _stored(self, params: dict[str, Any], missing: str) -> StoredMessage:
        chat = self._messages.get(int(params["chat_id"]), {})
        stored = chat.get(int(params.get("message_id", 0)))
        if stored is None or stored.deleted:
            raise ApiError(400, f"Bad Request: {missing}")
        return stored

    # -- shapes ----------------------------------------------------------------------------------

    def _message_id(self, chat_id: int) -> int:
        return next(self._next_message.setdefault(chat_id, itertools.count(1)))

    def _chat_dict(self, chat_id: int) -> dict[str, Any]:
        if chat_id > 0:
            person = self._people.get(chat_id, Someone(chat_id, "Someone"))
            return {"id": chat_id, "type": "private", "first_name": person.first_name}
        kind = "supergroup" if chat_id < SUPERGROUP_BELOW else "group"
        return {"id": chat_id, "type": kind, "title": self.titles.get(chat_id, "Dominoes night")}

    def _message_dict(self, message: StoredMessage) -> dict[str, Any]:
        out: dict[str, Any] = {
            "message_id": message.message_id,
            "date": int(time.time()),
            "chat": self._chat_dict(message.chat_id),
            "from": self._get_me({}),
        }
        if message.photo is None:
            out["text"] = _plain(message.text)
        else:
            with Image.open(io.BytesIO(message.photo)) as image:
                width, height = image.size
            out["photo"] = [
                {
                    "file_id": message.file_id,
                    "file_unique_id": f"u{message.file_id}",
                    "width": width,
                    "height": height,
                    "file_size": len(message.photo),
                }
            ]
            if message.text:
                out["caption"] = _plain(message.text)
        if message.markup is not None:
            out["reply_markup"] = message.markup
        return out

    # -- what people do (the tests' side) --------------------------------------------------------

    def push_update(self, update: Mapping[str, Any]) -> int:
        """Queue an update for the bot (unless it said it wants none of its kind);
        returns the update_id it was given (its own, if it has one)."""
        update_id = int(update.get("update_id") or next(self._update_ids))
        if _kind(update) in self._wanted:
            self._queue.append({**update, "update_id": update_id})
        self._poll.wake.set()
        self._poll.wake = asyncio.Event()
        self._touch()
        return update_id

    def write(self, who: Someone, text: str, chat_id: int | None = None) -> int:
        """`who` sends `text` in `chat_id` (their private chat by default; writing to the
        bot there starts it). A leading /command gets its entity, as Telegram marks it."""
        self._people[who.id] = who
        chat_id = who.id if chat_id is None else chat_id
        if chat_id == who.id:
            self.unreachable.discard(who.id)
        return self.push_update(self.message_update(who, text, chat_id))

    def message_update(self, who: Someone, text: str, chat_id: int | None = None) -> dict[str, Any]:
        """The update of `who` sending `text` in `chat_id`, with an update_id of its own,
        not queued (see `write`)."""
        chat_id = who.id if chat_id is None else chat_id
        message_id = self._message_id(chat_id)
        self.written.add((chat_id, message_id))
        message: dict[str, Any] = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": self._chat_dict(chat_id),
            "from": who.as_dict(),
            "text": text,
        }
        if text.startswith("/"):
            command = text.split(maxsplit=1)[0]
            length = len(command.encode("utf-16-le")) // 2
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        return {"update_id": next(self._update_ids), "message": message}

    def press(
        self,
        who: Someone,
        message: StoredMessage,
        *,
        label: str | None = None,
        data: str | None = None,
    ) -> str:
        """`who` presses a button of `message`, found by its `label`, or sends any callback
        `data` from it (a forged press). Returns the callback query's id."""
        self._people[who.id] = who
        if label is not None:
            data = str(message.button(label)["callback_data"])
        assert data is not None, "a press needs a label or data"
        return self._pressed(who, message.chat_id, self._message_dict(message), data, False)

    def inline_query(self, who: Someone, text: str, chat_type: str = "private") -> str:
        """`who` types the bot's name and `text` in a chat; the query's id (its answer:
        `inline.queries[id].answer`, once the bot gives it)."""
        self._people[who.id] = who
        query_id = f"iq{next(self._query_ids)}"
        self.inline.asked(query_id, who.id, text, chat_type)
        self.push_update(
            {
                "inline_query": {
                    "id": query_id,
                    "from": who.as_dict(),
                    "query": text,
                    "offset": "",
                    "chat_type": chat_type,
                }
            }
        )
        return query_id

    def choose(self, who: Someone, query_id: str, result_id: str, chat_id: int) -> InlineMessage:
        """`who` chooses a result of their query: it is posted in `chat_id` (a chat the bot
        need not be in); the bot is told only with inline feedback on."""
        posted = self.inline.choose(query_id, result_id, chat_id)
        assert posted is not None, "a result with no keyboard has no inline message id"
        if self.inline.feedback:
            chosen = {
                "result_id": result_id,
                "from": who.as_dict(),
                "query": self.inline.queries[query_id].query,
                "inline_message_id": posted.inline_message_id,
            }
            self.push_update({"chosen_inline_result": chosen})
        self._touch()
        return posted

    def press_inline(self, who: Someone, inline_message_id: str, data: str) -> str:
        """`who` presses a button carrying `data` on an inline message. Returns the
        callback query's id."""
        self._people[who.id] = who
        query_id = str(next(self._query_ids))
        self._queries[query_id] = _Query(self.clock())
        self._query_updates[query_id] = self.push_update(
            {
                "callback_query": {
                    "id": query_id,
                    "from": who.as_dict(),
                    "inline_message_id": inline_message_id,
                    "chat_instance": f"ci-{inline_message_id}",
                    "data": data,
                }
            }
        )
        return query_id

    def press_ephemeral(self, who: Someone, message: Ephemeral, data: str) -> str:
        """`who` presses a button carrying `data` on an ephemeral message of theirs.
        Returns the callback query's id."""
        assert message.receiver == who.id, "only its receiver sees an ephemeral message"
        self._people[who.id] = who
        return self._pressed(who, message.chat_id, self._ephemeral_dict(message), data, True)

    def _pressed(
        self, who: Someone, chat_id: int, message: dict[str, Any], data: str, ephemeral: bool
    ) -> str:
        query_id = str(next(self._query_ids))
        self._queries[query_id] = _Query(self.clock())
        self.ephemerals.pressed(query_id, who.id, chat_id, on_ephemeral=ephemeral)
        self._query_updates[query_id] = self.push_update(
            {
                "callback_query": {
                    "id": query_id,
                    "from": who.as_dict(),
                    "message": message,
                    "chat_instance": f"ci{chat_id}",
                    "data": data,
                }
            }
        )
        return query_id

    def refuse_pictures(self, chat_id: int) -> None:
        """From now on Telegram refuses every photo sent to the chat, or put in one of
        its messages (400 "wrong file identifier/HTTP URL specified")."""
        self.pictures_refused.add(chat_id)

    def fail(
        self, method: str, seconds: float, chat_id: int | None = None, *, slow: float = 0.0
    ) -> None:
        """`method` answers 500 for the next `seconds` (in `chat_id` only, unless None),
        each answer `slow` seconds after the call came."""
        self.outages.append(Outage(method, self.clock() + seconds, chat_id, slow=slow))

    def once_taken(self, method: str, chat_id: int, then: Callable[[], None]) -> None:
        """When Telegram next carries out `method` in `chat_id`, `then()` runs before the
        bot is answered: a fault staged just after a call went out, before the bot can
        write down that it did."""
        self._once_taken.append((method, chat_id, then))

    def block(self, who: Someone) -> int:
        """`who` blocks the bot: 403 in their chat from now on, and Telegram tells the
        bot (my_chat_member)."""
        self.unreachable.add(who.id)
        return self._membership(who, who.id, "kicked")

    def remove_from(self, chat_id: int, by: Someone) -> int:
        """`by` removes the bot from the group: 403 for anything about it from now on,
        and Telegram tells the bot (my_chat_member)."""
        self.gone.add(chat_id)
        return self._membership(by, chat_id, "left")

    def _membership(self, who: Someone, chat_id: int, status: str) -> int:
        self._people[who.id] = who
        new: dict[str, Any] = {"status": status, "user": self._get_me({})}
        if status == "kicked":
            new["until_date"] = 0
        return self.push_update(
            {
                "my_chat_member": {
                    "chat": self._chat_dict(chat_id),
                    "from": who.as_dict(),
                    "date": int(time.time()),
                    "old_chat_member": {"status": "member", "user": self._get_me({})},
                    "new_chat_member": new,
                }
            }
        )

    # -- what tests look at ----------------------------------------------------------------------

    def calls(self, method: str | None = None, *, token: str | None = None) -> list[Call]:
        """The calls made (of `method`, by `token`), in order."""
        return [
            c
            for c in self._calls
            if (method is None or c.method == method) and (token is None or c.token == token)
        ]

    def delivered(self, query_id: str) -> bool:
        """Whether the bot has been handed the query's update (by any getUpdates)."""
        return bool(self.handed_to(query_id))

    def handed_to(self, query_id: str) -> list[str]:
        """The tokens of the processes the query's update was handed to, in order."""
        return self.deliveries.get(self._query_updates.get(query_id, 0), [])

    def answers_to(self, query_id: str) -> list[Call]:
        """The answerCallbackQuery calls for a query (refused ones too)."""
        return list(self._answers.get(query_id, ()))

    def messages_in(self, chat_id: int) -> list[StoredMessage]:
        """The bot's messages in the chat that are still there, oldest first."""
        chat = self._messages.get(chat_id, {})
        return [chat[i] for i in sorted(chat) if not chat[i].deleted]

    def last_in(self, chat_id: int) -> StoredMessage:
        messages = self.messages_in(chat_id)
        assert messages, f"no message in chat {chat_id}"
        return messages[-1]

    def photo_of(self, chat_id: int, message_id: int) -> Image.Image:
        """The photo the message holds now, opened (and loaded) with Pillow."""
        stored = self._messages.get(chat_id, {}).get(message_id)
        assert stored is not None, f"no message {message_id} in chat {chat_id}"
        assert stored.photo is not None, f"message {message_id} in {chat_id} holds no photo"
        image = Image.open(io.BytesIO(stored.photo))
        image.load()
        return image

    def sent_texts(self, chat_id: int) -> list[str]:
        """The texts of every message sent to the chat (not the edits), in order."""
        return [
            str(c.params.get("text", ""))
            for c in self._calls
            if c.method == "sendMessage" and c.ok and c.params.get("chat_id") == chat_id
        ]

    def pending_updates(self) -> int:
        """Updates not yet confirmed by the bot."""
        return len(self._queue)

    async def changes(self, timeout: float) -> None:
        """Wait for the next change (a call answered, an update queued), `timeout` at most."""
        changed = self._changed
        with suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), timeout)

    async def wait_until(self, ready: Callable[[], bool], timeout: float, what: str) -> None:
        """Return as soon as `ready()`; AssertionError naming `what` after `timeout` s."""
        deadline = self.clock() + timeout
        while not ready():
            left = deadline - self.clock()
            if left <= 0:
                raise AssertionError(f"waited {timeout:.0f} s for {what}")
            await self.changes(min(left, 0.5))


_METHODS: dict[str, Callable[[FakeBotApi, dict[str, Any]], Any]] = {
    "getMe": FakeBotApi._get_me,
    "setMyCommands": FakeBotApi._true,
    "deleteMyCommands": FakeBotApi._true,
    "setWebhook": FakeBotApi._set_webhook,
    "deleteWebhook": FakeBotApi._delete_webhook,
    "sendMessage": FakeBotApi._send_message,
    "editMessageText": FakeBotApi._edit_message_text,
    "editMessageReplyMarkup": FakeBotApi._edit_message_reply_markup,
    "sendPhoto": FakeBotApi._send_photo,
    "editMessageMedia": FakeBotApi._edit_message_media,
    "editMessageCaption": FakeBotApi._edit_message_caption,
    "deleteMessage": FakeBotApi._delete_message,
    "deleteMessages": FakeBotApi._delete_messages,
    "answerCallbackQuery": FakeBotApi._answer_callback_query,
    "getChatMember": FakeBotApi._get_chat_member,
    "getChat": FakeBotApi._get_chat,
    "answerInlineQuery": FakeBotApi._answer_inline_query,
    "editEphemeralMessageText": lambda api, p: api._edit_ephemeral(p, "text"),
    "editEphemeralMessageCaption": lambda api, p: api._edit_ephemeral(p, "caption"),
    "editEphemeralMessageMedia": lambda api, p: api._edit_ephemeral(p, "media"),
    "editEphemeralMessageReplyMarkup": lambda api, p: api._edit_ephemeral(p, "markup"),
    "deleteEphemeralMessage": FakeBotApi._delete_ephemeral,
}


async def _params(request: web.Request) -> dict[str, Any]:
    """The request's parameters, decoded: aiogram's AiohttpSession sends multipart form
    data, complex fields JSON-encoded and numbers as text, and each file as a part of
    its own that a field names as `attach://<part>` (such a reference is replaced by
    the `Upload`, in a field or in a JSON object's "media"); JSON bodies and query
    strings are read too."""
    raw: dict[str, Any] = dict(request.query)
    if request.content_type == "application/json":
        body = await request.json()
        return {**raw, **body}
    files: dict[str, Upload] = {}
    if request.can_read_body:
        form = await request.post()
        for name, value in form.items():
            if isinstance(value, str):
                raw[name] = value
            elif isinstance(value, web.FileField):
                files[name] = Upload(name, value.filename, value.file.read())
            else:  # bytes: a part without a filename
                files[name] = Upload(name, None, bytes(value))
    params = {name: _decode(name, value) for name, value in raw.items()}
    return {name: _attached(value, files) for name, value in params.items()}


def _attached(value: Any, files: Mapping[str, Upload]) -> Any:
    """`value` with its `attach://<part>` references replaced by the uploads."""
    if isinstance(value, str) and value.startswith("attach://"):
        return files.get(value.removeprefix("attach://"), value)
    if isinstance(value, dict):
        return {k: _attached(v, files) for k, v in value.items()}
    if isinstance(value, list):
        return [_attached(v, files) for v in value]
    return value


def _forget(posting: dict[int, asyncio.Task[None]], update_id: int, _: object) -> None:
    """A post ended (a done callback): the update may be posted again if still queued."""
    posting.pop(update_id, None)


def _kind(update: Mapping[str, Any]) -> str:
    """The kind of an update: its one field besides update_id."""
    return next(k for k in update if k != "update_id")


def _decode(name: str, value: str) -> Any:
    if name in _JSON_FIELDS:
        return json.loads(value)
    if name in _INT_FIELDS:
        try:
            return int(value)
        except ValueError:
            return value  # "@channel": not a number
    if name in _BOOL_FIELDS:
        return value == "true"
    return value


def _check_markup(markup: Any) -> None:
    if markup is None:
        return
    rows = markup.get("inline_keyboard") if isinstance(markup, dict) else None
    if not isinstance(rows, list):
        raise ApiError(400, "Bad Request: can't parse reply keyboard markup JSON object")
    for row in rows:
        for button in row:
            data = str(button.get("callback_data", ""))
            if not button.get("text") or len(data.encode()) > CALLBACK_LIMIT:
                raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")


def _plain(text: str) -> str:
    try:
        return check_html(text)
    except ValueError:
        return text
