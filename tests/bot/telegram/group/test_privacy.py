"""The privacy guard every group test runs under (`tests.bot.telegram.group.privacy`):
it catches a hidden tile sent where it may not be seen, judged by the game as it was
when the call was made."""

from __future__ import annotations

from aiogram.methods import SendMessage

from tests.bot.fake_telegram import Call, TelegramHarness
from tests.bot.telegram.group.driver import ALICE, BOB, GROUP, game_in, open_lobby, table, tap
from tests.bot.telegram.group.privacy import PrivacyGuard


async def test_a_hidden_tile_sent_to_the_group_or_another_player_is_caught(
    harness: TelegramHarness, privacy: PrivacyGuard
) -> None:
    await open_lobby(harness)
    await tap(harness, BOB.id, await table(harness), "Join")
    await tap(harness, ALICE.id, await table(harness), "Start")
    game = await game_in(harness)
    alice = game.seat_of(ALICE.id)
    assert alice is not None
    tile = sorted(game.seat_view(alice).hand)[0]
    text = f"{tile.low}|{tile.high}"
    for chat_id in (GROUP, BOB.id, ALICE.id):
        await privacy(
            Call(SendMessage(chat_id=chat_id, text=text), {"chat_id": chat_id, "text": text})
        )
    caught = list(privacy.violations)
    privacy.violations.clear()  # planted here: the fixture's check would fail the test
    assert caught == [f"chat {GROUP} was shown [{tile!r}]", f"chat {BOB.id} was shown [{tile!r}]"]
