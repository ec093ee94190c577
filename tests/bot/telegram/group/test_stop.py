"""/stop and /leave in a group, checked when they are sent: who may ask, one live
confirmation per game, answered only by whoever asked."""

from __future__ import annotations

from bot.game.state import Game, Stopped
from bot.telegram.handlers.stop import StopAnswer
from tests.bot.fake_telegram import StoredMessage, TelegramHarness, alert_of
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
    open_lobby,
    seat_everyone,
    table,
    tap,
)
from texts import Texts

YES, NO = "Yes, abandon it", "No, keep playing"


async def kozel_of_four(harness: TelegramHarness) -> Game:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    record = await game_in(harness)
    assert record.is_active
    return record


async def asks(harness: TelegramHarness, who_id: int) -> StoredMessage:
    """`who_id` sends /stop in the group; returns the bot's answer."""
    who = {u.id: u for u in (ALICE, BOB, CAROL, DAVE, EVE)}[who_id]
    await harness.send(who, "/stop", chat_id=GROUP)
    return harness.fake.last_in(GROUP)


async def test_someone_who_may_not_stop_is_told_at_once_and_asked_nothing(
    harness: TelegramHarness, texts: Texts
) -> None:
    before = await kozel_of_four(harness)
    for who in (BOB.id, EVE.id):  # a player, and someone not at the table
        answer = await asks(harness, who)
        assert answer.buttons() == []
    # In the group's language, whoever asked.
    assert group_texts(harness)[-2:] == [texts.get("en", "refusal-not-allowed")] * 2
    assert (await game_in(harness)).record == before.record


async def test_a_group_admin_may_stop_the_game(harness: TelegramHarness, texts: Texts) -> None:
    await kozel_of_four(harness)
    harness.fake.admins[GROUP] = {EVE.id}
    confirm = await asks(harness, EVE.id)
    assert confirm.text == texts.get("en", "stop-ask-group", name="Eve")
    answer = await tap(harness, EVE.id, confirm, YES)
    assert alert_of(answer) is None
    assert isinstance((await game_in(harness)).state, Stopped)
    assert harness.fake.message(GROUP, confirm.message_id).text == texts.get("en", "group-stopped")


async def test_a_second_stop_replaces_the_first_whose_buttons_no_longer_work(
    harness: TelegramHarness, texts: Texts
) -> None:
    """Three /stops: only the last confirmation works; the older ones' Yes and No
    change nothing, whoever presses them."""
    await kozel_of_four(harness)
    harness.fake.admins[GROUP] = {EVE.id}
    first = await asks(harness, ALICE.id)
    second = await asks(harness, EVE.id)
    third = await asks(harness, ALICE.id)
    assert len({first.message_id, second.message_id, third.message_id}) == 3
    for old, asker in ((first, ALICE.id), (second, EVE.id)):
        shown = (old.text, old.buttons())
        for label in (YES, NO):
            answer = await tap(harness, asker, old, label)
            assert alert_of(answer) == texts.get("en", "stop-outdated")
            again = harness.fake.message(GROUP, old.message_id)
            assert (again.text, again.buttons()) == shown
    assert (await game_in(harness)).is_active
    answer = await tap(harness, ALICE.id, third, YES)
    assert alert_of(answer) is None
    assert isinstance((await game_in(harness)).state, Stopped)


async def test_only_whoever_asked_answers_the_confirmation(
    harness: TelegramHarness, texts: Texts
) -> None:
    """Another admin's No does not land on the opener's confirmation, nor their Yes."""
    await kozel_of_four(harness)
    harness.fake.admins[GROUP] = {EVE.id}
    confirm = await asks(harness, ALICE.id)
    shown, yes = confirm.text, confirm.button(YES).callback_data or ""
    for who, label in ((EVE.id, NO), (EVE.id, YES), (BOB.id, YES)):
        answer = await tap(harness, who, confirm, label)
        assert alert_of(answer) == texts.get("en", "stop-not-yours")
    assert harness.fake.message(GROUP, confirm.message_id).text == shown
    assert (await game_in(harness)).is_active
    await tap(harness, ALICE.id, confirm, NO)
    assert harness.fake.message(GROUP, confirm.message_id).text == texts.get("en", "stop-kept")
    answer = await harness.press(ALICE, confirm, yes)  # answered already
    assert alert_of(answer) == texts.get("en", "stop-outdated")
    assert (await game_in(harness)).is_active


async def test_the_askers_answer_forged_on_the_table_leaves_the_table_alone(
    harness: TelegramHarness,
) -> None:
    await kozel_of_four(harness)
    confirm = await asks(harness, ALICE.id)
    no = StopAnswer.unpack(confirm.button(NO).callback_data or "")
    board = await table(harness)
    before = (board.text, board.buttons())
    await harness.press(ALICE, board, no.pack())
    after = await table(harness)
    assert (after.text, after.buttons()) == before


async def test_the_confirmation_works_only_in_its_group(
    harness: TelegramHarness, texts: Texts
) -> None:
    """Pressed in the asker's private chat, it does not stop the group's game."""
    await kozel_of_four(harness)
    confirm = await asks(harness, ALICE.id)
    yes = confirm.button(YES).callback_data or ""
    answer = await harness.press(ALICE, await hand(harness, ALICE.id), yes)
    assert alert_of(answer) == texts.get("en", "refusal-wrong-chat")
    assert (await game_in(harness)).is_active


async def test_leave_is_for_a_seated_person_only(harness: TelegramHarness, texts: Texts) -> None:
    before = await kozel_of_four(harness)
    await harness.send(EVE, "/leave", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).text == texts.get("en", "refusal-not-seated")
    assert (await game_in(harness)).record == before.record


async def test_after_the_game_stop_and_leave_say_there_is_no_game_here(
    harness: TelegramHarness, texts: Texts
) -> None:
    await kozel_of_four(harness)
    await tap(harness, ALICE.id, await asks(harness, ALICE.id), YES)
    for command in ("/stop", "/leave"):
        await harness.send(ALICE, command, chat_id=GROUP)
        assert harness.fake.last_in(GROUP).text == texts.get("en", "no-game-here"), command


async def test_stop_in_a_private_chat_points_to_the_group(
    harness: TelegramHarness, texts: Texts
) -> None:
    await kozel_of_four(harness)
    await harness.send(BOB, "/stop")
    told = harness.fake.last_in(BOB.id)
    assert told.text == texts.get("ru", "stop-in-group", group="Friday &lt;dominoes&gt; &amp; co")
    assert told.buttons() == []
    assert (await game_in(harness)).is_active
