"""The latest wins: a person who presses faster than their chat may be written to sees
the state of their last press soon after it, and never a state older than one they
already saw (Telegram's limits per chat enforced: a message a second, two at once)."""

from __future__ import annotations

import re

import pytest

from bot.telegram.callbacks import HintData, MenuData
from bot.telegram.handlers.play import _menu_text as menu_text
from tests.bot.conftest import CHAT_LIMITS, FakeClock
from tests.bot.fake_telegram import Call, FakeTelegram, StoredMessage, TelegramHarness
from tests.bot.telegram.handlers.driver import ALICE, open_game
from texts import Texts

PRESS_EVERY = 0.3  # seconds: about three presses a second
SHOWN_WITHIN = 1.5  # seconds after the last press


def menus() -> list[MenuData]:
    """Nineteen changes of mind on the /play menu, then the choice that starts a game."""
    changing = [
        MenuData(variant="draw"),
        MenuData(variant="block"),
        MenuData(variant="draw", opponents=2),
        MenuData(variant="kozel", opponents=3),
        MenuData(variant="block", opponents=1),
        MenuData(variant="block", opponents=1, level="easy"),
        MenuData(variant="draw", opponents=3, level="hard"),
    ]
    presses = [changing[n % len(changing)] for n in range(19)]
    return [*presses, MenuData(variant="block", opponents=1, level="easy", target=50)]


def edits_of(fake: FakeTelegram, chat_id: int, message_id: int) -> list[tuple[float, Call]]:
    """Every call that changed the message, with when it was made."""
    return [
        (at, call)
        for at, call in fake.timed
        if call.params.get("chat_id") == chat_id and call.params.get("message_id") == message_id
    ]


@pytest.mark.parametrize("pace", [CHAT_LIMITS], indirect=True)
async def test_twenty_presses_on_the_menu_show_the_game_soon_after_the_last(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    fake.limit(lambda: clock.now().timestamp())
    fake.time_calls(lambda: clock.now().timestamp())
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    t = Texts().translator("en")
    pressed = [menu_text(choice, t) for choice in menus()]  # what each press would show
    for choice in menus():
        shown = fake.message(menu.chat_id, menu.message_id)
        await harness.press(ALICE, shown, choice.pack())
        await harness.elapse(PRESS_EVERY, step=0.1)
    last = clock.now().timestamp() - PRESS_EVERY
    await harness.elapse(3, step=0.1)
    edits = edits_of(fake, menu.chat_id, menu.message_id)
    game = [(at, c) for at, c in edits if "<b>Block game</b>" in c.params.get("text", "")]
    assert game, "the game was never shown"
    print(f"\ngame shown {game[0][0] - last:.2f} s after the last press; {len(edits)} edits")
    assert game[0][0] - last <= SHOWN_WITHIN
    # Each menu shown is a press's, never an older one after a newer one.
    menus_shown = [c.params["text"] for at, c in edits if at < game[0][0]]
    assert in_press_order(menus_shown, pressed[:-1]), menus_shown
    assert len(edits) <= 8  # far fewer than the presses: they folded
    assert fake.floods == 0


def in_press_order(texts: list[str], pressed: list[str]) -> bool:
    """Whether each text shown is that of a press no older than the one shown before it
    (a text that several presses share stands for any of them)."""
    at = 0
    for text in texts:
        later = [n for n in range(at, len(pressed)) if pressed[n] == text]
        if not later:
            return False
        at = later[0]
    return True


VERSION = re.compile(r":(\d+):")


def version_of(message: StoredMessage | Call) -> int:
    """The game version the message's buttons were drawn for."""
    markup = (
        message.markup if isinstance(message, StoredMessage) else message.params.get("reply_markup")
    )
    found = [
        int(m.group(1))
        for row in (markup.inline_keyboard if markup else [])
        for b in row
        if (m := VERSION.search(b.callback_data or ""))
    ]
    return max(found, default=0)


@pytest.mark.parametrize("pace", [CHAT_LIMITS], indirect=True)
async def test_ten_quick_presses_on_hints_and_tiles_show_the_latest_game(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    fake.limit(lambda: clock.now().timestamp())
    game = await open_game(harness, "Draw game", "1 bot", "Easy", "100", clock=clock)
    await harness.elapse(2)
    fake.time_calls(lambda: clock.now().timestamp())
    for n in range(10):
        shown = fake.message(game.chat_id, game.message_id)
        buttons = shown.buttons()
        hint = [b for b in buttons if (b.callback_data or "").startswith(HintData.__prefix__)]
        moves = [b for b in buttons if b not in hint and b.callback_data]
        pressed = hint[0] if n % 2 == 0 and hint else moves[0]
        await harness.press(ALICE, shown, pressed.callback_data or "")
        await harness.elapse(PRESS_EVERY, step=0.1)
    last = clock.now().timestamp() - PRESS_EVERY
    await harness.elapse(3, step=0.1)
    latest = await harness.storage.load_for_chat(ALICE.id)
    assert latest is not None
    edits = edits_of(fake, game.chat_id, game.message_id)
    versions = [version_of(call) for _, call in edits]
    assert versions == sorted(versions)  # never an older game after a newer one
    assert version_of(fake.message(game.chat_id, game.message_id)) == latest.version
    shown_at = next(at for at, call in edits if version_of(call) == latest.version)
    print(f"\nlatest shown {shown_at - last:.2f} s after the last press; {len(edits)} edits")
    assert shown_at - last <= SHOWN_WITHIN
    assert fake.floods == 0
