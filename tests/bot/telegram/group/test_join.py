"""/join in a group (`bot.telegram.handlers.join`): a seat in the lobby, as the Join
button gives; refused as the button is; someone the bot may not write to yet sits down
in the group only, and the lobby shows them the link to its private chat."""

from __future__ import annotations

from aiogram.utils.deep_linking import create_start_link

from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    game_in,
    open_lobby,
    table,
)
from texts import Texts


async def test_join_seats_the_sender_as_the_button_does(harness: TelegramHarness) -> None:
    await open_lobby(harness)
    await harness.send(BOB, "/join", chat_id=GROUP)
    game = await game_in(harness)
    assert [h.user_id for _, h in game.humans()] == [ALICE.id, BOB.id]
    await harness.send(BOB, "/join", chat_id=GROUP)  # seated already: nothing changes
    assert (await game_in(harness)).version == game.version


async def test_join_without_a_lobby_says_there_is_no_game(
    harness: TelegramHarness, texts: Texts
) -> None:
    await harness.send(BOB, "/join", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).text == texts.get("ru", "no-game-here")  # Bob speaks Russian


async def test_join_at_a_full_table_is_refused_and_changes_nothing(
    harness: TelegramHarness,
) -> None:
    await open_lobby(harness)
    for who in (BOB, CAROL, DAVE):
        await harness.send(who, "/join", chat_id=GROUP)
    game = await game_in(harness)  # four seated: the match is dealt
    await harness.send(EVE, "/join", chat_id=GROUP)
    after = await game_in(harness)
    assert after.version == game.version
    assert EVE.id not in [h.user_id for _, h in after.humans()]


async def test_someone_the_bot_cannot_write_to_sits_down_in_the_group_only(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await open_lobby(harness)
    harness.fake.unreachable.add(BOB.id)
    await harness.send(BOB, "/join", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).message_id == (await table(harness)).message_id
    game = await game_in(harness)
    assert [(h.user_id, h.in_group) for _, h in game.humans()] == [
        (ALICE.id, False),
        (BOB.id, True),
    ]
    link = await create_start_link(harness.bot, f"join-{game.game_id}")
    assert texts.get("en", "lobby-invite-hint", link=link) in (await table(harness)).text
