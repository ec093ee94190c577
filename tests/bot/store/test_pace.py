"""The pace of calls: a GCRA per chat and one for the whole bot, checked together;
a refused call is told when it may go, and a 429 holds the chat."""

from __future__ import annotations

from bisect import bisect_left

import pytest
from fakeredis import FakeAsyncRedis

from bot.store import keys
from bot.store.pace import BOT, Limit, Limits, Pace

GROUP = -4001
PRIVATE = 1001
NO_LIMIT = Limit(interval=0)


def most_in_any_window(times: list[float], window: float) -> int:
    """The most of `times` (sorted) within any half-open span of `window` seconds."""
    return max(bisect_left(times, t + window) - i for i, t in enumerate(times))


async def stream(
    pace: Pace, chats: list[int], start: float, step: float, count: int
) -> list[float]:
    """Attempt a call every `step` seconds, to each of `chats` in turn: the times let go."""
    allowed = []
    for i in range(count):
        now = start + i * step
        if await pace.take(chats[i % len(chats)], now) is None:
            allowed.append(now)
    return allowed


async def test_a_group_gets_at_most_20_calls_in_any_minute(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=NO_LIMIT, group=Limit(3.5, burst=3), bot=NO_LIMIT))
    allowed = await stream(pace, [GROUP], start=1000.0, step=0.25, count=4 * 300)
    assert most_in_any_window(allowed, 60.0) <= 20
    assert allowed[:4] == [1000.0, 1000.25, 1000.5, 1003.5]  # the burst, then the pace
    # ... and not much fewer: a burst, then one every 3.5 seconds.
    assert len(allowed) >= 3 + int(300 / 3.5) - 1


async def test_a_private_chat_bursts_then_waits(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=Limit(1.0, burst=3), group=NO_LIMIT, bot=NO_LIMIT))
    assert [await pace.take(PRIVATE, 100.0) for _ in range(3)] == [None, None, None]
    assert await pace.take(PRIVATE, 100.0) == pytest.approx(101.0)
    assert await pace.take(PRIVATE, 100.5) == pytest.approx(101.0)  # nothing was taken
    assert await pace.take(PRIVATE, 101.0) is None
    assert await pace.take(PRIVATE, 101.0) == pytest.approx(102.0)
    assert await pace.take(PRIVATE, 200.0) is None  # a quiet chat has its burst back
    assert await pace.take(PRIVATE, 200.0) is None
    assert await pace.take(PRIVATE, 200.0) is None


async def test_chats_are_paced_apart(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=Limit(1.0), group=Limit(3.5), bot=NO_LIMIT))
    assert await pace.take(PRIVATE, 10.0) is None
    assert await pace.take(PRIVATE, 10.0) == pytest.approx(11.0)
    assert await pace.take(PRIVATE + 1, 10.0) is None
    assert await pace.take(GROUP, 10.0) is None
    assert await pace.take(GROUP, 10.0) == pytest.approx(13.5)


async def test_a_held_chat_waits_until_the_time_telegram_asked_for(
    redis: FakeAsyncRedis,
) -> None:
    pace = Pace(redis, Limits(private=Limit(1.0, burst=3), group=NO_LIMIT, bot=NO_LIMIT))
    assert await pace.take(PRIVATE, 50.0) is None
    await pace.hold(PRIVATE, now=50.0, until=60.0)
    assert await pace.take(PRIVATE, 55.0) == pytest.approx(60.0)
    assert await pace.take(PRIVATE + 1, 55.0) is None  # other chats go on
    assert await pace.take(PRIVATE, 60.0) is None
    assert await pace.take(PRIVATE, 60.0) == pytest.approx(61.0)  # no burst right after a 429


async def test_a_hold_never_shortens_a_longer_one(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=Limit(1.0), group=NO_LIMIT, bot=NO_LIMIT))
    await pace.hold(PRIVATE, now=0.0, until=30.0)
    await pace.hold(PRIVATE, now=1.0, until=5.0)
    assert await pace.take(PRIVATE, 10.0) == pytest.approx(30.0)


async def test_the_bot_gets_at_most_30_calls_in_any_second_across_chats(
    redis: FakeAsyncRedis,
) -> None:
    pace = Pace(redis)  # Telegram's limits
    chats = [*range(1, 61), *range(-60, 0)]  # 60 private chats and 60 groups, each in turn
    allowed = await stream(pace, chats, start=5000.0, step=0.005, count=800)
    assert most_in_any_window(allowed, 1.0) <= 30
    assert len(allowed) >= 4 * 25 - 5  # four seconds at about 25 a second


async def test_a_call_the_bot_may_not_make_takes_nothing_from_the_chat(
    redis: FakeAsyncRedis,
) -> None:
    pace = Pace(redis, Limits(private=Limit(100.0, burst=2), group=NO_LIMIT, bot=Limit(10.0)))
    assert await pace.take(PRIVATE + 1, 0.0) is None  # the bot's one slot
    for now in (0.0, 3.0, 6.0):
        assert await pace.take(PRIVATE, now) == pytest.approx(10.0)
    assert await pace.take(PRIVATE, 10.0) is None
    assert await pace.take(PRIVATE, 20.0) is None  # the chat's burst was whole
    assert await pace.take(PRIVATE, 30.0) == pytest.approx(110.0)


async def test_the_later_of_the_two_limits_is_the_answer(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=Limit(4.0), group=NO_LIMIT, bot=Limit(2.0)))
    assert await pace.take(PRIVATE, 0.0) is None
    assert await pace.take(PRIVATE, 0.0) == pytest.approx(4.0)  # the chat's, later
    assert await pace.take(PRIVATE + 1, 0.0) == pytest.approx(2.0)  # the bot's


async def test_pace_keys_go_away_once_they_no_longer_matter(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=Limit(1.0, burst=3), group=NO_LIMIT, bot=Limit(0.04)))
    assert await pace.take(PRIVATE, 0.0) is None
    assert 0 < await redis.pttl(keys.pace(PRIVATE)) <= 2000
    assert 0 < await redis.pttl(keys.pace(BOT)) <= 2000


def test_private_chats_and_groups_have_their_own_limits() -> None:
    limits = Limits()
    assert limits.of(PRIVATE) == limits.private
    assert limits.of(GROUP) == limits.group
    assert limits.group.burst + 60 / limits.group.interval - 1 <= 20
    assert limits.bot.burst + 1 / limits.bot.interval - 1 <= 30
