"""/board and /score know the group game a person is in: the group's table sent anew
at the bottom of the group, a player's hand sent anew in their private chat, and the
group game's scores asked for there."""

from __future__ import annotations

import pytest

from bot.app import Pacing
from bot.game.worker import Rhythm
from bot.telegram.outbox.pace import Limit, Limits
from tests.bot.conftest import NO_LIMIT, FakeClock
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    game_in,
    group_texts,
    hand,
    kozel_of_four,
    match_summary,
    open_lobby,
    play_one_move,
    play_to_the_end,
    seat_everyone,
    table,
    tap,
)
from texts import Texts

SLOW_TABLE = Pacing(
    limits=Limits(NO_LIMIT, Limit(interval=10), NO_LIMIT), rhythm=Rhythm(bot_delay=0)
)
TITLE = "Friday &lt;dominoes&gt; &amp; co"  # the fake group's title, escaped


async def test_board_sends_the_lobby_anew_and_only_the_new_one_works(
    harness: TelegramHarness,
) -> None:
    await open_lobby(harness)
    old = await table(harness)
    labels = [b.text for b in old.buttons()]
    await harness.send(BOB, "/board", chat_id=GROUP)
    new = await table(harness)
    assert new.message_id != old.message_id
    assert harness.fake.last_in(GROUP).message_id == new.message_id
    assert [b.text for b in new.buttons()] == labels
    assert (GROUP, old.message_id) not in harness.fake.messages  # one lobby is left
    answer = await tap(harness, BOB.id, new, "Join")
    assert alert_of(answer) is None
    assert (await game_in(harness)).seat_of(BOB.id) is not None
    assert "Bob" in (await table(harness)).text


async def test_board_sends_the_table_of_a_match_anew(harness: TelegramHarness) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    old = await table(harness)
    await harness.send(EVE, "/board", chat_id=GROUP)
    new = await table(harness)
    assert new.message_id != old.message_id
    assert new.text == old.text
    assert (GROUP, old.message_id) not in harness.fake.messages  # one table is left


@pytest.mark.parametrize("pace", [SLOW_TABLE], indirect=True)
async def test_a_table_that_must_wait_for_the_groups_pace_comes_then(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await open_lobby(harness)  # the group's one slot is taken
    old = await table(harness)
    await harness.send(BOB, "/board", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).message_id == old.message_id
    clock.advance(10)
    await harness.settle()
    new = await table(harness)
    assert new.message_id != old.message_id
    assert harness.fake.last_in(GROUP).message_id == new.message_id
    assert (GROUP, old.message_id) in harness.fake.messages  # its deletion waits its turn
    clock.advance(10)
    await harness.settle()
    assert (GROUP, old.message_id) not in harness.fake.messages


@pytest.mark.parametrize("pace", [SLOW_TABLE], indirect=True)
async def test_a_table_that_changes_before_its_old_copy_is_deleted_still_deletes_it(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await kozel_of_four(harness, clock, wait=10)  # one call every 10 s in the group
    old = await table(harness)
    await harness.send(EVE, "/board", chat_id=GROUP)
    clock.advance(10)
    await harness.settle()  # the new copy is sent; the old one's deletion waits
    assert (GROUP, old.message_id) in harness.fake.messages
    await play_one_move(harness)  # the new copy changes first
    for _ in range(2):
        clock.advance(10)
        await harness.settle()
    assert (GROUP, old.message_id) not in harness.fake.messages
    shown = [m for (chat, _), m in harness.fake.messages.items() if chat == GROUP]
    assert [m.message_id for m in shown if m.buttons()] == [(await table(harness)).message_id]


async def test_a_board_that_waited_does_not_post_a_finished_match_under_its_rematch(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    """/board, then Rematch before the group's pace let the board's table out: the
    finished match is not posted under the new one's table, and its copy stays."""
    await open_lobby(harness, "/new block 2")
    await seat_everyone(harness, BOB.id)
    finished = await play_to_the_end(harness)
    summary = match_summary(harness)
    old = await table(harness)
    harness.fake.flood(1, retry_after=5, chat_id=GROUP)
    await harness.send(EVE, "/board", chat_id=GROUP)  # met a 429: comes back in 5 s
    await tap(harness, BOB.id, summary, "Rematch")
    clock.advance(5)
    await harness.settle()
    rematch = await game_in(harness)
    assert rematch.game_id != finished.game_id
    assert harness.fake.last_in(GROUP).message_id == (await table(harness)).message_id
    assert (GROUP, old.message_id) in harness.fake.messages  # the finished match's copy stays
    copies = [m for (chat, _), m in harness.fake.messages.items() if m.text == old.text]
    assert copies == [old]


async def test_a_players_board_in_private_sends_their_hand_anew(
    harness: TelegramHarness,
) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    old = await hand(harness, BOB.id)
    shown = (old.text, [b.callback_data for b in old.buttons()])
    await harness.send(BOB, "/board")
    new = await hand(harness, BOB.id)
    assert new.message_id != old.message_id
    assert harness.fake.last_in(BOB.id).message_id == new.message_id
    assert (new.text, [b.callback_data for b in new.buttons()]) == shown
    if shown[1]:
        assert harness.fake.message(BOB.id, old.message_id).buttons() == []


async def test_a_players_score_in_private_is_their_group_games(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    await harness.send(ALICE, "/score")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "status-group-lobby", group=TITLE)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    await harness.send(BOB, "/score")
    text = harness.fake.last_in(BOB.id).text
    assert text.startswith(texts.get("ru", "private-group", group=TITLE))
    assert texts.get("ru", "scores", scores="").rstrip() in text
    await harness.send(EVE, "/score")  # not at the table
    assert harness.fake.last_in(EVE.id).text == texts.get("en", "score-none")


async def test_score_and_board_after_the_group_game_was_stopped(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    await harness.send(ALICE, "/stop", chat_id=GROUP)
    await tap(harness, ALICE.id, harness.fake.last_in(GROUP), "Yes, abandon it")
    for chat_id in (GROUP, ALICE.id):
        await harness.send(ALICE, "/score", chat_id=chat_id)
        text = harness.fake.last_in(chat_id).text
        assert texts.get("en", "game-stopped") in text
        assert "Waiting for" not in text
        assert texts.get("en", "your-turn-now") not in text
    old = await table(harness)
    await harness.send(ALICE, "/board", chat_id=GROUP)
    new = await table(harness)
    assert new.message_id != old.message_id
    assert texts.get("en", "game-stopped") in new.text
    assert group_texts(harness)[-1] == new.text
