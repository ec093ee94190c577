"""Replies outside the games' messages (`bot.telegram.delivery.replies`) under a full
pace: a menu press is answered at once, and the menu follows when its slot comes."""

from __future__ import annotations

import asyncio

import pytest

from bot.app import Pacing
from bot.game.worker import Rhythm
from bot.store.pace import Limit, Limits
from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import FakeTelegram, TelegramHarness, alert_of
from tests.bot.telegram.handlers.driver import ALICE

# The whole bot may make one call every five seconds: the /play menu takes it.
SLOW_BOT = Pacing(
    limits=Limits(private=Limit(1.0, 3), group=Limit(3.5, 3), bot=Limit(5.0, 1), groups=None),
    rhythm=Rhythm(bot_delay=0),
)


class GatedSleep:
    """Sleeps that wait for the test to open the gate, then move the clock on."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.gate = asyncio.Event()
        self.gate.set()

    async def __call__(self, seconds: float) -> None:
        await self.gate.wait()
        self.clock.advance(seconds)


@pytest.fixture
def sleep(clock: FakeClock) -> GatedSleep:
    return GatedSleep(clock)


@pytest.mark.parametrize("pace", [SLOW_BOT], indirect=True)
async def test_a_menu_press_is_answered_at_once_and_its_menu_follows_in_its_slot(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock, sleep: GatedSleep
) -> None:
    fake.limit(lambda: clock.now().timestamp())
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    harness.auto_settle = False
    pressed = clock.now().timestamp()
    sleep.gate.clear()  # whatever waits for its slot stays waiting
    answer = await harness.press(ALICE, menu, menu.button("Draw game").callback_data or "")
    assert alert_of(answer) is None  # answered without waiting
    assert "Game: Draw game" not in fake.message(menu.chat_id, menu.message_id).text
    sleep.gate.set()
    await harness.settle()
    assert "Game: Draw game" in fake.message(menu.chat_id, menu.message_id).text
    assert clock.now().timestamp() >= pressed + 5.0  # in the bot's next slot
    assert fake.floods == 0


@pytest.mark.parametrize("pace", [SLOW_BOT], indirect=True)
async def test_a_menu_shown_at_once_takes_one_slot(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    fake.limit(lambda: clock.now().timestamp())
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    clock.advance(5.0)  # the bot's next slot is free: the menu goes at once
    shown = clock.now().timestamp()
    await harness.press(ALICE, menu, menu.button("Draw game").callback_data or "")
    assert clock.now().timestamp() == shown
    await harness.send(ALICE, "/help")  # waits for the one slot after the menu's
    assert clock.now().timestamp() == shown + 5.0
    assert fake.floods == 0


@pytest.mark.parametrize("pace", [SLOW_BOT], indirect=True)
async def test_a_menu_due_later_whose_message_was_deleted_meanwhile_is_not_sent_again(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock, sleep: GatedSleep
) -> None:
    """The menu's message went meanwhile (a game that replaced it, the person): a stale
    menu sent anew would sit under whatever replaced it."""
    fake.limit(lambda: clock.now().timestamp())
    await harness.send(ALICE, "/play")
    menu = fake.last_in(ALICE.id)
    harness.auto_settle = False
    sleep.gate.clear()
    await harness.press(ALICE, menu, menu.button("Draw game").callback_data or "")
    del fake.messages[(menu.chat_id, menu.message_id)]
    sent = len(fake.named("sendMessage"))
    sleep.gate.set()
    await harness.settle()
    assert len(fake.named("sendMessage")) == sent
    assert not [m for (chat, _), m in fake.messages.items() if chat == ALICE.id]
    assert fake.floods == 0
