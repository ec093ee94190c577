"""The lobby: /kozel and /new, seats and teams, Join with and without a private chat
(403 and the deep link), bots, settings, who may cancel, one game per group."""

from __future__ import annotations

from aiogram.utils.deep_linking import create_start_link

from bot.game.seats import BotSeat, HumanSeat
from bot.game.state import Game, Lobby, Stopped
from bot.store.games import GameStore
from core.players import Level
from core.variants import Variant
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    OTHER_GROUP,
    game_in,
    hand,
    match_of,
    open_lobby,
    seat_everyone,
    table,
    tap,
)
from texts import Texts


async def test_kozel_opens_a_lobby_with_two_teams_and_seats_its_opener(
    harness: TelegramHarness, texts: Texts
) -> None:
    record = await open_lobby(harness)
    assert isinstance(record.state, Lobby)
    lobby = await table(harness)
    assert lobby.chat_id == GROUP
    assert "<b>Kozel</b>" in lobby.text
    assert "Team 1: 1. \u2068Alice\u2069 · 3. free" in lobby.text
    assert "Team 2: 2. free · 4. free" in lobby.text
    labels = [b.text for b in lobby.buttons()]
    for label in ("Join", "Leave", "+ Bot", "Start", "Cancel", "● To 100", "● ⏱ 60 s"):
        assert label in labels
    private = await hand(harness, ALICE.id)
    assert private.text == texts.get(
        "en", "private-lobby", group="Friday &lt;dominoes&gt; &amp; co"
    )


