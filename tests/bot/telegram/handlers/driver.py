"""Driving a whole game through button presses, as a person would."""

from __future__ import annotations

from aiogram.types import User

from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import StoredMessage, TelegramHarness, alert_of, user

ALICE = user(1001, "Alice")


async def open_game(
    harness: TelegramHarness,
    variant: str,
    opponents: str | None,
    level: str,
    target: str,
    who: User = ALICE,
    clock: FakeClock | None = None,
) -> StoredMessage:
    """`who` sends /play, then the menu's choices by their button labels; returns the
    game message (the menu itself, or in pictures the photo that replaced it). With
    `clock` (Telegram's limits enforced), each press is a second after the last."""
    await harness.send(who, "/play")
    menu = harness.fake.last_in(who.id)
    for label in (variant, opponents, level, target):
        if not label:
            continue
        text = label
        if label == level:  # a level's button carries its rating: "Hard ≈ 1955"
            text = next(b.text for b in menu.buttons() if b.text.startswith(f"{level} ≈"))
        answer = await harness.press(who, menu, menu.button(text).callback_data or "")
        assert alert_of(answer) is None, alert_of(answer)
        if clock is not None:
            clock.advance(1)
            await harness.settle()
        kept = harness.fake.messages.get((menu.chat_id, menu.message_id))
        menu = kept if kept is not None else harness.fake.last_in(menu.chat_id)
    return menu


async def play_to_the_end(harness: TelegramHarness, game: StoredMessage, limit: int = 3000) -> int:
    """Press the first button until the Rematch button shows; returns the presses made."""
    for presses in range(limit):
        game = harness.fake.message(game.chat_id, game.message_id)
        buttons = game.buttons()
        assert buttons, f"a game message without buttons:\n{game.text}"
        if buttons[0].text == "Rematch":
            return presses
        answer = await harness.press(ALICE, game, buttons[0].callback_data or "")
        assert alert_of(answer) is None, (alert_of(answer), game.text)
    raise AssertionError("the match did not end")
