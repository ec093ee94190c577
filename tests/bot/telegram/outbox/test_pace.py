"""Telegram's limits as a sender keeps them (`bot.telegram.outbox.pace`): a GCRA per
chat, and a process's share of the bot's limit."""

from __future__ import annotations

from bot.telegram.outbox.pace import Limit, Limits, Pace


def test_a_chat_s_pace_lets_its_burst_go_at_once_then_one_call_an_interval() -> None:
    pace = Pace(Limit(interval=1.0, burst=2))
    assert [pace.take(10.0) for _ in range(4)] == [10.0, 10.0, 11.0, 12.0]


def test_a_turn_given_back_goes_to_the_next_call() -> None:
    pace = Pace(Limit(interval=1.0))
    pace.take(10.0)
    pace.give_back()
    assert pace.take(10.0) == 10.0


def test_a_wait_telegram_asked_for_holds_the_chat_s_next_call() -> None:
    pace = Pace(Limit(interval=1.0, burst=3))
    pace.hold(until=20.0)
    assert pace.free_at(10.0) == 20.0


def test_a_process_takes_an_equal_part_of_the_bot_s_limit() -> None:
    bot, two = Limits().bot, Limits().share(processes=2)
    assert two.interval == 2 * bot.interval
    assert two.burst == bot.burst
