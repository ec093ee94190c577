"""Hints and the coach in a direct game, through the buttons a person presses, in every
language: the 💡 button's answer, the hints counted under the match's result, and the
coach's line under a hand's result."""

from __future__ import annotations

import pytest

from bot.game import advice
from bot.game.games import Games
from bot.game.state import HandOver, InMatch
from bot.telegram.render.advice import coach_line
from core.variants import Variant
from tests.bot.fake_telegram import StoredMessage, TelegramHarness, alert_of, user
from tests.bot.telegram.handlers.driver import open_game
from texts import LANGUAGES, Texts
from texts.render import variant_name


async def open_direct(harness: TelegramHarness, texts: Texts, lang: str) -> StoredMessage:
    """Alice (speaking `lang`) opens a draw game against one expert bot, to 50."""
    t = texts.translator(lang)
    alice = user(1001, "Alice", language_code=lang)
    opponents, level = t("btn-opponents", count=1), t("level-expert")
    return await open_game(harness, variant_name(Variant.DRAW, t), opponents, level, "50", alice)


def moves_of(message: StoredMessage, hint_label: str) -> list[str]:
    return [b.text for b in message.buttons() if b.text != hint_label]


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_hint_names_a_button_and_is_counted_once_in_the_result(
    harness: TelegramHarness, texts: Texts, lang: str
) -> None:
    alice = user(1001, "Alice", language_code=lang)
    hint_label = texts.get(lang, "btn-hint")
    rematch = texts.get(lang, "btn-rematch")
    game = await open_direct(harness, texts, lang)
    asked = 0
    for _ in range(3000):
        game = harness.fake.message(game.chat_id, game.message_id)
        buttons = game.buttons()
        assert buttons, game.text
        if buttons[0].text == rematch:
            break
        hint = next((b for b in buttons if b.text == hint_label), None)
        moves = moves_of(game, hint_label)
        if hint is not None and asked < 2:
            answer = await harness.press(alice, game, hint.callback_data or "")
            said = alert_of(answer)
            assert said is not None
            assert said.startswith("💡"), said
            named = [m for m in moves if m in said]
            assert named, f"{said!r} names none of {moves}"
            assert len(said) <= 200  # an alert's limit
            game = harness.fake.message(game.chat_id, game.message_id)
            again = await harness.press(alice, game, game.buttons()[-1].callback_data or "")
            assert alert_of(again) == said  # the same decision: the same hint, counted once
            asked += 1
            game = harness.fake.message(game.chat_id, game.message_id)
            buttons = game.buttons()
        answer = await harness.press(alice, game, buttons[0].callback_data or "")
        assert alert_of(answer) is None, alert_of(answer)
    else:
        raise AssertionError("the match did not end")
    assert asked == 2
    assert texts.get(lang, "hints-used", count=2) in game.text


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_coach_names_the_costliest_move_under_the_hands_result(
    harness: TelegramHarness, games: Games, texts: Texts, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Any move the expert rates below its best makes a note: the line must show.
    monkeypatch.setattr(advice, "COACH_THRESHOLD", 0.0)
    alice = user(1001, "Alice", language_code=lang)
    hint_label = texts.get(lang, "btn-hint")
    game = await open_direct(harness, texts, lang)
    for _ in range(300):
        record = await games.for_chat(alice.id)
        assert record is not None
        assert isinstance(record.state, InMatch)
        if isinstance(record.state, HandOver):
            break
        game = harness.fake.message(game.chat_id, game.message_id)
        buttons = game.buttons()
        hint = next((b for b in buttons if b.text == hint_label), None)
        press = [b for b in buttons if b.text != hint_label][-1]
        if hint is not None:  # play a move the expert rates below its pick
            said = alert_of(await harness.press(alice, game, hint.callback_data or "")) or ""
            game = harness.fake.message(game.chat_id, game.message_id)
            moves = [b for b in game.buttons() if b.text != hint_label]
            best = min((m for m in moves if m.text in said), key=lambda m: said.index(m.text))
            press = next(m for m in reversed(moves) if m.text != best.text)
        answer = await harness.press(alice, game, press.callback_data or "")
        assert alert_of(answer) is None, alert_of(answer)
    else:
        raise AssertionError("the hand did not end")
    seat = record.human(0)
    assert seat.coach is not None, "no move of the hand cost anything"
    hand_no = record.state.match.state.hand_no
    line = coach_line(seat, hand_no, texts.translator(lang))
    assert line is not None
    assert line.startswith("🎓")
    shown = harness.fake.message(game.chat_id, game.message_id).text
    assert line in shown
    assert shown.count("🎓") == 1


async def test_the_coach_never_names_a_move_its_hint_recommended(
    harness: TelegramHarness, games: Games, texts: Texts, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Any worse move would be named; the coach judges a hinted decision as the hint did.
    monkeypatch.setattr(advice, "COACH_THRESHOLD", 0.0)
    alice = user(1001, "Alice", language_code="en")
    game = await open_direct(harness, texts, "en")
    hinted = 0
    for _ in range(300):
        record = await games.for_chat(alice.id)
        assert record is not None
        if isinstance(record.state, HandOver):
            break
        game = harness.fake.message(game.chat_id, game.message_id)
        buttons = game.buttons()
        hint = next((b for b in buttons if b.text == "💡 Hint"), None)
        press = buttons[0]
        if hint is not None:
            said = alert_of(await harness.press(alice, game, hint.callback_data or "")) or ""
            game = harness.fake.message(game.chat_id, game.message_id)
            moves = [b for b in game.buttons() if b.text != "💡 Hint"]
            press = min((m for m in moves if m.text in said), key=lambda m: said.index(m.text))
            hinted += 1
        answer = await harness.press(alice, game, press.callback_data or "")
        assert alert_of(answer) is None, alert_of(answer)
    else:
        raise AssertionError("the hand did not end")
    assert hinted >= 2
    assert record.human(0).coach is None
    assert "🎓" not in harness.fake.message(game.chat_id, game.message_id).text
