"""Slots booked ahead and kept (`bot.telegram.delivery.slots`): a caller that cannot
wait keeps its turn, and a full bot pace is not asked again until it frees."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import fakeredis.aioredis

from bot.store.pace import Booking, Limit, Limits, Pace
from bot.telegram.delivery.slots import KEPT, Slots

ALICE, BOB, CAROL = 101, 102, 103


@dataclass
class Clock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds


class CountingPace(Pace):
    """The real pace on fakeredis, counting the bookings asked of Redis."""

    asked: int = 0

    async def book(self, chat_id: int, now: float, ahead: float, *, spare: int = 0) -> Booking:
        self.asked += 1
        return await super().book(chat_id, now, ahead, spare=spare)


def slots_with(limits: Limits) -> tuple[Slots, CountingPace, Clock]:
    clock = Clock()
    pace = CountingPace(fakeredis.aioredis.FakeRedis(), limits)
    return Slots(pace, clock, clock.sleep), pace, clock


# The whole bot: one call a second, no burst; each chat as free as can be.
ONE_A_SECOND = Limits(private=Limit(0.001, 100), bot=Limit(1.0, 1), groups=None)


async def test_a_slot_booked_ahead_is_kept_and_given_when_its_caller_comes_back() -> None:
    slots, pace, clock = slots_with(ONE_A_SECOND)
    assert await slots.slot(ALICE) is None  # the bot's one slot this second
    at = await slots.slot(BOB, ahead=5.0)
    assert at == clock.now + 1.0  # booked for when the bot's pace frees
    asked = pace.asked
    assert await slots.slot(BOB, ahead=5.0) == at  # kept: not asked again
    assert pace.asked == asked
    clock.now = at
    assert await slots.slot(BOB) is None  # given without asking Redis
    assert pace.asked == asked


async def test_a_caller_that_cannot_wait_keeps_its_turn_among_those_that_book() -> None:
    slots, _, clock = slots_with(ONE_A_SECOND)
    assert await slots.slot(ALICE) is None
    turn = await slots.slot(BOB, ahead=5.0)  # the worker's pass, told to come back
    assert turn is not None
    # Someone else books and waits meanwhile: their slot comes after Bob's.
    await slots.book(CAROL, ahead=5.0)
    assert clock.now == turn + 1.0
    clock.now = turn
    assert await slots.slot(BOB) is None


async def test_a_full_bot_pace_is_not_asked_again_until_it_frees() -> None:
    slots, pace, clock = slots_with(ONE_A_SECOND)
    assert await slots.slot(ALICE) is None
    frees = await slots.slot(BOB)  # refused, nothing kept
    assert frees == clock.now + 1.0
    assert slots.bot_busy_until() == frees
    asked = pace.asked
    assert await slots.slot(CAROL) == frees
    assert pace.asked == asked  # known full: Redis is not asked
    clock.now = frees
    assert slots.bot_busy_until() is None
    assert await slots.slot(CAROL) is None
    assert pace.asked == asked + 1


async def test_a_kept_slot_its_caller_came_back_too_late_for_is_asked_anew() -> None:
    slots, pace, clock = slots_with(ONE_A_SECOND)
    assert await slots.slot(ALICE) is None
    at = await slots.slot(BOB, ahead=5.0)
    assert at is not None
    clock.now = at + KEPT + 0.5  # its time passed: using it now could make a burst
    asked = pace.asked
    await slots.slot(BOB)
    assert pace.asked == asked + 1  # not given: asked anew


async def test_two_waiting_callers_of_one_chat_never_share_its_kept_slot() -> None:
    slots, _, clock = slots_with(ONE_A_SECOND)
    assert await slots.slot(ALICE) is None
    at = await slots.slot(BOB, ahead=5.0)
    assert at is not None
    # A pass that waits for Bob's chat finds the kept slot and sleeps until it...
    assert await slots.book(BOB, ahead=5.0) is None
    assert clock.now == at
    # ...so the pass that kept it, coming back, gets the next one.
    assert await slots.slot(BOB, ahead=5.0) == at + 1.0


class Parked:
    """Sleeps that wait until the test lets them go (the clock is moved by hand)."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.waiting = 0

    async def __call__(self, seconds: float) -> None:
        self.waiting += 1
        await self.go.wait()


async def test_a_slot_a_reply_waits_for_is_not_given_to_a_pass_that_comes_back_meanwhile() -> None:
    clock, parked = Clock(), Parked()
    slots = Slots(CountingPace(fakeredis.aioredis.FakeRedis(), ONE_A_SECOND), clock, parked)
    assert await slots.slot(ALICE) is None  # the bot's one slot this second
    reply = asyncio.create_task(slots.book(BOB, ahead=5.0))
    while not parked.waiting:
        await asyncio.sleep(0)
    clock.now += 1.0  # the reply's slot: the worker's pass for Bob's chat comes back now
    assert await slots.slot(BOB) == clock.now + 1.0  # the next one, not the reply's
    parked.go.set()
    assert await reply is None


async def test_a_reply_takes_the_slot_a_pass_kept_and_the_pass_asks_again() -> None:
    slots, _, clock = slots_with(ONE_A_SECOND)
    assert await slots.slot(ALICE) is None
    kept = await slots.slot(BOB, ahead=5.0)  # the worker's pass, told to come back
    assert kept == clock.now + 1.0
    assert await slots.book(BOB, ahead=5.0) is None  # a reply in Bob's chat goes first
    assert clock.now == kept
    assert await slots.slot(BOB) == kept + 1.0


async def test_a_groups_game_leaves_a_call_of_its_burst_to_a_reply() -> None:
    slots, _, clock = slots_with(Limits(group=Limit(3.5, 3), groups=None, bot=Limit(0.001, 100)))
    group = -4001
    assert await slots.slot(group, spare=1) is None
    assert await slots.slot(group, spare=1) is None  # the table: two of the three at once
    assert await slots.slot(group, spare=1) == clock.now + 3.5  # the third: for replies
    start = clock.now
    assert await slots.book(group, ahead=10.0) is None  # a reply goes at once
    assert clock.now == start
    assert await slots.book(group, ahead=10.0) is None  # the next one, in the pace's turn
    assert clock.now == start + 3.5
