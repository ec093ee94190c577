"""The turn timer of group games (60 s by default in a group's lobby): a reminder with
a mention when a third of the time is left, a bot's move for the person at the
deadline (the group told), and after two deadlines in a row a bot keeps the seat
until the person takes it back with one press. Timers live in Redis: a restarted
process, or a second one, keeps them."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis

from bot.app import create_app
from bot.game.seats import BotSeat, HumanSeat
from bot.game.state import Game, Playing
from bot.telegram.ports import Look
from tests.bot.conftest import QUICK_PACE, FakeClock, quick_players
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    BOB,
    CAROL,
    DAVE,
    PEOPLE,
    choose,
    game_in,
    group_texts,
    hand,
    kozel_of_four,
    open_lobby,
    seat_everyone,
    table,
    tap,
)
from texts import Texts


async def four_at_the_table(harness: TelegramHarness) -> Game:
    game = await kozel_of_four(harness)
    assert isinstance(game.state, Playing)
    assert game.settings.turn_timer == 60
    return game


def moves_of(game: Game) -> int:
    assert game.match is not None
    return len(game.match.state.decisions)


def mentions(harness: TelegramHarness, user_id: int) -> list[str]:
    return [t for t in group_texts(harness) if f"tg://user?id={user_id}" in t and "⏰" in t]


async def test_a_reminder_with_a_mention_comes_when_a_third_of_the_time_is_left(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    game = await four_at_the_table(harness)
    assert isinstance(game.state, Playing)
    mover = game.human(game.state.turn).user_id
    clock.advance(39)
    await harness.settle()
    assert mentions(harness, mover) == []
    clock.advance(2)
    await harness.settle()
    assert len(mentions(harness, mover)) == 1
    assert "19 seconds left" in mentions(harness, mover)[0]
    clock.advance(10)
    await harness.settle()
    assert len(mentions(harness, mover)) == 1, "reminded twice in one turn"
    assert moves_of(await game_in(harness)) == moves_of(game)


async def test_at_the_deadline_a_bot_moves_for_the_person_and_the_group_is_told(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    game = await four_at_the_table(harness)
    assert isinstance(game.state, Playing)
    seat = game.state.turn
    name = game.human(seat).name
    clock.advance(61)
    await harness.settle()
    after = await game_in(harness)
    assert moves_of(after) == moves_of(game) + 1
    occupant = after.seats[seat]
    assert isinstance(occupant, HumanSeat), "one deadline must not cost the seat"
    assert occupant.timeouts == 1
    assert any("time ran out" in t and name in t for t in group_texts(harness))


async def test_a_person_who_moves_in_time_starts_counting_again(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    game = await four_at_the_table(harness)
    assert isinstance(game.state, Playing)
    seat = game.state.turn
    user_id = game.human(seat).user_id
    clock.advance(61)
    await harness.settle()
    await wait_for_turn(harness, clock, seat, quick=True)
    message = await hand(harness, user_id)
    answer = await harness.press(PEOPLE[user_id], message, message.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    occupant = (await game_in(harness)).seats[seat]
    assert isinstance(occupant, HumanSeat)
    assert occupant.timeouts == 0


async def wait_for_turn(
    harness: TelegramHarness, clock: FakeClock, seat: int, *, quick: bool
) -> None:
    """Let the others' deadlines pass (or press for them, `quick`) until `seat` is to move."""
    for _ in range(40):
        game = await game_in(harness)
        if not isinstance(game.state, Playing):
            raise AssertionError("the hand ended before the seat's turn came back")
        if game.state.turn == seat:
            return
        mover = game.seats[game.state.turn]
        if quick and isinstance(mover, HumanSeat):
            message = await hand(harness, mover.user_id)
            data = message.buttons()[0].callback_data or ""
            await harness.press(PEOPLE[mover.user_id], message, data)
        else:
            clock.advance(61)
            await harness.settle()
    raise AssertionError("the seat's turn did not come back")


async def test_two_deadlines_in_a_row_hand_the_seat_to_a_bot_until_one_press_takes_it_back(
    harness: TelegramHarness, clock: FakeClock, texts: Texts
) -> None:
    game = await four_at_the_table(harness)
    assert isinstance(game.state, Playing)
    seat = game.state.turn
    person = game.human(seat)
    clock.advance(61)
    await harness.settle()
    await wait_for_turn(harness, clock, seat, quick=True)
    clock.advance(61)
    await harness.settle()

    away = (await game_in(harness)).seats[seat]
    assert isinstance(away, BotSeat)
    assert away.away is not None
    assert away.away.user_id == person.user_id
    assert any("missed two turns" in t for t in group_texts(harness))
    board = await table(harness)
    back = f"↩ Back: {person.name}"
    assert back in [b.text for b in board.buttons()]
    other = next(u for u in (BOB, CAROL, DAVE) if u.id != person.user_id)
    answer = await tap(harness, other.id, board, back)
    assert alert_of(answer) == texts.get("en", "refusal-not-allowed")  # the group's
    answer = await tap(harness, person.user_id, await table(harness), back)
    assert alert_of(answer) is None
    returned = (await game_in(harness)).seats[seat]
    assert isinstance(returned, HumanSeat)
    assert returned.user_id == person.user_id
    assert any("is back at the table" in t for t in group_texts(harness))


async def test_a_deadline_is_kept_across_a_restart(
    harness: TelegramHarness, clock: FakeClock, redis: FakeAsyncRedis, texts: Texts
) -> None:
    game = await four_at_the_table(harness)
    clock.advance(61)
    restarted = create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )
    await restarted.worker.revisit()
    await restarted.worker.settle()
    assert moves_of(await game_in(harness)) == moves_of(game) + 1


async def test_the_timer_can_be_turned_off_in_the_lobby(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await open_lobby(harness)
    answer = await choose(harness, "⏱ off")
    assert answer.params["text"] == "No turn timer."
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    game = await game_in(harness)
    clock.advance(600)
    await harness.settle()
    assert moves_of(await game_in(harness)) == moves_of(game)
    assert not any("⏰" in t for t in group_texts(harness))
