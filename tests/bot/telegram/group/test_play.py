"""Playing in a group: whole matches of every variant with people and bots, driven
from each person's private message; refusals that change nothing; leaving and
taking seats; /stop; rematch; a group that becomes a supergroup."""

from __future__ import annotations

import pytest

from bot.game.actions import GameAction, GroupAction
from bot.game.state import Finished, Game, Lobby, Stopped
from bot.telegram.callbacks import ActionData, GroupData, MoveData
from core.state import Phase
from tests.bot.fake_telegram import StoredMessage, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    PEOPLE,
    SUPERGROUP,
    choose,
    game_in,
    group_texts,
    hand,
    match_of,
    match_summary,
    open_lobby,
    phase_of,
    play_one_move,
    play_to_the_end,
    seat_everyone,
    seats,
    table,
    tap,
)
from tests.bot.telegram.group.privacy import PrivacyGuard
from texts import Texts

FOUR = (BOB.id, CAROL.id, DAVE.id)


async def kozel_of_four(harness: TelegramHarness) -> Game:
    await open_lobby(harness)
    await seat_everyone(harness, *FOUR)
    record = await game_in(harness)
    assert record.is_active
    return record


async def mover_message(harness: TelegramHarness) -> tuple[Game, int, StoredMessage]:
    record = await game_in(harness)
    turn = match_of(record).turn
    assert turn is not None
    mover = record.human(turn).user_id
    return record, mover, await hand(harness, mover)


async def test_a_whole_kozel_match_to_101_with_four_people_then_a_bot(
    harness: TelegramHarness, privacy: PrivacyGuard, texts: Texts
) -> None:
    await open_lobby(harness)
    table_id = (await table(harness)).message_id
    await seat_everyone(harness, *FOUR)
    for _ in range(5):
        await play_one_move(harness)
    await harness.send(DAVE, "/leave", chat_id=GROUP)  # a bot plays his seat from now on
    assert (await game_in(harness)).is_bot(3)
    record = await play_to_the_end(harness)

    assert isinstance(record.state, Finished)
    result = match_of(record).match_result
    assert result is not None
    assert result.goats is not None
    assert result.scores[result.goats] >= 101
    results = match_of(record).state.results
    posted = group_texts(harness)
    hand_ends = [t for t in posted if "is over:</b>" in t]
    assert len(hand_ends) == len(results) > 1  # every hand told, once
    summary = match_summary(harness)
    assert "the goats!" in summary.text
    assert summary.button("Rematch")
    # One table at a time: edited in place, sent again at the bottom once results have
    # buried it (the older one deleted).
    shown = (await table(harness)).message_id
    tables = [
        m
        for (c, m), message in harness.fake.messages.items()
        if c == GROUP and " · hand " in message.text
    ]
    assert tables == [shown]
    assert shown == table_id or table_id not in {m for (c, m) in harness.fake.messages}
    assert texts.get("en", "table-match-over") in (await table(harness)).text
    for person in (ALICE, BOB, CAROL, DAVE):
        assert (await hand(harness, person.id)).buttons() == []
    assert (await hand(harness, DAVE.id)).text.startswith("Non sei più al tavolo")
    assert privacy.checked > 100


@pytest.mark.parametrize(
    ("command", "people", "bots"),
    [
        ("/new draw 2", (BOB.id,), 0),
        ("/new draw 3", (BOB.id,), 1),
        ("/new draw 4", FOUR, 0),
        ("/new block 2", (), 1),
        ("/new block 3", (BOB.id, CAROL.id), 0),
        ("/new block 4", (BOB.id,), 2),
    ],
)
async def test_draw_and_block_games_with_two_to_four_players(
    harness: TelegramHarness, command: str, people: tuple[int, ...], bots: int
) -> None:
    await open_lobby(harness, command)
    await choose(harness, "To 50")  # a short match
    await seats(harness)
    await seat_everyone(harness, *people)
    for _ in range(bots):
        await tap(harness, ALICE.id, await table(harness), "+ Bot")
    record = await game_in(harness)
    if isinstance(record.state, Lobby):
        await tap(harness, ALICE.id, await table(harness), "Start")
    record = await game_in(harness)
    assert len(record.seats) == int(command[-1])
    assert len(record.humans()) == 1 + len(people)
    record = await play_to_the_end(harness)
    assert isinstance(record.state, Finished)
    assert "the match</b>" in match_summary(harness).text