async def test_the_game_starts_when_the_fourth_person_joins(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    lobby_id = (await table(harness)).message_id
    await seat_everyone(harness, BOB.id, CAROL.id)
    assert isinstance((await game_in(harness)).state, Lobby)
    await seat_everyone(harness, DAVE.id)
    record = await game_in(harness)
    assert record.is_active
    assert [s.user_id for _, s in record.humans()] == [ALICE.id, BOB.id, CAROL.id, DAVE.id]
    # The lobby turned into the table: the same message, edited.
    assert (await table(harness)).message_id == lobby_id
    assert "hand 1" in (await table(harness)).text
    with_buttons = []
    for person in (ALICE, BOB, CAROL, DAVE):
        private = await hand(harness, person.id)
        assert private.chat_id == person.id
        if private.buttons():
            with_buttons.append(person.id)
    mover = record.human(record_turn(record))
    assert with_buttons == [mover.user_id]
    # Each in their own language.
    assert texts.get("fr", "variant-kozel") in (await hand(harness, CAROL.id)).text
    assert "Партия в" in (await hand(harness, BOB.id)).text


def record_turn(record: Game) -> int:
    turn = match_of(record).turn
    assert turn is not None
    return turn


async def test_a_person_who_never_started_the_bot_joins_through_the_deep_link(
    harness: TelegramHarness, texts: Texts
) -> None:
    record = await open_lobby(harness)
    harness.fake.unreachable.add(BOB.id)
    answer = await tap(harness, BOB.id, await table(harness), "Join")
    link = await create_start_link(harness.bot, f"join-{record.game_id}")
    assert link == f"https://t.me/dominoes_test_bot?start=join-{record.game_id}"
    assert answer.params["url"] == link  # the press opens the private chat at once
    record = await game_in(harness)
    assert [h.user_id for _, h in record.humans()] == [ALICE.id]
    lobby = await table(harness)
    invite = lobby.button("Open my chat")
    assert invite.url == link
    assert texts.get("en", "lobby-invite-hint") in lobby.text
    # One tap on Start in the private chat sends /start with the payload: Bob is in.
    await harness.send(BOB, f"/start join-{record.game_id}")
    record = await game_in(harness)
    assert [h.user_id for _, h in record.humans()] == [ALICE.id, BOB.id]
    assert "Боб" not in (await table(harness)).text
    assert "2. \u2068Bob\u2069" in (await table(harness)).text
    assert (await hand(harness, BOB.id)).text == texts.get(
        "ru", "private-lobby", group="Friday &lt;dominoes&gt; &amp; co"
    )


async def test_only_the_opener_or_an_admin_can_cancel(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id)
    before = await game_in(harness)
    answer = await tap(harness, BOB.id, await table(harness), "Cancel")
    assert alert_of(answer) == texts.get("en", "refusal-not-allowed")  # the group's
    assert (await game_in(harness)).record == before.record
    harness.fake.admins[GROUP] = {EVE.id}
    answer = await tap(harness, EVE.id, await table(harness), "Cancel")
    assert alert_of(answer) is None
    assert isinstance((await game_in(harness)).state, Stopped)
    assert (await table(harness)).text == texts.get("en", "lobby-cancelled")
    assert (await table(harness)).buttons() == []
    assert (await hand(harness, BOB.id)).text == texts.get(
        "ru", "private-cancelled", group="Friday &lt;dominoes&gt; &amp; co"
    )
    # The group is free for another game.
    await harness.send(BOB, "/new", chat_id=GROUP)
    assert isinstance((await game_in(harness)).state, Lobby)


async def test_the_opener_cancels_without_asking_telegram(harness: TelegramHarness) -> None:
    await open_lobby(harness)
    answer = await tap(harness, ALICE.id, await table(harness), "Cancel")
    assert alert_of(answer) is None
    assert isinstance((await game_in(harness)).state, Stopped)
    assert harness.fake.named("getChatMember") == []


async def test_one_game_per_group(harness: TelegramHarness, texts: Texts) -> None:
    first = await open_lobby(harness)
    await harness.send(BOB, "/new", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).text == texts.get("en", "group-busy")  # the group's
    assert (await game_in(harness)).game_id == first.game_id


async def test_bots_fill_the_table_and_start_starts(harness: TelegramHarness) -> None:
    await open_lobby(harness)
    lobby = await table(harness)
    await tap(harness, ALICE.id, lobby, "Bots: Medium")
    lobby = await table(harness)
    await tap(harness, ALICE.id, lobby, "+ Bot")
    record = await game_in(harness)
    assert record.in_group
    assert record.seats[1] == BotSeat(level=Level.HARD)
    assert "2 · bot (Hard)" in [b.text for b in (await table(harness)).buttons()]
    # A group member who is not seated may not fill the table.
    answer = await tap(harness, EVE.id, await table(harness), "Start")
    assert alert_of(answer) is not None
    await tap(harness, ALICE.id, await table(harness), "Start")
    record = await game_in(harness)
    assert record.is_active
    assert [record.is_bot(s) for s in range(4)] == [False, True, True, True]


async def test_the_lobby_settings(harness: TelegramHarness, texts: Texts) -> None:
    await open_lobby(harness, "/new block 3")
    record = await game_in(harness)
    assert record.in_group
    assert (record.settings.variant, record.settings.n_players) == (Variant.BLOCK, 3)
    answer = await tap(harness, BOB.id, await table(harness), "3 players")
    assert alert_of(answer) == texts.get("en", "refusal-not-allowed")  # the group's
    await tap(harness, ALICE.id, await table(harness), "3 players")
    lobby = await table(harness)
    assert "● To 100" in [b.text for b in lobby.buttons()]  # the default, marked
    answer = await tap(harness, ALICE.id, lobby, "To 150")
    assert alert_of(answer) is None
    assert answer.params["text"] == "The match is played to 150 points."
    answer = await tap(harness, ALICE.id, await table(harness), "⏱ 30 s")
    assert answer.params["text"] == "30 seconds to move."
    await tap(harness, ALICE.id, await table(harness), "Block game")
    record = await game_in(harness)
    assert record.in_group
    settings = record.settings
    assert (settings.variant, settings.n_players, settings.target) == (Variant.KOZEL, 4, 150)
    assert settings.turn_timer == 30
    labels = [b.text for b in (await table(harness)).buttons()]
    assert {"● To 150", "To 50", "To 100", "● ⏱ 30 s", "⏱ off", "⏱ 60 s", "⏱ 120 s"} <= set(labels)
    assert "Turn timer: 30 s to move" in (await table(harness)).text
    assert "the goats at 151" in (await table(harness)).text


async def test_seat_buttons_choose_a_partner(harness: TelegramHarness, texts: Texts) -> None:
    await open_lobby(harness)
    await tap(harness, BOB.id, await table(harness), "3 · free")
    record = await game_in(harness)
    assert record.in_group
    assert isinstance(record.seats[2], HumanSeat)
    assert "Team 1: 1. \u2068Alice\u2069 · 3. \u2068Bob\u2069" in (await table(harness)).text
    answer = await tap(harness, CAROL.id, await table(harness), "1 · Alice")
    assert alert_of(answer) == texts.get("en", "refusal-seat-taken")  # the group's
    await tap(harness, BOB.id, await table(harness), "3 · Bob")  # his own seat: he stands up
    record = await game_in(harness)
    assert record.in_group
    assert record.seats[2] is None
    assert (await hand(harness, BOB.id)).text.startswith("Вас больше нет")
    answer = await tap(harness, BOB.id, await table(harness), "Leave")
    assert alert_of(answer) == texts.get("en", "refusal-not-seated")


async def test_a_person_plays_in_two_groups_at_once(
    harness: TelegramHarness, storage: GameStore
) -> None:
    await open_lobby(harness, chat_id=GROUP)
    await open_lobby(harness, chat_id=OTHER_GROUP)
    first, second = await game_in(harness, GROUP), await game_in(harness, OTHER_GROUP)
    assert first.game_id != second.game_id
    assert set(await storage.games_of(ALICE.id)) == {first.game_id, second.game_id}
    mine = {
        (await hand(harness, ALICE.id, GROUP)).message_id,
        (await hand(harness, ALICE.id, OTHER_GROUP)).message_id,
    }
    assert len(mine) == 2  # one private message per game
    for chat_id in (GROUP, OTHER_GROUP):
        await tap(harness, ALICE.id, await table(harness, chat_id), "Start")
        assert (await game_in(harness, chat_id)).is_active
