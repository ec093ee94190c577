"""The slot guard (`tests.slot_guard`) catches what a Redis Cluster refuses, and only
that: a script, a transaction or a command with several keys over several slots; a
pipeline without MULTI may span slots."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fakeredis import FakeAsyncRedis
from redis.crc import key_slot

from tests.slot_guard import CrossSlotError, SlotGuard, UnknownCommandError

# Two keys in two slots, and two that share one through their hash tag.
APART = ("dominoes:a", "dominoes:b")
TOGETHER = ("dominoes:{g}:a", "dominoes:{g}:b")
SCRIPT = "redis.call('SET', KEYS[1], ARGV[1]) return redis.call('GET', KEYS[2])"


def test_the_keys_chosen_are_apart_or_together() -> None:
    assert key_slot(APART[0].encode()) != key_slot(APART[1].encode())
    assert key_slot(TOGETHER[0].encode()) == key_slot(TOGETHER[1].encode())


@pytest.fixture
def guard() -> SlotGuard:
    return SlotGuard()


@pytest.fixture
async def client(guard: SlotGuard) -> AsyncIterator[FakeAsyncRedis]:
    redis = guard.watch(FakeAsyncRedis())
    yield redis
    await redis.aclose()


async def test_a_script_over_two_slots_is_caught(guard: SlotGuard, client: FakeAsyncRedis) -> None:
    script = client.register_script(SCRIPT)
    await script(keys=list(APART), args=["1"])  # NOSCRIPT, SCRIPT LOAD, EVALSHA again

    assert [s.name for s in guard.sent if s.keys] == ["EVALSHA", "EVALSHA"]
    assert "SCRIPT LOAD" in [s.name for s in guard.sent]
    (violation,) = set(guard.violations)  # the retry is the same script
    assert (violation.kind, violation.command, violation.keys) == ("script", "EVALSHA", APART)
    assert violation.slots == tuple(key_slot(k.encode()) for k in APART)
    assert violation.site.startswith("tests/test_slot_guard.py:")
    with pytest.raises(CrossSlotError, match="script EVALSHA"):
        guard.check()


async def test_a_script_with_a_key_in_its_arguments_only_is_not_caught(
    guard: SlotGuard, client: FakeAsyncRedis
) -> None:
    """The guard reads KEYS; a key passed in ARGV is the script's own business."""
    script = client.register_script("return redis.call('GET', KEYS[1])")
    await script(keys=[APART[0]], args=[APART[1]])
    await client.eval(SCRIPT, 2, *TOGETHER, "1")

    guard.check()


async def test_a_transaction_over_two_slots_is_caught(
    guard: SlotGuard, client: FakeAsyncRedis
) -> None:
    async with client.pipeline(transaction=True) as pipe:
        pipe.set(APART[0], "1")
        pipe.get(APART[1])
        await pipe.execute()

    (violation,) = guard.violations
    assert (violation.kind, violation.command) == ("transaction", "MULTI SET GET EXEC")
    assert violation.keys == APART
    with pytest.raises(CrossSlotError, match="transaction MULTI SET GET EXEC"):
        guard.check()


async def test_a_key_watched_counts_with_the_transaction(
    guard: SlotGuard, client: FakeAsyncRedis
) -> None:
    async with client.pipeline(transaction=True) as pipe:
        await pipe.watch(APART[0])
        await pipe.get(APART[0])
        pipe.multi()  # type: ignore[no-untyped-call]  # untyped in redis-py
        pipe.set(APART[1], "1")
        await pipe.execute()

    (violation,) = guard.violations
    assert (violation.kind, violation.keys) == ("transaction", APART)


async def test_a_delete_of_two_slots_is_caught(guard: SlotGuard, client: FakeAsyncRedis) -> None:
    await client.delete(*APART)

    (violation,) = guard.violations
    assert (violation.kind, violation.command, violation.keys) == ("command", "DEL", APART)
    with pytest.raises(CrossSlotError, match="command DEL"):
        guard.check()


async def test_a_pipeline_without_multi_may_span_slots(
    guard: SlotGuard, client: FakeAsyncRedis
) -> None:
    async with client.pipeline(transaction=False) as pipe:
        pipe.set(APART[0], "1")
        pipe.get(APART[1])
        pipe.delete(TOGETHER[0])
        pipe.sadd(APART[1] + ":set", "x")
        await pipe.execute()

    assert [s.name for s in guard.sent if s.keys] == ["SET", "GET", "DEL", "SADD"]
    guard.check()


async def test_the_same_slot_passes_everywhere(guard: SlotGuard, client: FakeAsyncRedis) -> None:
    script = client.register_script(SCRIPT)
    await script(keys=list(TOGETHER), args=["1"])
    async with client.pipeline(transaction=True) as pipe:
        pipe.set(TOGETHER[0], "1")
        pipe.get(TOGETHER[1])
        await pipe.execute()
    await client.delete(*TOGETHER)

    assert not guard.violations
    guard.check()


async def test_a_command_the_guard_does_not_know_fails_at_once(
    guard: SlotGuard, client: FakeAsyncRedis
) -> None:
    with pytest.raises(UnknownCommandError, match="RPUSH"):
        await client.rpush(APART[0], "x")

    with pytest.raises(CrossSlotError, match="unknown to the slot guard: RPUSH"):
        guard.check(allow_cross_slot=True)


async def test_strict_fails_inside_the_code_that_sent_it() -> None:
    guard = SlotGuard(strict=True)
    client = guard.watch(FakeAsyncRedis())
    try:
        with pytest.raises(CrossSlotError, match="command DEL"):
            await client.delete(*APART)
        async with client.pipeline(transaction=True) as pipe:
            pipe.set(APART[0], "1")
            pipe.get(APART[1])
            with pytest.raises(CrossSlotError, match="transaction"):
                await pipe.execute()
        # Nothing of the refused transaction is left over on the connection.
        async with client.pipeline(transaction=True) as pipe:
            pipe.set(TOGETHER[0], "1")
            await pipe.execute()
        assert len(guard.violations) == 2
    finally:
        await client.aclose()


async def test_a_test_that_crosses_slots_on_purpose_may_say_so(
    guard: SlotGuard, client: FakeAsyncRedis
) -> None:
    await client.delete(*APART)

    guard.check(allow_cross_slot=True)
    assert guard.report(allow_cross_slot=True) == ""


async def test_connections_made_before_the_guard_are_guarded_too() -> None:
    client = FakeAsyncRedis()
    try:
        await client.ping()  # the pool now holds a connection made without the guard
        guard = SlotGuard()
        guard.watch(client)
        await client.delete(*APART)
        assert [v.command for v in guard.violations] == ["DEL"]
    finally:
        await client.aclose()
