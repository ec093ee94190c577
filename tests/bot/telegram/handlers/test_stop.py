"""/stop in a private chat: one live confirmation per game; buttons of an older bot."""

from __future__ import annotations

from bot.game.games import Games
from bot.telegram.callbacks import StopData
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.handlers.driver import ALICE, open_game
from texts import Texts

YES, NO = "Yes, abandon it", "No, keep playing"


async def test_a_second_stop_replaces_the_first_confirmation(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    await harness.send(ALICE, "/stop")
    first = harness.fake.last_in(ALICE.id)
    first_yes = first.button(YES).callback_data or ""
    await harness.send(ALICE, "/stop")
    second = harness.fake.last_in(ALICE.id)
    assert second.message_id != first.message_id
    answer = await harness.press(ALICE, first, first_yes)
    assert alert_of(answer) == texts.get("en", "stop-outdated")
    assert await games.live_for_chat(ALICE.id) is not None
    await harness.press(ALICE, second, second.button(YES).callback_data or "")
    assert await games.live_for_chat(ALICE.id) is None
    assert harness.fake.message(ALICE.id, second.message_id).text == texts.get("en", "stop-done")


async def test_a_stop_button_of_an_older_bot_no_longer_works(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    game = await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    record = await games.for_chat(ALICE.id)
    assert record is not None
    old = StopData(game=record.game_id, confirm=True).pack()
    answer = await harness.press(ALICE, game, old)
    assert alert_of(answer) == texts.get("en", "refusal-unknown-button")
    assert await games.live_for_chat(ALICE.id) is not None
