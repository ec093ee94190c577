"""/start, /help, /rules, /lang, /score, /stop, /play while playing; commands in the
wrong chat; names full of markup or emoji."""

from __future__ import annotations

from bot.game.games import Games
from tests.bot.fake_telegram import TelegramHarness, alert_of, user
from tests.bot.telegram.handlers.driver import ALICE, open_game
from texts import Texts

GROUP = -100200300


async def test_start_greets_in_the_users_language(harness: TelegramHarness, texts: Texts) -> None:
    olga = user(3003, "Ольга", language_code="ru-RU")
    await harness.send(olga, "/start")
    reply = harness.fake.last_in(olga.id)
    assert reply.text.startswith(texts.get("ru", "start", name="Ольга"))
    assert texts.get("ru", "help") in reply.text


async def test_an_unknown_telegram_language_falls_back_to_the_default(
    harness: TelegramHarness, texts: Texts
) -> None:
    hans = user(3004, "Hans", language_code="de")
    await harness.send(hans, "/help")
    assert harness.fake.last_in(hans.id).text == texts.get("en", "help")


async def test_names_full_of_markup_are_shown_as_text(harness: TelegramHarness) -> None:
    mallory = user(3005, '<b>x</b> & <a href="http://e">"y"</a>', language_code="en")
    await harness.send(mallory, "/start")
    text = harness.fake.last_in(mallory.id).text
    assert "&lt;b&gt;x&lt;/b&gt; &amp; &lt;a href=" in text
    assert "<b>x</b>" not in text


async def test_three_hundred_emoji_in_a_name_render(harness: TelegramHarness, games: Games) -> None:
    emoji = user(3006, "👨‍👩‍👧‍👦" * 150 + "🎲" * 150, language_code="fr")
    await harness.send(emoji, "/start")
    assert harness.fake.last_in(emoji.id).text  # the fake refuses bad HTML and long texts
    await harness.send(emoji, "/play")
    menu = harness.fake.last_in(emoji.id)
    for _ in range(4):
        menu = harness.fake.message(menu.chat_id, menu.message_id)
        answer = await harness.press(emoji, menu, menu.buttons()[0].callback_data or "")
        assert alert_of(answer) is None
    record = await games.for_chat(emoji.id)
    assert record is not None
    assert len(record.human(0).name) <= 64


async def test_rules_per_variant(harness: TelegramHarness, texts: Texts) -> None:
    await harness.send(ALICE, "/rules")
    chooser = harness.fake.last_in(ALICE.id)
    assert chooser.text == texts.get("en", "rules-choose")
    await harness.press(ALICE, chooser, chooser.button("Kozel").callback_data or "")
    assert harness.fake.message(ALICE.id, chooser.message_id).text == texts.get("en", "rules-kozel")
    await harness.send(ALICE, "/rules block")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "rules-block")
    answer = await harness.press(ALICE, chooser, "ru:chess")  # forged: no such game
    assert alert_of(answer) == texts.get("en", "refusal-unknown-button")


async def test_lang_switches_texts_and_the_running_game(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    await harness.send(ALICE, "/lang")
    chooser = harness.fake.last_in(ALICE.id)
    await harness.press(ALICE, chooser, chooser.button("Italiano").callback_data or "")
    assert harness.fake.message(ALICE.id, chooser.message_id).text == texts.get("it", "lang-set")
    record = await games.for_chat(ALICE.id)
    assert record is not None
    assert record.human(0).language == "it"
    assert texts.get("it", "variant-block") in harness.fake.message(ALICE.id, game.message_id).text
    await harness.send(ALICE, "/help")
    assert harness.fake.last_in(ALICE.id).text == texts.get("it", "help")
    assert alert_of(await harness.press(ALICE, chooser, "lg:xx")) is not None


async def test_score(harness: TelegramHarness, texts: Texts) -> None:
    await harness.send(ALICE, "/score")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "score-none")
    await open_game(harness, "Kozel", None, "Easy", "50")
    await harness.send(ALICE, "/score")
    text = harness.fake.last_in(ALICE.id).text
    assert "Kozel" in text
    assert "Score:" in text


async def test_stop_asks_first_then_ends_the_game(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    await harness.send(ALICE, "/stop")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "stop-none")
    game = await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    move = game.buttons()[0].callback_data or ""

    await harness.send(ALICE, "/stop")
    confirm = harness.fake.last_in(ALICE.id)
    await harness.press(ALICE, confirm, confirm.button("No, keep playing").callback_data or "")
    assert await games.live_for_chat(ALICE.id) is not None

    await harness.send(ALICE, "/stop")
    confirm = harness.fake.last_in(ALICE.id)
    yes = confirm.button("Yes, abandon it").callback_data or ""
    await harness.press(ALICE, confirm, yes)
    assert await games.live_for_chat(ALICE.id) is None
    shown = harness.fake.message(ALICE.id, game.message_id)
    assert texts.get("en", "game-stopped") in shown.text
    assert shown.buttons() == []
    assert alert_of(await harness.press(ALICE, game, move)) is not None
    # A confirmation is answered once.
    answer = await harness.press(ALICE, confirm, yes)
    assert alert_of(answer) == texts.get("en", "stop-outdated")


async def test_play_while_playing_brings_the_game_back(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    game = await open_game(harness, "Block game", "2 bots", "Medium", "100")
    old_move = game.buttons()[0].callback_data or ""
    old_buttons = [b.callback_data for b in game.buttons()]
    await harness.send(ALICE, "/play")
    record = await games.for_chat(ALICE.id)
    assert record is not None
    new_id = await harness.private_message_id(record.game_id, ALICE.id)
    assert new_id is not None
    assert new_id != game.message_id
    resent = harness.fake.message(ALICE.id, new_id)
    # The same buttons, at the bottom of the chat; the old copy has none left.
    assert [b.callback_data for b in resent.buttons()] == old_buttons
    assert harness.fake.message(ALICE.id, game.message_id).buttons() == []
    assert alert_of(await harness.press(ALICE, resent, old_move)) is None
    assert alert_of(await harness.press(ALICE, resent, old_move)) == texts.get(
        "en", "refusal-stale"
    )


async def test_commands_in_a_group_without_a_game(
    harness: TelegramHarness, games: Games, texts: Texts
) -> None:
    expected = {
        "/play": "group-private-only",
        "/lang": "refusal-admins-only",  # no game: no opener, and Alice is no admin
        "/start": "group-help",
        "/help": "group-help",
        "/score": "group-none",
        "/board": "group-none",
        "/stop": "no-game-here",
        "/leave": "no-game-here",
    }
    for command, key in expected.items():
        await harness.send(ALICE, command, chat_id=GROUP)
        assert harness.fake.last_in(GROUP).text == texts.get("en", key), command
    assert await games.for_chat(GROUP) is None


async def test_stray_text_gets_a_hint(harness: TelegramHarness, texts: Texts) -> None:
    await harness.send(ALICE, "hello?")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "stray-text")


async def test_every_press_is_answered_exactly_once(harness: TelegramHarness) -> None:
    game = await open_game(harness, "Draw game", "3 bots", "Easy", "50")
    for _ in range(5):
        game = harness.fake.message(game.chat_id, game.message_id)
        await harness.press(ALICE, game, game.buttons()[0].callback_data or "")
    presses = {c.params["callback_query_id"] for c in harness.fake.named("answerCallbackQuery")}
    assert len(presses) == len(harness.fake.named("answerCallbackQuery"))
