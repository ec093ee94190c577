"""A deal anyone can check, in a direct game played through the dispatcher: every
hand's deal code is shown while it is played, its secret by the 🔑 button under its
result and not before, and the secret rebuilds exactly the hands each seat was dealt."""

from __future__ import annotations

import re

import pytest

from bot.game.games import Games
from bot.game.state import Finished
from core.deal import SecretDealer
from core.fair import HandSecret, bots_seed
from tests.bot.fake_telegram import Call, StoredMessage, TelegramHarness, alert_of
from tests.bot.telegram.handlers.driver import ALICE, open_game
from tests.core.dealt import played_hands

CODE = re.compile(r"Deal code: <code>([0-9a-f]{16})</code>")
SECRET = re.compile(r"Deal secret: <code>((?:draw|block|kozel)-[2-4]-[0-9a-f]{64})</code>")
HAND = re.compile(r"· hand (\d+) ·")
SECRET_OF = re.compile(r", hand (\d+)</b>")  # the heading of the secret 🔑 sends


@pytest.mark.parametrize(
    ("variant", "opponents", "level", "target"),
    [("Kozel", None, "Medium", "100"), ("Draw game", "2 bots", "Easy", "100")],
)
async def test_every_revealed_deal_checks_against_the_code_shown_when_it_was_dealt(
    harness: TelegramHarness,
    games: Games,
    variant: str,
    opponents: str | None,
    level: str,
    target: str,
) -> None:
    """R2, R8.3: the code while the hand is played; the secret by 🔑 with its result."""
    shown: list[str] = []

    async def watch(call: Call) -> None:
        if call.params.get("chat_id") == ALICE.id and "text" in call.params:
            shown.append(call.params["text"])

    harness.fake.observers.append(watch)
    game = await open_game(harness, variant, opponents, level, target)
    await play_pressing_the_key(harness, game)
    record = await games.for_chat(ALICE.id)
    assert record is not None
    assert isinstance(record.state, Finished)
    match = record.state.match

    codes: dict[int, set[str]] = {}
    secrets: dict[int, set[str]] = {}
    for text in shown:
        for code in CODE.findall(text):
            codes.setdefault(int(HAND.findall(text)[0]), set()).add(code)
        for secret in SECRET.findall(text):
            # Shown with its own hand's result only, never while that hand is played.
            assert CODE.search(text) is None, text
            secrets.setdefault(int(SECRET_OF.findall(text)[0]), set()).add(secret)
    played = played_hands(match)
    assert len(played) == len(match.state.results) > 1
    assert sorted(secrets) == sorted(codes) == [hand.hand_no for hand in played]
    for hand in played:
        (text,) = secrets[hand.hand_no]
        (code,) = codes[hand.hand_no]
        secret = HandSecret.parse(text)
        assert secret.commitment == code
        rebuilt = secret.rebuild()
        assert rebuilt.deal == hand.deal  # every seat's hand, and the boneyard in order
        assert [(r.seat, r.reason) for r in rebuilt.redeals] == list(hand.redeals)

    # The match secret is in the store alone; the bots' seed is derived apart from it.
    dealer = match.state.dealer
    assert isinstance(dealer, SecretDealer)
    assert len(dealer.secret) == 32
    assert record.state.seed == bots_seed(dealer.secret)
    revealed = {HandSecret.parse(s).key for texts in secrets.values() for s in texts}
    assert record.state.seed.to_bytes(32, "big") not in revealed
    assert not any(dealer.secret.hex() in text for text in shown)


async def play_pressing_the_key(harness: TelegramHarness, game: StoredMessage) -> None:
    """Press the first button until the Rematch button shows, and 🔑 under every
    hand's result first."""
    for _ in range(3000):
        game = harness.fake.message(game.chat_id, game.message_id)
        buttons = game.buttons()
        over = buttons[0].text == "Rematch"
        keys = [b for b in buttons if b.text.startswith("🔑")]
        for button in keys if over else [*keys, buttons[0]]:
            answer = await harness.press(ALICE, game, button.callback_data or "")
            assert alert_of(answer) is None, (alert_of(answer), game.text)
        if over:
            return
    raise AssertionError("the match did not end")
