"""Telegram's inline mode as the tests' fake Telegram keeps it: inline queries, their
answers, the results people choose (posted in a chat the bot need not be in), and the
messages so posted, which only the bot's buttons and edits reach.

What the Bot API documents, and the fake does:
- an inline query (`inline_query`: id, from, query, offset, chat_type) is answered with
  `answerInlineQuery`, once; "no more than 50 results per query are allowed"; each
  result's `id` is 1 to 64 bytes, unique in the answer; `next_offset` at most 64 bytes;
  the answer button's `start_parameter` 1 to 64 characters of A-Z, a-z, 0-9, _ and -;
- choosing a result posts its `input_message_content` with its `reply_markup` in the
  chat the query was typed in; the posted message has an `inline_message_id` "only if
  there is an inline keyboard attached to the message";
- `chosen_inline_result` (result id, from, query, inline message id) reaches the bot
  only when inline feedback is on (@BotFather's /setinlinefeedback): `feedback`;
- a press on a button of such a message is a callback query with its
  `inline_message_id` and `chat_instance`, and no `message`;
- `editMessageText`, `editMessageReplyMarkup` and `editMessageMedia` name it by
  `inline_message_id` (and no chat) and answer True; "when an inline message is edited,
  a new file can't be uploaded": a picture must come by file id or URL.

The fake's refusals use its own wording (Telegram's exact texts are not documented
for each case); what matters to the bot is that they are 400s."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import count
from typing import Any

RESULTS_MOST = 50
ID_BYTES = 64
_START_PARAMETER = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class InlineRefusedError(Exception):
    """What Telegram answers with a 400 (the text after "Bad Request: ")."""


@dataclass
class InlineQuery:
    """A query someone typed: who, what, and in which kind of chat."""

    query_id: str
    user_id: int
    query: str
    chat_type: str
    answer: list[dict[str, Any]] | None = None  # the results, once answered


@dataclass
class InlineMessage:
    """A result posted in a chat: what it shows, and who posted it from which query."""

    inline_message_id: str
    chat_id: int  # where it was posted (the bot may not be there)
    by: int
    result_id: str
    query: str
    text: str
    markup: Any  # the fake's own form of a keyboard (a dict)
    parse_mode: str | None = None
    photo: str | None = None  # a file id or URL
    edits: int = 0


@dataclass
class Inline:
    """Every inline query and posted inline message; `feedback`: whether the bot gets
    `chosen_inline_result` updates."""

    feedback: bool = False
    queries: dict[str, InlineQuery] = field(default_factory=dict)
    messages: dict[str, InlineMessage] = field(default_factory=dict)
    _ids: count[int] = field(default_factory=lambda: count(1))

    def asked(self, query_id: str, user_id: int, query: str, chat_type: str) -> None:
        """Someone typed `query` after the bot's name (the fake sends the update)."""
        self.queries[query_id] = InlineQuery(query_id, user_id, query, chat_type)

    def answer(self, params: dict[str, Any]) -> bool:
        """`answerInlineQuery`, checked as documented."""
        asked = self.queries.get(str(params["inline_query_id"]))
        if asked is None or asked.answer is not None:
            raise InlineRefusedError(
                "query is too old and response timeout expired or query ID is invalid"
            )
        results = list(params.get("results") or [])
        if len(results) > RESULTS_MOST:
            raise InlineRefusedError("RESULTS_TOO_MUCH")
        ids = [str(r.get("id", "")) for r in results]
        if any(not 1 <= len(i.encode()) <= ID_BYTES for i in ids):
            raise InlineRefusedError("RESULT_ID_INVALID")
        if len(set(ids)) != len(ids):
            raise InlineRefusedError("RESULT_ID_DUPLICATE")
        offset = params.get("next_offset") or ""
        if len(offset.encode()) > ID_BYTES:
            raise InlineRefusedError("NEXT_OFFSET_INVALID")
        button = params.get("button") or {}
        start = button.get("start_parameter")
        if start is not None and not _START_PARAMETER.match(str(start)):
            raise InlineRefusedError("START_PARAM_INVALID")
        asked.answer = results
        return True

    def choose(self, query_id: str, result_id: str, chat_id: int) -> InlineMessage | None:
        """The person who typed the query chooses a result: it is posted in `chat_id`.
        Returns the posted message when it has an inline keyboard (only then does it
        have an inline message id); None otherwise (it is posted all the same)."""
        asked = self.queries[query_id]
        assert asked.answer is not None, "a query the bot did not answer offers nothing"
        (result,) = [r for r in asked.answer if str(r["id"]) == result_id]
        content = result.get("input_message_content") or {}
        markup = result.get("reply_markup")
        if not markup:
            return None
        inline_id = f"AgAAA{next(self._ids):06d}"
        posted = InlineMessage(
            inline_id,
            chat_id,
            asked.user_id,
            result_id,
            asked.query,
            str(content.get("message_text", "")),
            markup,
            content.get("parse_mode"),
        )
        self.messages[inline_id] = posted
        return posted

    def edit(self, params: dict[str, Any], *, media: dict[str, Any] | None = None) -> bool:
        """An edit named by `inline_message_id`: its words, its buttons, or its picture
        (`media`: a file id or URL only)."""
        posted = self.messages.get(str(params["inline_message_id"]))
        if posted is None:
            raise InlineRefusedError("MESSAGE_ID_INVALID")
        if media is not None:
            source = str(media.get("media", ""))
            if source.startswith("attach://"):
                raise InlineRefusedError("a new file can't be uploaded to an inline message")
            posted.photo = source
            posted.text = str(media.get("caption", ""))
        else:
            text = str(params.get("text", posted.text))
            markup = params.get("reply_markup", posted.markup)
            if (text, markup) == (posted.text, posted.markup):
                raise InlineRefusedError("message is not modified")
            posted.text = text
        if "reply_markup" in params:
            posted.markup = params["reply_markup"]
        posted.edits += 1
        return True
