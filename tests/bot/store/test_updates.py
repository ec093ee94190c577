"""Claims on updates: one process handles an update, a second one handed it waits and
drops it once done, and a dead process's claim lapses so the update is handled again."""

from __future__ import annotations

import asyncio

from fakeredis import FakeAsyncRedis

from bot.store import keys
from bot.store.updates import CLAIM, UpdateClaims

BOT = 42


async def test_an_update_is_claimed_once_and_dropped_once_done(redis: FakeAsyncRedis) -> None:
    claims = UpdateClaims(redis)
    claim = await claims.claim(BOT, 7)
    assert claim is not None
    await claim.done()
    assert await claims.claim(BOT, 7) is None
    assert await claims.claim(BOT, 8) is not None  # another update
    assert await claims.claim(BOT + 1, 7) is not None  # another bot's update 7


async def test_a_second_process_waits_for_the_first_and_drops_what_it_did(
    redis: FakeAsyncRedis,
) -> None:
    first, second = UpdateClaims(redis, poll=0.01), UpdateClaims(redis, poll=0.01)
    claim = await first.claim(BOT, 7)
    assert claim is not None
    waiting = asyncio.create_task(second.claim(BOT, 7))
    await asyncio.sleep(0.05)
    assert not waiting.done(), "the second process did not wait for the first"
    await claim.done()
    assert await asyncio.wait_for(waiting, 1) is None


async def test_an_update_cut_short_is_handed_to_the_next_who_gets_it(
    redis: FakeAsyncRedis,
) -> None:
    claims = UpdateClaims(redis, poll=0.01)
    claim = await claims.claim(BOT, 7)
    assert claim is not None
    await claim.release()
    assert await claims.claim(BOT, 7) is not None


async def test_a_dead_processs_claim_lapses_and_the_update_is_handled(
    redis: FakeAsyncRedis,
) -> None:
    claims = UpdateClaims(redis, poll=0.01)
    assert await claims.claim(BOT, 7) is not None  # its process dies here
    ttl = await redis.pttl(keys.update(BOT, 7))
    assert 0 < ttl <= CLAIM.total_seconds() * 1000
    await redis.pexpire(keys.update(BOT, 7), 30)  # as if CLAIM had nearly passed
    assert await asyncio.wait_for(claims.claim(BOT, 7), 1) is not None


async def test_a_claim_is_renewed_while_its_handling_goes_on(redis: FakeAsyncRedis) -> None:
    claims = UpdateClaims(redis)
    claim = await claims.claim(BOT, 7)
    assert claim is not None
    await redis.pexpire(keys.update(BOT, 7), 1000)
    assert await claims.renew(claim)
    assert await redis.pttl(keys.update(BOT, 7)) > 1000
    await claim.done()
    assert not await claims.renew(claim), "a claim renewed after it was done"