async def test_non_players_and_players_out_of_turn_change_nothing(
    harness: TelegramHarness, texts: Texts
) -> None:
    await kozel_of_four(harness)
    record, mover, message = await mover_message(harness)
    data = message.buttons()[0].callback_data or ""
    other = next(p for p in (ALICE.id, *FOUR) if p != mover)
    table_before = (await table(harness)).text

    answer = await harness.press(EVE, message, data)
    assert alert_of(answer) == texts.get("en", "refusal-not-a-player")
    lang = record.human(record.seat_of(other) or 0).language
    # A player out of turn forging the mover's move on their own hand message...
    answer = await harness.press(PEOPLE[other], await hand(harness, other), data)
    assert alert_of(answer) == texts.get(lang, "refusal-not-your-turn")
    # ...or pressing it where it was sent, in someone else's chat.
    answer = await harness.press(PEOPLE[other], message, data)
    assert alert_of(answer) == texts.get(lang, "refusal-wrong-chat")
    deal = ActionData(game=record.game_id, version=record.version, action=GameAction.NEXT_HAND)
    answer = await harness.press(EVE, await table(harness), deal.pack())
    assert alert_of(answer) == texts.get("en", "refusal-not-a-player")
    answer = await harness.press(
        EVE, await table(harness), message.buttons()[0].callback_data or ""
    )
    assert alert_of(answer) is not None

    assert (await game_in(harness)).record == record.record
    assert (await table(harness)).text == table_before
    # The mover's press still works afterwards.
    assert alert_of(await harness.press(PEOPLE[mover], message, data)) is None


async def test_a_forged_tile_is_refused(harness: TelegramHarness) -> None:
    await kozel_of_four(harness)
    record, mover, message = await mover_message(harness)
    genuine = MoveData.unpack(message.buttons()[0].callback_data or "")
    forged = genuine.model_copy(update={"tile": "9-9"})
    answer = await harness.press(PEOPLE[mover], message, forged.pack())
    assert alert_of(answer) is not None
    assert (await game_in(harness)).record == record.record


async def test_a_player_leaves_mid_match_and_takes_the_seat_back_between_hands(
    harness: TelegramHarness, texts: Texts
) -> None:
    await kozel_of_four(harness)
    await harness.send(BOB, "/leave", chat_id=GROUP)
    record = await game_in(harness)
    assert record.is_bot(1)
    assert "\u2068Bob\u2069 left the game: Bot 2 plays the seat from now on." in group_texts(
        harness
    )
    assert (await hand(harness, BOB.id)).text.startswith("Вас больше нет за столом")
    assert (await hand(harness, BOB.id)).buttons() == []
    # The game goes on without him.
    while phase_of(await game_in(harness)) is Phase.PLAYING:
        await play_one_move(harness)
    answer = await tap(harness, BOB.id, await table(harness), "Play for Bot 2")
    assert alert_of(answer) is None
    record = await game_in(harness)
    assert record.seat_of(BOB.id) == 1
    assert "\u2068Bob\u2069 takes over from Bot 2." in group_texts(harness)
    # Someone else may not take a person's seat, nor a second one.
    assert [b.text for b in (await table(harness)).buttons() if b.text.startswith("Play")] == []
    await tap(harness, ALICE.id, await table(harness), "Next hand")
    assert texts.get("ru", "your-hand", tiles="").rstrip() in (await hand(harness, BOB.id)).text


