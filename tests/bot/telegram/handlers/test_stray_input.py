"""Input the bot does not understand in a private chat: during a game it is told what
the game waits for; otherwise how to start one."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

from aiogram.types import Chat, Message, Update, User

from bot.game.games import Games
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.handlers.driver import ALICE, open_game
from texts import Texts

_UPDATES = itertools.count(900_000)


async def send_sticker(harness: TelegramHarness, who: User) -> None:
    message = Message.model_validate(
        {
            "message_id": next(_UPDATES),
            "date": datetime.now(UTC),
            "chat": Chat(id=who.id, type="private"),
            "from": who,
            "sticker": {
                "file_id": "sticker",
                "file_unique_id": "sticker",
                "type": "regular",
                "width": 512,
                "height": 512,
                "is_animated": False,
                "is_video": False,
            },
        }
    )
    await harness.dp.feed_update(harness.bot, Update(update_id=next(_UPDATES), message=message))
    await harness.settle()


async def test_during_a_game_stray_input_is_told_it_is_their_move(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    your_move = texts.get("en", "status-your-move")
    for stray in ("hello?", "/frobnicate"):
        await harness.send(ALICE, stray)
        assert harness.fake.last_in(ALICE.id).text == your_move, stray
    # /leave is for a seat among people: a game against the bots ends with /stop.
    await harness.send(ALICE, "/leave")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "leave-none")
    await send_sticker(harness, ALICE)
    assert harness.fake.last_in(ALICE.id).text == your_move


async def test_between_hands_stray_input_is_told_to_deal(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    for _ in range(300):
        game = harness.fake.message(game.chat_id, game.message_id)
        first = game.buttons()[0]
        if first.text == "Next hand":
            break
        assert alert_of(await harness.press(ALICE, game, first.callback_data or "")) is None
    else:
        raise AssertionError("the hand did not end")
    await harness.send(ALICE, "ok, and now?")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "status-hand-over")


async def test_without_a_live_game_stray_input_gets_the_hint(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    await send_sticker(harness, ALICE)
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "stray-text")
    await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    await harness.send(ALICE, "/stop")
    confirm = harness.fake.last_in(ALICE.id)
    await harness.press(ALICE, confirm, confirm.button("Yes, abandon it").callback_data or "")
    assert await games.live_for_chat(ALICE.id) is None
    await harness.send(ALICE, "/frobnicate")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "stray-text")
