"""The lobby: /kozel and /new, seats and teams, Join with and without a private chat
(403 and the deep link), bots, settings, who may cancel, one game per group."""

from __future__ import annotations

import json
import zlib

from fakeredis import FakeAsyncRedis

from bot.game import kinds
from bot.game.actions import GroupAction
from bot.game.level_ratings import LEAGUE
from bot.game.seats import BotSeat, HumanSeat
from bot.game.state import Game, Lobby, Stopped
from bot.store import keys
from bot.store.games import GameStore
from bot.telegram.callbacks import GroupData
from core.players import Level
from core.variants import Variant
from tests.bot.fake_telegram import StoredMessage, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BACK,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    OTHER_GROUP,
    SETTINGS,
    choose,
    game_in,
    hand,
    labels,
    match_of,
    open_lobby,
    seat_everyone,
    seats,
    settings,
    table,
    tap,
)
from texts import Texts

# The level as the lobby shows it, with its rating from the bots' league.
BOTS_MEDIUM = f"Bots: Medium ≈ {LEAGUE[Level.MEDIUM]}"
BOTS_HARD = f"Bots: Hard ≈ {LEAGUE[Level.HARD]}"


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
    assert labels(lobby) == [
        *("1 · Alice", "2 · free", "3 · free", "4 · free"),
        *("Join", "Leave", "🂠 My hand", "+ Bot", SETTINGS, "Start", "Cancel"),
    ]
    for said in ("the goats at 101", BOTS_MEDIUM, "Turn timer: 60 s to move"):
        assert said in lobby.text
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
    assert "Группа «" in (await hand(harness, BOB.id)).text


def record_turn(record: Game) -> int:
    turn = match_of(record).turn
    assert turn is not None
    return turn


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
    await choose(harness, BOTS_MEDIUM)
    await tap(harness, ALICE.id, await seats(harness), "+ Bot")
    record = await game_in(harness)
    assert record.kind is kinds.GROUP
    assert record.seats[1] == BotSeat(level=Level.HARD)
    assert "2 · bot (Hard)" in [b.text for b in (await table(harness)).buttons()]
    # A group member who is not seated may not fill the table.
    answer = await tap(harness, EVE.id, await table(harness), "Start")
    assert alert_of(answer) is not None
    await tap(harness, ALICE.id, await table(harness), "Start")
    record = await game_in(harness)
    assert record.is_active
    assert [record.is_bot(s) for s in range(4)] == [False, True, True, True]


async def test_a_new_lobby_chooses_its_game_and_players_in_its_settings(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness, "/new block 3")
    record = await game_in(harness)
    assert record.kind is kinds.GROUP
    assert (record.settings.variant, record.settings.n_players) == (Variant.BLOCK, 3)
    answer = await choose(harness, "3 players", BOB.id)
    assert alert_of(answer) == texts.get("en", "refusal-not-allowed")  # the group's
    await choose(harness, "3 players")
    lobby = await table(harness)
    assert "● To 100" in labels(lobby)  # the default, marked
    assert "4 players:" in lobby.text
    answer = await tap(harness, ALICE.id, lobby, "To 150")
    assert alert_of(answer) is None
    assert answer.params["text"] == "From now on: playing to 150."
    for shown, then in (("60 s", "120 seconds"), ("120 s", "No turn timer"), ("off", "30 sec")):
        # One button moves the timer on: a row of four would not fit.
        answer = await choose(harness, f"⏱ Timer: {shown}")
        assert answer.params["text"].startswith(then)
    await choose(harness, "Block game")
    record = await game_in(harness)
    assert record.kind is kinds.GROUP
    settings = record.settings
    assert (settings.variant, settings.n_players, settings.target) == (Variant.KOZEL, 4, 150)
    assert settings.turn_timer == 30
    lobby = await table(harness)
    assert labels(lobby) == [
        *("Kozel", BOTS_MEDIUM),  # Kozel is four: no player count to choose
        *("To 50", "To 100", "● To 150", "⏱ Timer: 30 s", BACK),
    ]
    assert "Turn timer: 30 s to move" in lobby.text
    assert "the goats at 151" in lobby.text
    await choose(harness, "Kozel")  # a /new lobby may go back to the draw game
    assert (await game_in(harness)).settings.variant is Variant.DRAW


async def test_seat_buttons_choose_a_partner(harness: TelegramHarness, texts: Texts) -> None:
    await open_lobby(harness)
    await tap(harness, BOB.id, await table(harness), "3 · free")
    record = await game_in(harness)
    assert record.kind is kinds.GROUP
    assert isinstance(record.seats[2], HumanSeat)
    assert "Team 1: 1. \u2068Alice\u2069 · 3. \u2068Bob\u2069" in (await table(harness)).text
    answer = await tap(harness, CAROL.id, await table(harness), "1 · Alice")
    assert alert_of(answer) == texts.get("en", "refusal-seat-taken")  # the group's
    await tap(harness, BOB.id, await table(harness), "3 · Bob")  # his own seat: he stands up
    record = await game_in(harness)
    assert record.kind is kinds.GROUP
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


# -- the lobby's two views: its seats, and its settings ---------------------------------------


def rows_of(message: StoredMessage) -> list[list[str]]:
    assert message.markup is not None
    return [[b.text for b in row] for row in message.markup.inline_keyboard]