async def test_taking_a_seat_without_a_private_chat_plays_it_from_the_group(
    harness: TelegramHarness,
) -> None:
    await open_lobby(harness)
    await tap(harness, ALICE.id, await table(harness), "Start")
    while phase_of(await game_in(harness)) is Phase.PLAYING:
        await play_one_move(harness)
    record = await game_in(harness)
    harness.fake.unreachable.add(EVE.id)
    answer = await tap(harness, EVE.id, await table(harness), "Play for Bot 3")
    assert answer.params.get("url") is None
    record = await game_in(harness)
    assert record.seat_of(EVE.id) == 2
    assert record.human(2).in_group
    assert harness.fake.ephemerals.seen_by(EVE.id, GROUP)  # her seat, to her alone
    # A link of an earlier version, followed: her hand comes to the private chat too.
    await harness.send(EVE, f"/start seat-{record.game_id}-2")
    assert not (await game_in(harness)).human(2).in_group
    await tap(harness, ALICE.id, await table(harness), "Next hand")
    assert "Your hand:" in (await hand(harness, EVE.id)).text


async def test_the_last_person_to_leave_ends_the_game(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    await tap(harness, ALICE.id, await table(harness), "Start")
    await harness.send(ALICE, "/leave", chat_id=GROUP)
    record = await game_in(harness)
    assert isinstance(record.state, Stopped)
    assert texts.get("en", "notice-all-left") in group_texts(harness)
    assert texts.get("en", "game-stopped") in (await table(harness)).text


async def test_a_player_who_blocks_the_bot_is_replaced_by_a_bot(harness: TelegramHarness) -> None:
    await kozel_of_four(harness)
    harness.fake.unreachable.add(CAROL.id)
    for _ in range(12):
        record = await game_in(harness)
        if record.seat_of(CAROL.id) is None:
            break
        await play_one_move(harness)
    assert record.seat_of(CAROL.id) is None
    assert any(t.startswith("\u2068Carol\u2069 left the game") for t in group_texts(harness))


async def test_stop_in_the_group_asks_and_only_the_opener_or_an_admin_may(
    harness: TelegramHarness, texts: Texts
) -> None:
    await kozel_of_four(harness)
    await harness.send(BOB, "/stop", chat_id=GROUP)
    refused = harness.fake.last_in(GROUP)
    assert refused.text == texts.get("en", "refusal-not-allowed")  # the group's
    assert refused.buttons() == []
    await harness.send(ALICE, "/stop", chat_id=GROUP)
    confirm = harness.fake.last_in(GROUP)
    asked = texts.get("en", "stop-ask-group", name="Alice")
    assert confirm.text == asked
    answer = await tap(harness, BOB.id, confirm, "No, keep playing")
    assert alert_of(answer) == texts.get("en", "stop-not-yours")
    assert harness.fake.message(GROUP, confirm.message_id).text == asked
    await tap(harness, ALICE.id, confirm, "No, keep playing")
    assert harness.fake.message(GROUP, confirm.message_id).text == texts.get("en", "stop-kept")
    assert (await game_in(harness)).is_active
    await harness.send(ALICE, "/stop", chat_id=GROUP)
    confirm = harness.fake.last_in(GROUP)
    await tap(harness, ALICE.id, confirm, "Yes, abandon it")
    assert isinstance((await game_in(harness)).state, Stopped)
    assert harness.fake.message(GROUP, confirm.message_id).text == texts.get("en", "group-stopped")
    assert texts.get("en", "game-stopped") in (await table(harness)).text
    for person in (ALICE, BOB, CAROL, DAVE):
        assert (await hand(harness, person.id)).buttons() == []


async def test_rematch_opens_a_new_table_with_the_same_players(harness: TelegramHarness) -> None:
    await open_lobby(harness, "/new block 2")
    await choose(harness, "To 150")
    await seat_everyone(harness, BOB.id)
    first = await game_in(harness)
    first_table = (await table(harness)).message_id
    await play_to_the_end(harness)
    summary = match_summary(harness)
    answer = await tap(harness, EVE.id, summary, "Rematch")
    assert alert_of(answer) is not None  # not a player
    await tap(harness, BOB.id, summary, "Rematch")
    second = await game_in(harness)
    assert second.game_id != first.game_id
    assert second.is_active
    assert [s.user_id for _, s in second.humans()] == [ALICE.id, BOB.id]
    assert (await table(harness)).message_id != first_table
    if not match_of(second).hand_over:  # a deal may block at once (R6.2)
        assert (await hand(harness, ALICE.id)).buttons() or (await hand(harness, BOB.id)).buttons()
    answer = await tap(harness, ALICE.id, summary, "Rematch")
    assert alert_of(answer) is not None  # the rematch is running already


async def test_a_group_that_becomes_a_supergroup_keeps_its_game(
    harness: TelegramHarness, texts: Texts
) -> None:
    await kozel_of_four(harness)
    await play_one_move(harness)
    before = await game_in(harness)
    await harness.migrate(ALICE, GROUP, SUPERGROUP)
    record = await game_in(harness, SUPERGROUP)
    assert record.game_id == before.game_id
    assert await harness.storage.load_for_chat(GROUP) is None
    new_table = await table(harness, SUPERGROUP)
    assert new_table.chat_id == SUPERGROUP
    assert "Kozel" in new_table.text
    await play_one_move(harness, SUPERGROUP)
    # The group's language came along: Bob, who speaks Russian, is answered in English.
    await harness.send(BOB, "/score", chat_id=SUPERGROUP)
    assert harness.fake.last_in(SUPERGROUP).text.startswith("<b>Kozel</b>")
    assert texts.get("en", "scores", scores="").rstrip() in harness.fake.last_in(SUPERGROUP).text


async def test_the_pacer_follows_a_migration_it_meets_first(harness: TelegramHarness) -> None:
    await kozel_of_four(harness)
    harness.fake.migrated[GROUP] = SUPERGROUP  # Telegram answers the old id with the new one
    _, mover, message = await mover_message(harness)
    answer = await harness.press(PEOPLE[mover], message, message.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    record = await game_in(harness, SUPERGROUP)
    assert (await table(harness, SUPERGROUP)).chat_id == SUPERGROUP
    # The service messages arriving afterwards change nothing more.
    await harness.migrate(ALICE, GROUP, SUPERGROUP)
    assert (await game_in(harness, SUPERGROUP)).version == record.version


async def test_old_lobby_buttons_and_seats_mid_hand_are_refused(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    lobby = harness.fake.message(GROUP, (await table(harness)).message_id)
    join = lobby.button("Join").callback_data or ""
    await seat_everyone(harness, BOB.id, CAROL.id)
    await tap(harness, ALICE.id, await table(harness), "Start")
    record = await game_in(harness)
    answer = await harness.press(EVE, lobby, join)
    assert alert_of(answer) == texts.get("en", "refusal-lobby-closed")
    take = GroupData(game=record.game_id, action=GroupAction.TAKE, arg=3).pack()
    sent_before = len(harness.fake.named("sendMessage"))
    answer = await harness.press(EVE, await table(harness), take)
    assert alert_of(answer) == texts.get("en", "refusal-not-between-hands")
    assert len(harness.fake.named("sendMessage")) == sent_before  # nothing sent to Eve
    assert (await game_in(harness)).record == record.record


async def test_a_person_who_blocks_the_bot_hands_their_seat_to_a_bot_at_once(
    harness: TelegramHarness,
) -> None:
    await kozel_of_four(harness)
    await harness.bot_status(BOB, BOB.id, "kicked")
    game = await game_in(harness)
    seat = next(i for i in range(4) if game.is_bot(i))
    assert sum(game.is_bot(i) for i in range(4)) == 1
    assert game.seat_of(BOB.id) is None
    told = [t for t in group_texts(harness) if t.startswith("\u2068Bob\u2069 left the game")]
    assert told == [f"\u2068Bob\u2069 left the game: Bot {seat + 1} plays the seat from now on."]


async def test_a_group_that_removes_the_bot_stops_its_game(harness: TelegramHarness) -> None:
    await kozel_of_four(harness)
    harness.fake.removed_from.add(GROUP)
    await harness.bot_status(ALICE, GROUP, "left")
    assert isinstance((await game_in(harness)).state, Stopped)
