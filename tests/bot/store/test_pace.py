"""The pace of calls: a GCRA per chat and one for the whole bot, each taken on its own
slot; a refused call is told when it may go (the slot the other pace took given back),
and a 429 holds the chat."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Awaitable, Callable

import pytest
from fakeredis import FakeAsyncRedis
from redis.crc import key_slot

from bot.store import keys
from bot.store.client import RedisClient
from bot.store.pace import BOT, Limit, Limits, Pace, _Answer
from tests.slot_guard import SCRIPTS, SlotGuard

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
    pace = Pace(
        redis, Limits(private=NO_LIMIT, group=Limit(3.5, burst=3), bot=NO_LIMIT, groups=None)
    )
    allowed = await stream(pace, [GROUP], start=1000.0, step=0.25, count=4 * 300)
    assert most_in_any_window(allowed, 60.0) <= 20
    assert allowed[:4] == [1000.0, 1000.25, 1000.5, 1003.5]  # the burst, then the pace
    # ... and not much fewer: a burst, then one every 3.5 seconds.
    assert len(allowed) >= 3 + int(300 / 3.5) - 1


async def test_a_private_chat_bursts_then_waits(redis: FakeAsyncRedis) -> None:
    pace = Pace(
        redis, Limits(private=Limit(1.0, burst=3), group=NO_LIMIT, bot=NO_LIMIT, groups=None)
    )
    assert [await pace.take(PRIVATE, 100.0) for _ in range(3)] == [None, None, None]
    assert await pace.take(PRIVATE, 100.0) == pytest.approx(101.0)
    assert await pace.take(PRIVATE, 100.5) == pytest.approx(101.0)  # nothing was taken
    assert await pace.take(PRIVATE, 101.0) is None
    assert await pace.take(PRIVATE, 101.0) == pytest.approx(102.0)
    assert await pace.take(PRIVATE, 200.0) is None  # a quiet chat has its burst back
    assert await pace.take(PRIVATE, 200.0) is None
    assert await pace.take(PRIVATE, 200.0) is None


async def test_chats_are_paced_apart(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=Limit(1.0), group=Limit(3.5), bot=NO_LIMIT, groups=None))
    assert await pace.take(PRIVATE, 10.0) is None
    assert await pace.take(PRIVATE, 10.0) == pytest.approx(11.0)
    assert await pace.take(PRIVATE + 1, 10.0) is None
    assert await pace.take(GROUP, 10.0) is None
    assert await pace.take(GROUP, 10.0) == pytest.approx(13.5)


async def test_a_held_chat_waits_until_the_time_telegram_asked_for(
    redis: FakeAsyncRedis,
) -> None:
    pace = Pace(
        redis, Limits(private=Limit(1.0, burst=3), group=NO_LIMIT, bot=NO_LIMIT, groups=None)
    )
    assert await pace.take(PRIVATE, 50.0) is None
    await pace.hold(PRIVATE, now=50.0, until=60.0)
    assert await pace.take(PRIVATE, 55.0) == pytest.approx(60.0)
    assert await pace.take(PRIVATE + 1, 55.0) is None  # other chats go on
    assert await pace.take(PRIVATE, 60.0) is None
    assert await pace.take(PRIVATE, 60.0) == pytest.approx(61.0)  # no burst right after a 429


async def test_a_hold_never_shortens_a_longer_one(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=Limit(1.0), group=NO_LIMIT, bot=NO_LIMIT, groups=None))
    await pace.hold(PRIVATE, now=0.0, until=30.0)
    await pace.hold(PRIVATE, now=1.0, until=5.0)
    assert await pace.take(PRIVATE, 10.0) == pytest.approx(30.0)


async def test_the_bot_gets_at_most_30_calls_in_any_second_across_chats(
    redis: FakeAsyncRedis,
) -> None:
    pace = Pace(redis)  # Telegram's limits
    # 60 private chats and 60 groups, one of each in turn: each share of the bot's pace
    # is asked for all the time (a share not asked for is not lent to the other).
    chats = [c for n in range(1, 61) for c in (n, -n)]
    allowed = await stream(pace, chats, start=5000.0, step=0.005, count=800)
    assert most_in_any_window(allowed, 1.0) <= 30
    assert len(allowed) >= 4 * 25 - 5  # four seconds at about 25 a second


async def test_a_call_the_bot_may_not_make_takes_nothing_from_the_chat(
    redis: FakeAsyncRedis,
) -> None:
    pace = Pace(
        redis, Limits(private=Limit(100.0, burst=2), group=NO_LIMIT, bot=Limit(10.0), groups=None)
    )
    assert await pace.take(PRIVATE + 1, 0.0) is None  # the bot's one slot
    for now in (0.0, 3.0, 6.0):
        assert await pace.take(PRIVATE, now) == pytest.approx(10.0)
    assert await pace.take(PRIVATE, 10.0) is None
    assert await pace.take(PRIVATE, 20.0) is None  # the chat's burst was whole
    assert await pace.take(PRIVATE, 30.0) == pytest.approx(110.0)


async def test_the_later_of_the_two_limits_is_the_answer(redis: FakeAsyncRedis) -> None:
    pace = Pace(redis, Limits(private=Limit(4.0), group=NO_LIMIT, bot=Limit(2.0), groups=None))
    assert await pace.take(PRIVATE, 0.0) is None
    assert await pace.take(PRIVATE, 0.0) == pytest.approx(4.0)  # the chat's, later
    assert await pace.take(PRIVATE + 1, 0.0) == pytest.approx(2.0)  # the bot's


async def test_pace_keys_go_away_once_they_no_longer_matter(redis: FakeAsyncRedis) -> None:
    pace = Pace(
        redis, Limits(private=Limit(1.0, burst=3), group=NO_LIMIT, bot=Limit(0.04), groups=None)
    )
    assert await pace.take(PRIVATE, 0.0) is None
    assert 0 < await redis.pttl(keys.pace(PRIVATE)) <= 2000
    assert 0 < await redis.pttl(keys.pace(BOT)) <= 2000


def test_private_chats_and_groups_have_their_own_limits() -> None:
    limits = Limits()
    assert limits.of(PRIVATE) == limits.private
    assert limits.of(GROUP) == limits.group
    assert limits.group.burst + 60 / limits.group.interval - 1 <= 20
    assert limits.bot.burst + 1 / limits.bot.interval - 1 <= 30


class Interleaved(Pace):
    """A process whose refund comes after `meanwhile`: what other processes did between
    its take and its refund."""

    def __init__(
        self, redis: RedisClient, limits: Limits, meanwhile: Callable[[], Awaitable[object]]
    ) -> None:
        super().__init__(redis, limits)
        self.meanwhile = meanwhile

    async def _give_back(self, taken: _Answer, now: float) -> None:
        await self.meanwhile()
        await super()._give_back(taken, now)


async def stored(redis: FakeAsyncRedis, chat_id: int) -> bytes | None:
    value = await redis.get(keys.pace(chat_id))
    assert value is None or isinstance(value, bytes)
    return value


async def test_every_take_refund_and_hold_touches_one_slot(redis: FakeAsyncRedis) -> None:
    guard = SlotGuard(strict=True)  # a cross-slot script fails where it is sent
    guard.watch(redis)
    pace = Pace(redis, Limits(private=Limit(100.0), group=Limit(3.5), bot=Limit(10.0), groups=None))
    assert await pace.take(PRIVATE, 0.0) is None  # both taken
    assert await pace.take(PRIVATE, 0.0) == pytest.approx(100.0)  # the bot's given back
    assert await pace.take(PRIVATE + 1, 0.0) == pytest.approx(10.0)  # the chat's given back
    await pace.hold(GROUP, now=0.0, until=30.0)
    scripts = [s for s in guard.sent if s.name in SCRIPTS]
    # Three takes of two paces, two refunds, a hold (and a script sent again, loaded).
    assert len(scripts) >= 9
    for script in scripts:
        assert len({key_slot(k) for k in script.keys}) == 1, script
    declared = {k.decode() for s in scripts for k in s.keys}
    chats = (PRIVATE, PRIVATE + 1, GROUP, BOT)
    assert declared == {k for c in chats for k in (keys.pace(c), keys.pace_run(c))}


@pytest.mark.parametrize("chat_id", [BOT, PRIVATE, GROUP, 7_000_000_001, -1_002_003_004_005])
def test_a_pace_and_its_run_share_a_slot(chat_id: int) -> None:
    assert key_slot(keys.pace_run(chat_id).encode()) == key_slot(keys.pace(chat_id).encode())


async def test_a_slot_given_back_leaves_the_pace_exactly_as_it_was(
    redis: FakeAsyncRedis,
) -> None:
    # An interval with no exact binary or decimal form, at a time of today's size.
    pace = Pace(
        redis, Limits(private=Limit(100.0), group=NO_LIMIT, bot=Limit(1 / 30, burst=5), groups=None)
    )
    now = 1_717_243_200.123457
    assert await pace.take(PRIVATE, now) is None
    bot = await stored(redis, BOT)
    assert bot == b"1717243200.156790"
    for _ in range(50):  # the chat refuses; the bot's slot, taken, is given back
        assert await pace.take(PRIVATE, now) == pytest.approx(now + 100.0)
    assert await stored(redis, BOT) == bot
    # The bot's burst is whole: four more calls go at once (the first took one).
    allowed = [await pace.take(PRIVATE + n, now) for n in range(1, 6)]
    assert allowed[:4] == [None] * 4
    assert allowed[4] is not None


async def test_a_refund_after_other_takes_gives_back_only_its_own(
    redis: FakeAsyncRedis,
) -> None:
    limits = Limits(private=Limit(100.0), group=NO_LIMIT, bot=Limit(1.0, burst=3), groups=None)
    other = Pace(redis, limits)
    pace = Interleaved(redis, limits, lambda: other.take(PRIVATE + 1, 0.0))
    assert await other.take(PRIVATE, 0.0) is None  # the bot's TAT: 1
    # The chat refuses; the bot's slot was taken (TAT 2), another process takes the next
    # (TAT 3), then the first slot comes back: one interval, the other's stays taken.
    assert await pace.take(PRIVATE, 0.0) == pytest.approx(100.0)
    assert await stored(redis, BOT) == b"2.000000"
    assert await other.take(PRIVATE + 2, 0.0) is None  # the third of the burst
    assert await other.take(PRIVATE + 3, 0.0) == pytest.approx(1.0)


async def test_a_refund_after_the_pace_went_idle_gives_nothing_back(
    redis: FakeAsyncRedis,
) -> None:
    limits = Limits(private=Limit(100.0), group=NO_LIMIT, bot=Limit(1.0, burst=2), groups=None)
    other = Pace(redis, limits)
    # Before the refund comes, the bot's pace went idle and a take was charged from its
    # own time: the refunded take no longer weighs on it.
    pace = Interleaved(redis, limits, lambda: other.take(PRIVATE + 1, 5.0))
    assert await other.take(PRIVATE, 0.0) is None
    assert await pace.take(PRIVATE, 0.0) == pytest.approx(100.0)
    assert await stored(redis, BOT) == b"6.000000"  # one interval back would be 5
    assert await other.take(PRIVATE + 2, 5.0) is None  # the burst's second
    assert await other.take(PRIVATE + 3, 5.0) == pytest.approx(6.0)  # and no third


async def test_a_refund_never_cuts_into_a_hold(redis: FakeAsyncRedis) -> None:
    limits = Limits(private=Limit(1.0, burst=3), group=NO_LIMIT, bot=Limit(10.0), groups=None)
    other = Pace(redis, limits)
    # The chat took, the bot refused; meanwhile Telegram answered 429 for the chat.
    pace = Interleaved(redis, limits, lambda: other.hold(PRIVATE, now=0.0, until=5.0))
    assert await other.take(PRIVATE + 1, 0.0) is None  # the bot's one slot
    assert await pace.take(PRIVATE, 0.0) == pytest.approx(10.0)
    assert await stored(redis, PRIVATE) == b"7.000000"  # held to 5, then the burst
    await redis.delete(keys.pace(BOT))  # the bot free: the chat's own answer shows
    assert await other.take(PRIVATE, 4.9) == pytest.approx(5.0)


async def test_a_refund_of_a_pace_gone_meanwhile_writes_nothing(redis: FakeAsyncRedis) -> None:
    limits = Limits(private=Limit(100.0), group=NO_LIMIT, bot=Limit(1.0, burst=3), groups=None)

    async def lapsed() -> None:
        await redis.delete(keys.pace(BOT))
        await redis.delete(keys.pace_run(BOT))

    other = Pace(redis, limits)
    assert await other.take(PRIVATE, 0.0) is None
    assert await Interleaved(redis, limits, lapsed).take(PRIVATE, 0.0) == pytest.approx(100.0)
    assert await stored(redis, BOT) is None
    assert await redis.exists(keys.pace_run(BOT)) == 0


async def test_crossed_refunds_leave_the_pace_as_it_was(redis: FakeAsyncRedis) -> None:
    limits = Limits(private=Limit(100.0), group=NO_LIMIT, bot=Limit(0.25, burst=5), groups=None)
    second = Pace(redis, limits)
    # The first takes, the second takes and gives back, then the first gives back.
    first = Interleaved(redis, limits, lambda: second.take(PRIVATE + 1, 0.1))
    assert await second.take(PRIVATE, 0.0) is None
    assert await second.take(PRIVATE + 1, 0.0) is None
    before = await stored(redis, BOT)
    assert before == b"0.500000"
    assert await first.take(PRIVATE, 0.05) == pytest.approx(100.0)
    assert await stored(redis, BOT) == before


async def test_slots_booked_ahead_are_each_callers_own_turn(redis: FakeAsyncRedis) -> None:
    """Callers waiting for the bot's pace each book a slot of their own, one interval
    apart, instead of all coming back when the next frees; past `ahead`, nothing is
    taken."""
    pace = Pace(
        redis, Limits(private=NO_LIMIT, group=NO_LIMIT, bot=Limit(0.04, burst=1), groups=None)
    )
    assert await pace.take(1, 100.0) is None
    booked = [await pace.book(chat, 100.0, ahead=0.1) for chat in (2, 3)]
    assert [b.booked for b in booked] == [True, True]
    assert [b.at for b in booked] == pytest.approx([100.04, 100.08])
    refused = await pace.book(4, 100.0, ahead=0.1)
    assert not refused.booked
    assert refused.at == pytest.approx(100.12)
    assert await pace.take(4, 100.1) == pytest.approx(100.12)  # the refusal took nothing


async def test_a_booking_one_pace_refuses_gives_the_others_slot_back(
    redis: FakeAsyncRedis,
) -> None:
    pace = Pace(
        redis, Limits(private=Limit(1.0, burst=1), group=NO_LIMIT, bot=Limit(5.0), groups=None)
    )
    assert await pace.take(PRIVATE, 100.0) is None  # the bot's next slot is at 105
    refused = await pace.book(PRIVATE + 1, 100.0, ahead=2.0)
    assert not refused.booked
    assert refused.at == pytest.approx(105.0)
    # The other chat's own pace was given its slot back: it is free at once then.
    assert await pace.take(PRIVATE + 1, 105.0) is None


async def test_groups_and_private_chats_take_each_their_own_share_of_the_bots_pace(
    redis: FakeAsyncRedis,
) -> None:
    shares = Limits(private=NO_LIMIT, group=NO_LIMIT, bot=Limit(1.0), groups=Limit(1.0))
    pace = Pace(redis, shares)
    assert await pace.take(PRIVATE, 100.0) is None
    # Private chats' share is spent for this second; a group's is whole.
    assert await pace.take(PRIVATE + 1, 100.0) == pytest.approx(101.0)
    assert await pace.take(GROUP, 100.0) is None
    assert await pace.take(GROUP - 1, 100.0) == pytest.approx(101.0)
    booking = await pace.book(GROUP - 1, 100.0, 0.0)
    assert booking.bot_at == pytest.approx(101.0)  # the groups' share said when it frees


async def test_without_a_share_of_their_own_groups_share_the_bots_pace(
    redis: FakeAsyncRedis,
) -> None:
    pace = Pace(redis, Limits(private=NO_LIMIT, group=NO_LIMIT, bot=Limit(1.0), groups=None))
    assert await pace.take(PRIVATE, 100.0) is None
    assert await pace.take(GROUP, 100.0) == pytest.approx(101.0)
