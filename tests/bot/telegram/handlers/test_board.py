"""/board and /score in a private chat: the game sent anew at the bottom of the chat,
and the scores of a game that was stopped; /board in the command menus."""

from __future__ import annotations

from aiogram import Bot

from bot.game.games import Games
from bot.telegram.dispatcher import register_commands
from tests.bot.fake_telegram import FakeTelegram, StoredMessage, TelegramHarness, alert_of
from tests.bot.telegram.handlers.driver import ALICE, open_game
from texts import LANGUAGES, Texts


async def game_message(harness: TelegramHarness, games: Games) -> StoredMessage:
    record = await games.for_chat(ALICE.id)
    assert record is not None
    message_id = await harness.private_message_id(record.game_id, ALICE.id)
    assert message_id is not None
    return harness.fake.message(ALICE.id, message_id)


async def stop_it(harness: TelegramHarness) -> None:
    await harness.send(ALICE, "/stop")
    confirm = harness.fake.last_in(ALICE.id)
    await harness.press(ALICE, confirm, confirm.button("Yes, abandon it").callback_data or "")


async def test_board_sends_the_game_anew_and_the_old_copy_loses_its_buttons(
    harness: TelegramHarness, games: Games
) -> None:
    old = await open_game(harness, "Block game", "2 bots", "Medium", "100")
    buttons = [b.callback_data for b in old.buttons()]
    assert buttons
    await harness.send(ALICE, "/rules block")
    await harness.send(ALICE, "/board")
    resent = await game_message(harness, games)
    assert resent.message_id != old.message_id
    assert harness.fake.last_in(ALICE.id).message_id == resent.message_id
    assert [b.callback_data for b in resent.buttons()] == buttons
    assert harness.fake.message(ALICE.id, old.message_id).buttons() == []
    answer = await harness.press(ALICE, resent, buttons[0] or "")
    assert alert_of(answer) is None


async def test_board_shows_a_stopped_game_too(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    old = await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    await stop_it(harness)
    await harness.send(ALICE, "/board")
    resent = await game_message(harness, games)
    assert resent.message_id != old.message_id
    assert texts.get("en", "game-stopped") in resent.text
    assert resent.buttons() == []


async def test_board_without_a_game_says_so(harness: TelegramHarness, texts: Texts) -> None:
    await harness.send(ALICE, "/board")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "score-none")


async def test_score_of_a_stopped_game_asks_nobody_to_move(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    await harness.send(ALICE, "/score")
    assert texts.get("en", "your-turn-now") in harness.fake.last_in(ALICE.id).text
    await stop_it(harness)
    await harness.send(ALICE, "/score")
    text = harness.fake.last_in(ALICE.id).text
    assert "Score:" in text
    assert texts.get("en", "game-stopped") in text
    assert texts.get("en", "your-turn-now") not in text
    assert "Waiting for" not in text


async def test_board_is_in_both_command_menus_in_every_language(
    bot: Bot, fake: FakeTelegram, texts: Texts
) -> None:
    await register_commands(bot, texts)
    for call in fake.named("setMyCommands"):
        lang = call.params.get("language_code") or texts.default
        commands = {c.command: c.description for c in call.params["commands"]}
        assert commands["board"] == texts.get(lang, "cmd-board")
    for lang in LANGUAGES:
        assert texts.get(lang, "cmd-board") != "cmd-board"
    assert len({texts.get(lang, "cmd-board") for lang in LANGUAGES}) == len(LANGUAGES)
