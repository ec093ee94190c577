"""🂠 on the group's table (`bot.telegram.handlers.own_hand`, `bot.telegram.show.ephemeral`):
the presser's hand, shown to them alone inside the group (an ephemeral message), with
their moves when it is their turn; a move from it counts once, as from their private
chat; it follows their turns; someone not at the table is refused; someone whose
ephemeral messages never arrive plays on from their private chat."""

from __future__ import annotations

import pytest

from bot.game.state import Game, Playing
from bot.telegram.callbacks import HandData
from bot.telegram.ports import Look
from tests.bot.conftest import FakeClock
from tests.bot.fake_ephemeral import Ephemeral
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    PEOPLE,
    game_in,
    hand,
    kozel_of_four,
    open_lobby,
    seat_everyone,
    table,
)
from texts import Texts


def mover_of(game: Game) -> int:
    state = game.state
    assert isinstance(state, Playing)
    return game.human(state.turn).user_id


async def press_my_hand(harness: TelegramHarness, user_id: int) -> str | None:
    """`user_id` presses 🂠 on the table; the alert they got, if any."""
    game = await game_in(harness)
    data = HandData(game=game.game_id).pack()
    return alert_of(await harness.press(PEOPLE[user_id], await table(harness), data))


async def others_play_until_the_turn_of(harness: TelegramHarness, user_id: int) -> None:
    """The others move from their private chats until it is `user_id`'s turn."""
    for _ in range(8):
        game = await game_in(harness)
        if mover_of(game) == user_id:
            return
        mover = mover_of(game)
        private = await hand(harness, mover)
        data = private.buttons()[0].callback_data or ""
        assert alert_of(await harness.press(PEOPLE[mover], private, data)) is None
    raise AssertionError(f"the turn did not come to {user_id}")


def seen(harness: TelegramHarness, user_id: int) -> list[Ephemeral]:
    return harness.fake.ephemerals.seen_by(user_id, GROUP)


def moves_on(message: Ephemeral) -> list[str]:
    rows = message.markup.inline_keyboard if message.markup is not None else []
    return [
        b.callback_data or ""
        for row in rows
        for b in row
        if (b.callback_data or "").startswith("mv:")
    ]


async def test_the_mover_sees_their_hand_in_the_group_and_plays_from_it_once(
    harness: TelegramHarness,
) -> None:
    game = await kozel_of_four(harness)
    mover = mover_of(game)
    assert await press_my_hand(harness, mover) is None
    (shown,) = seen(harness, mover)
    assert all(seen(harness, other) == [] for other in PEOPLE if other != mover)
    view = game.seat_view(game.seat_of(mover) or 0)
    assert all(
        f"{t.low}|{t.high}" in shown.text or f"{t.high}|{t.low}" in shown.text for t in view.hand
    )
    move = moves_on(shown)[0]
    answer = await harness.press_ephemeral(PEOPLE[mover], shown, move)
    assert alert_of(answer) is None
    after = await game_in(harness)
    assert after.version > game.version
    assert len(after.seat_view(game.seat_of(mover) or 0).hand) == len(view.hand) - 1
    again = await harness.press_ephemeral(PEOPLE[mover], shown, move)  # the same button
    assert alert_of(again) is not None  # out of date: nothing changed
    assert (await game_in(harness)).version == after.version


@pytest.mark.parametrize("look", [Look.TEXT, Look.PICTURE], indirect=True)
async def test_the_hand_in_the_group_gets_its_moves_when_the_turn_comes(
    harness: TelegramHarness, look: Look
) -> None:
    game = await kozel_of_four(harness)
    waiting = next(p for p in PEOPLE if p != mover_of(game) and game.seat_of(p) is not None)
    assert await press_my_hand(harness, waiting) is None
    (shown,) = seen(harness, waiting)
    assert moves_on(shown) == []  # not their turn
    await others_play_until_the_turn_of(harness, waiting)
    (shown,) = seen(harness, waiting)
    assert moves_on(shown)  # edited: their moves, to them alone
    assert (shown.photo is not None) == (look is Look.PICTURE)  # in the group's look


async def test_someone_not_at_the_table_is_refused(harness: TelegramHarness, texts: Texts) -> None:
    await kozel_of_four(harness)
    assert await press_my_hand(harness, EVE.id) == texts.get("en", "refusal-not-seated")
    assert seen(harness, EVE.id) == []


async def test_someone_offline_plays_on_from_their_private_chat(
    harness: TelegramHarness,
) -> None:
    game = await kozel_of_four(harness)
    mover = mover_of(game)
    harness.fake.ephemerals.offline.add(mover)
    assert await press_my_hand(harness, mover) is None
    assert seen(harness, mover) == []  # it never arrived; nothing tells the bot
    private = await hand(harness, mover)
    data = private.buttons()[0].callback_data or ""
    assert alert_of(await harness.press(PEOPLE[mover], private, data)) is None
    assert (await game_in(harness)).version > game.version


@pytest.mark.parametrize("admin", [False, True])
async def test_a_hand_telegram_no_longer_has_comes_back_at_the_turn_where_the_bot_may(
    harness: TelegramHarness, clock: FakeClock, admin: bool
) -> None:
    """An ephemeral message expired: where the bot administers the group it sends the
    person's hand again at their turn (no press needed there); elsewhere it waits for
    their next 🂠."""
    if admin:
        harness.fake.bot_admin_in.add(GROUP)
        await harness.bot_status(PEOPLE[ALICE.id], GROUP, "administrator")
    harness.fake.ephemerals.lifetime = 30.0
    game = await kozel_of_four(harness)
    waiting = next(p for p in PEOPLE if p != mover_of(game) and game.seat_of(p) is not None)
    assert await press_my_hand(harness, waiting) is None
    assert len(seen(harness, waiting)) == 1
    clock.advance(31)  # it expires
    assert seen(harness, waiting) == []
    await others_play_until_the_turn_of(harness, waiting)
    again = seen(harness, waiting)
    if admin:
        (shown,) = again
        assert moves_on(shown)
    else:
        assert again == []
        assert await press_my_hand(harness, waiting) is None  # their next 🂠
        (shown,) = seen(harness, waiting)
        assert moves_on(shown)


async def test_pressed_in_the_lobby_it_shows_the_seat_then_the_hand_at_the_first_turn(
    harness: TelegramHarness, texts: Texts
) -> None:
    """🂠 on the lobby: the presser's seat, to them alone; the match dealt, their first
    turn edits it into their hand with their moves, no press needed."""
    await open_lobby(harness)
    lobby = await table(harness)
    mine = lobby.button("🂠 My hand").callback_data or ""
    assert alert_of(await harness.press(EVE, lobby, mine)) == texts.get("en", "refusal-not-seated")
    assert alert_of(await harness.press(ALICE, lobby, mine)) is None
    (shown,) = seen(harness, ALICE.id)
    assert shown.text == texts.get("en", "group-hand-lobby")
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    await others_play_until_the_turn_of(harness, ALICE.id)
    (shown,) = seen(harness, ALICE.id)
    assert moves_on(shown)
