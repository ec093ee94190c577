"""Hints and the coach belong to direct games: a group's game shows neither, to anyone
(the coach's line would tell the table what a player did wrong)."""

from __future__ import annotations

import pytest

from bot.game import advice
from bot.game.seats import HumanSeat
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import kozel_of_four, play_to_hand_over
from texts import LANGUAGES, Texts


async def test_no_hint_button_and_no_coach_line_in_a_group_game(
    harness: TelegramHarness, texts: Texts, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advice, "COACH_THRESHOLD", 0.0)  # any worse move would be named
    await kozel_of_four(harness)
    record = await play_to_hand_over(harness)

    hint_labels = {texts.get(lang, "btn-hint") for lang in LANGUAGES}
    keyboards = 0
    for call in harness.fake.calls:
        for key in ("text", "caption"):
            assert "🎓" not in str(call.params.get(key) or "")
        markup = call.params.get("reply_markup")
        rows = getattr(markup, "inline_keyboard", None) or []
        assert not {b.text for row in rows for b in row} & hint_labels
        keyboards += bool(rows)
    assert keyboards > 10  # the moves' buttons were looked at
    people = [s for s in record.seats if isinstance(s, HumanSeat)]
    assert len(people) == 4
    assert all(p.coach is None and p.hints == 0 for p in people)
