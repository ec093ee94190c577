"""The fake Telegram's inline mode (`tests.bot.fake_inline`) refuses what the Bot API
documents as refused, and posts and edits inline messages as documented."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.fake_inline import RESULTS_MOST, Inline, InlineRefusedError

KEYBOARD = {"inline_keyboard": [[{"text": "Join", "callback_data": "iv:1"}]]}


def article(result_id: str, markup: dict[str, Any] | None = KEYBOARD) -> dict[str, Any]:
    return {
        "type": "article",
        "id": result_id,
        "title": "Draw game",
        "input_message_content": {"message_text": "Ann invites you", "parse_mode": "HTML"},
        "reply_markup": markup,
    }


def asked(inline: Inline, query_id: str = "7") -> str:
    inline.asked(query_id, 1001, "draw", "private")
    return query_id


@pytest.mark.parametrize(
    ("results", "extra", "refusal"),
    [
        ([article(str(i)) for i in range(RESULTS_MOST + 1)], {}, "RESULTS_TOO_MUCH"),
        ([article("a"), article("a")], {}, "RESULT_ID_DUPLICATE"),
        ([article("")], {}, "RESULT_ID_INVALID"),
        ([article("x" * 65)], {}, "RESULT_ID_INVALID"),
        ([article("a")], {"next_offset": "o" * 65}, "NEXT_OFFSET_INVALID"),
        ([article("a")], {"button": {"text": "Open", "start_parameter": "a b"}}, "START_PARAM"),
    ],
)
def test_an_answer_telegram_refuses_is_refused(
    results: list[dict[str, Any]], extra: dict[str, Any], refusal: str
) -> None:
    inline = Inline()
    query_id = asked(inline)
    with pytest.raises(InlineRefusedError, match=refusal):
        inline.answer({"inline_query_id": query_id, "results": results, **extra})
    assert inline.queries[query_id].answer is None


def test_a_query_is_answered_once_and_an_unknown_one_not_at_all() -> None:
    inline = Inline()
    query_id = asked(inline)
    assert inline.answer({"inline_query_id": query_id, "results": [article("a")]})
    with pytest.raises(InlineRefusedError, match="query ID is invalid"):
        inline.answer({"inline_query_id": query_id, "results": [article("a")]})
    with pytest.raises(InlineRefusedError, match="query ID is invalid"):
        inline.answer({"inline_query_id": "nope", "results": []})


def test_a_chosen_result_has_an_inline_message_id_only_with_a_keyboard() -> None:
    inline = Inline()
    query_id = asked(inline)
    inline.answer({"inline_query_id": query_id, "results": [article("a"), article("b", None)]})
    assert inline.choose(query_id, "b", chat_id=-42) is None
    posted = inline.choose(query_id, "a", chat_id=-42)
    assert posted is not None
    assert (posted.chat_id, posted.by, posted.text) == (-42, 1001, "Ann invites you")
    assert inline.messages[posted.inline_message_id] is posted


def test_an_inline_message_is_edited_by_its_id_but_never_with_a_new_file() -> None:
    inline = Inline()
    query_id = asked(inline)
    inline.answer({"inline_query_id": query_id, "results": [article("a")]})
    posted = inline.choose(query_id, "a", chat_id=5)
    assert posted is not None
    where = {"inline_message_id": posted.inline_message_id}
    assert inline.edit({**where, "text": "The table", "reply_markup": None})
    assert (posted.text, posted.markup, posted.edits) == ("The table", None, 1)
    with pytest.raises(InlineRefusedError, match="not modified"):
        inline.edit({**where, "text": "The table", "reply_markup": None})
    with pytest.raises(InlineRefusedError, match="can't be uploaded"):
        inline.edit(where, media={"type": "photo", "media": "attach://table"})
    assert inline.edit(where, media={"type": "photo", "media": "AgAD-file", "caption": "c"})
    assert (posted.photo, posted.text) == ("AgAD-file", "c")
    with pytest.raises(InlineRefusedError, match="MESSAGE_ID_INVALID"):
        inline.edit({"inline_message_id": "forged", "text": "x"})
