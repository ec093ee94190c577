"""Input the bot does not understand around a group game: the group's talk is left
alone, a command for this bot gets what the game waits for, and a player's stray
message in their private chat is told about their group game."""

from __future__ import annotations

from bot.game.state import Game, Playing
from bot.telegram.render.game import RecordNames
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    game_in,
    group_texts,
    open_lobby,
    seat_everyone,
)
from texts import Texts

TITLE = "Friday &lt;dominoes&gt; &amp; co"  # the fake group's title, escaped
ME = "@dominoes_test_bot"


async def kozel_of_four(harness: TelegramHarness) -> Game:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    record = await game_in(harness)
    assert isinstance(record.state, Playing)
    return record


def mover_name(game: Game, texts: Texts, lang: str) -> str:
    assert isinstance(game.state, Playing)
    return RecordNames(game, None, texts.translator(lang))(game.state.turn)


async def test_the_groups_talk_and_other_bots_commands_get_no_answer(
    harness: TelegramHarness,
) -> None:
    await kozel_of_four(harness)
    told = len(group_texts(harness))
    for text in ("nice move", "/frobnicate", "/roll@dice_bot", "/score@dice_bot"):
        await harness.send(EVE, text, chat_id=GROUP)
    assert len(group_texts(harness)) == told


async def test_an_unknown_command_for_this_bot_is_told_whose_turn_it_is(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await kozel_of_four(harness)
    await harness.send(EVE, f"/frobnicate{ME}", chat_id=GROUP)
    expected = texts.get("en", "status-waiting", name=mover_name(game, texts, "en"))
    assert group_texts(harness)[-1] == expected


async def test_an_unknown_command_during_the_lobby_points_to_it(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    await harness.send(EVE, f"/frobnicate{ME.upper()}", chat_id=GROUP)
    assert group_texts(harness)[-1] == texts.get("en", "status-lobby-here")


async def test_without_a_game_an_unknown_command_gets_no_answer(harness: TelegramHarness) -> None:
    await harness.send(EVE, f"/frobnicate{ME}", chat_id=GROUP)
    assert group_texts(harness) == []


async def test_a_players_stray_message_in_private_is_about_their_group_game(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await kozel_of_four(harness)
    assert isinstance(game.state, Playing)
    mover = game.human(game.state.turn).user_id
    waiting = next(p for p in (ALICE, BOB, CAROL, DAVE) if p.id != mover)
    lang = {ALICE.id: "en", BOB.id: "ru", CAROL.id: "fr", DAVE.id: "it"}
    await harness.send(waiting, "hello?")
    name = mover_name(game, texts, lang[waiting.id])
    assert harness.fake.last_in(waiting.id).text == texts.get(
        lang[waiting.id], "status-group-waiting", group=TITLE, name=name
    )
    moving = next(p for p in (ALICE, BOB, CAROL, DAVE) if p.id == mover)
    await harness.send(moving, "hello?")
    assert harness.fake.last_in(moving.id).text == texts.get(
        lang[moving.id], "status-group-your-move", group=TITLE
    )
    await harness.send(EVE, "hello?")  # not at the table
    assert harness.fake.last_in(EVE.id).text == texts.get("en", "stray-text")