async def test_a_kozel_lobby_shows_ten_buttons_at_most_and_no_game_to_choose(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id)
    assert rows_of(await table(harness)) == [
        ["1 · Alice", "2 · Bob"],
        ["3 · Carol", "4 · free"],
        ["Join", "Leave", "🂠 My hand"],
        ["+ Bot", SETTINGS],
        ["Start", "Cancel"],
    ]
    shown = await settings(harness)
    assert rows_of(shown) == [
        [BOTS_MEDIUM],
        ["To 50", "● To 100", "To 150"],
        ["⏱ off", "⏱ 30 s", "● ⏱ 60 s", "⏱ 120 s"],
        [BACK],
    ]
    assert not {"Kozel", "Draw game", "4 players"} & set(labels(shown))
    # Nor does a forged press change the game of a /kozel lobby.
    before = await game_in(harness)
    for action in (GroupAction.VARIANT, GroupAction.PLAYERS):
        forged = GroupData(game=game.game_id, action=action).pack()
        answer = await harness.press(ALICE, shown, forged)
        assert alert_of(answer) == texts.get("en", "refusal-invalid")
    assert (await game_in(harness)).record == before.record


async def test_the_seats_show_eleven_buttons_the_settings_ten_marking_the_chosen_values(
    harness: TelegramHarness,
) -> None:
    await open_lobby(harness, "/new draw 4")
    lobby = await table(harness)
    assert len(lobby.buttons()) == 11
    assert "Draw game" not in labels(lobby)  # the game is chosen in the settings
    assert rows_of(await settings(harness)) == [
        ["Draw game", "4 players"],
        [BOTS_MEDIUM],
        ["To 50", "● To 100", "To 150"],
        ["⏱ Timer: 60 s"],
        [BACK],
    ]
    for label in ("To 50", BOTS_MEDIUM, "⏱ Timer: 60 s", "4 players", "Draw game"):
        await choose(harness, label)
    shown = await table(harness)
    assert rows_of(shown) == [
        ["Block game", "2 players"],
        [BOTS_HARD],
        ["● To 50", "To 100", "To 150"],
        ["⏱ Timer: 120 s"],
        [BACK],
    ]
    for said in ("<b>Block game</b>", "playing to 50", "2 players:", BOTS_HARD, "120 s"):
        assert said in shown.text
    settings_now = (await game_in(harness)).settings
    assert (settings_now.variant, settings_now.n_players) == (Variant.BLOCK, 2)
    assert (settings_now.target, settings_now.level, settings_now.turn_timer) == (
        50,
        Level.HARD,
        120,
    )


async def test_choosing_keeps_the_settings_and_back_returns_to_the_seats(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    lobby_id = (await table(harness)).message_id
    shown = await settings(harness)
    assert texts.get("en", "lobby-settings-hint") in shown.text
    assert "Join" not in labels(shown)
    assert "Team 1: 1. \u2068Alice\u2069 · 3. free" in shown.text  # the seats still told
    await choose(harness, "To 50")
    await choose(harness, "⏱ 120 s")
    record = await game_in(harness)
    assert isinstance(record.state, Lobby)
    assert record.state.settings_open
    shown = await table(harness)
    assert {"● To 50", "● ⏱ 120 s", BACK} <= set(labels(shown))
    # Anyone may go back to the seats: Bob, to sit down.
    answer = await tap(harness, BOB.id, shown, BACK)
    assert alert_of(answer) is None
    back = await table(harness)
    assert back.message_id == lobby_id  # the same message, edited
    assert labels(back)[-7:] == ["Join", "Leave", "🂠 My hand", "+ Bot", SETTINGS, "Start", "Cancel"]
    assert "Turn timer: 120 s to move" in back.text
    assert "the goats at 51" in back.text
    record = await game_in(harness)
    assert isinstance(record.state, Lobby)
    assert not record.state.settings_open
    assert (record.settings.target, record.settings.turn_timer) == (50, 120)


async def test_who_may_not_change_the_settings_is_refused_and_nothing_changes(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id)
    refused = texts.get("en", "refusal-not-allowed")
    before = await game_in(harness)
    answer = await tap(harness, BOB.id, await table(harness), SETTINGS)
    assert alert_of(answer) == refused  # seated, yet neither the opener nor an admin
    assert (await game_in(harness)).record == before.record
    assert SETTINGS in labels(await table(harness))
    opened = await settings(harness)  # the opener may
    before = await game_in(harness)
    for label in ("To 150", "⏱ off", BOTS_MEDIUM):
        answer = await tap(harness, BOB.id, opened, label)
        assert alert_of(answer) == refused
        answer = await tap(harness, EVE.id, opened, label)
        assert alert_of(answer) == refused
    assert (await game_in(harness)).record == before.record
    harness.fake.admins[GROUP] = {EVE.id}  # an admin may
    answer = await tap(harness, EVE.id, opened, "To 150")
    assert alert_of(answer) is None
    assert (await game_in(harness)).settings.target == 150


async def test_a_lobby_stored_before_the_settings_view_loads_and_opens_them(
    harness: TelegramHarness, redis: FakeAsyncRedis
) -> None:
    """A lobby saved by the previous version has no `settings_open` (nor
    `variant_fixed`): it loads showing its seats, and its settings open."""
    game = await open_lobby(harness)
    old = json.loads(game.record.to_json())
    for field in ("settings_open", "variant_fixed"):
        del old["stage"][field]
    old["version"] = game.version + 1  # a version this process never read nor wrote
    key = keys.game(game.game_id)
    await redis.hset(
        key, mapping={"v": old["version"], "d": zlib.compress(json.dumps(old).encode())}
    )
    loaded = await game_in(harness)
    assert loaded.version == game.version + 1
    assert isinstance(loaded.state, Lobby)
    assert not loaded.state.settings_open
    assert not loaded.state.variant_fixed  # the lobby as the older version showed it
    await settings(harness)
    record = await game_in(harness)
    assert isinstance(record.state, Lobby)
    assert record.state.settings_open
    assert record.version == game.version + 2
