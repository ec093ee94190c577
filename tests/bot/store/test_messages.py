"""Each game's messages' fields: written and read back, dropped, kept for a while; and
the lease one process holds while it brings the messages up to date (taken with the
fields in one step, given back with what changed)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from fakeredis import FakeAsyncRedis

from bot.store import keys
from bot.store.games import ACTIVE_TTL
from bot.store.messages import MessageStore, fields_of

GAME = "0000000b40"
LEASE = timedelta(seconds=30)
DAY = 24 * 3600


# -- fields ----------------------------------------------------------------------------------------


async def test_an_unknown_game_has_no_fields(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    assert await messages.load(GAME) == {}
    assert await messages.field(GAME, "table") is None


async def test_fields_round_trip(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    shown = {"table": '{"chat_id": -77, "message_id": 6}', "p:11": "Привет", "posted": "3"}
    await messages.write(GAME, shown, set())
    assert await messages.load(GAME) == shown
    assert await messages.field(GAME, "p:11") == "Привет"
    assert await messages.field(GAME, "p:12") is None
    assert await redis.ttl(keys.messages(GAME)) > 20 * DAY


async def test_a_write_changes_only_its_fields_and_drops_those_it_names(
    redis: FakeAsyncRedis,
) -> None:
    messages = MessageStore(redis)
    await messages.write(GAME, {"table": "t", "p:11": "a", "p:12": "b"}, set())
    await messages.write(GAME, {"p:11": "a2"}, {"table", "p:13"})
    assert await messages.load(GAME) == {"p:11": "a2", "p:12": "b"}


async def test_a_write_needs_no_lease_and_leaves_the_holders(redis: FakeAsyncRedis) -> None:
    """A message sent outside a delivery (a joining person's first one)."""
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", LEASE) is not None
    await messages.write(GAME, {"p:11": "a"}, set())
    assert await messages.load(GAME) == {"p:11": "a"}
    assert await redis.get(keys.lease(GAME)) == b"one"


async def test_the_lifetime_is_the_stores_to_choose(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis, ttl=timedelta(minutes=2))
    await messages.write(GAME, {"table": "t"}, set())
    assert 0 < await redis.ttl(keys.messages(GAME)) <= 120
    assert await messages.open(GAME, "one", LEASE) is not None
    await redis.expire(keys.messages(GAME), 10 * DAY)  # so that the close sets it again
    await messages.close(GAME, "one", {"table": "t2"}, set())
    assert 0 < await redis.ttl(keys.messages(GAME)) <= 120


def test_a_hash_reads_the_same_from_a_script_or_a_command() -> None:
    assert fields_of([b"table", b"t", b"p:11", b"a"]) == {"table": "t", "p:11": "a"}
    assert fields_of({b"table": b"t", "p:11": "a"}) == {"table": "t", "p:11": "a"}
    assert fields_of([]) == fields_of({}) == {}


# -- the lease -----------------------------------------------------------------------------------


async def test_one_process_holds_a_game_at_a_time(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", LEASE) == {}
    assert await messages.open(GAME, "two", LEASE) is None
    await messages.close(GAME, "two", {}, set())  # not theirs: the lease stays
    assert await messages.open(GAME, "two", LEASE) is None
    await messages.close(GAME, "one", {}, set())
    assert await messages.open(GAME, "two", LEASE) == {}


async def test_the_holder_may_take_its_lease_again(redis: FakeAsyncRedis) -> None:
    """A save took it with this token, for the delivery that follows."""
    messages = MessageStore(redis)
    await messages.write(GAME, {"table": "t"}, set())
    assert await messages.open(GAME, "one", timedelta(milliseconds=200)) == {"table": "t"}
    assert await messages.open(GAME, "one", LEASE) == {"table": "t"}
    assert await redis.pttl(keys.lease(GAME)) > 20_000  # taken anew, for as long as asked


async def test_the_lease_lasts_as_long_as_asked(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", LEASE) is not None
    assert 29_000 < await redis.pttl(keys.lease(GAME)) <= 30_000
    assert await redis.get(keys.lease(GAME)) == b"one"


async def test_the_lease_reads_the_fields_and_close_writes_them_back(
    redis: FakeAsyncRedis,
) -> None:
    messages = MessageStore(redis)
    await messages.write(GAME, {"p:11": "a", "p:12": "b"}, set())
    assert await messages.open(GAME, "one", LEASE) == {"p:11": "a", "p:12": "b"}
    await messages.close(GAME, "one", {"p:11": "a2", "table": "t"}, {"p:12"})
    assert not await redis.exists(keys.lease(GAME))  # given back
    assert await messages.open(GAME, "two", LEASE) == {"p:11": "a2", "table": "t"}
    assert 0 < await redis.ttl(keys.messages(GAME)) <= ACTIVE_TTL.total_seconds()


async def test_a_close_with_no_changes_writes_nothing(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    await messages.open(GAME, "one", LEASE)
    await messages.close(GAME, "one", {}, set())
    assert not await redis.exists(keys.messages(GAME))
    assert not await redis.exists(keys.lease(GAME))


async def test_a_late_close_writes_its_fields_and_leaves_the_new_holders_lease(
    redis: FakeAsyncRedis,
) -> None:
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", timedelta(milliseconds=30)) is not None
    await asyncio.sleep(0.06)
    assert await messages.open(GAME, "two", LEASE) is not None
    await messages.close(GAME, "one", {"table": "t"}, set())
    assert await messages.field(GAME, "table") == "t"
    assert await redis.get(keys.lease(GAME)) == b"two"


async def test_a_lease_not_given_back_runs_out(redis: FakeAsyncRedis) -> None:
    """A process that died holding the lease does not hold the game for ever."""
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", timedelta(milliseconds=30)) is not None
    assert await messages.open(GAME, "two", LEASE) is None
    await asyncio.sleep(0.06)
    assert await messages.open(GAME, "two", LEASE) is not None
    await messages.close(GAME, "one", {}, set())  # late: the lease is another's now
    assert await messages.open(GAME, "three", LEASE) is None


async def test_leases_of_different_games_are_separate(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", LEASE) is not None
    assert await messages.open("0000bb5bc8", "two", LEASE) is not None


async def test_a_lease_is_renewed_only_by_its_holder(redis: FakeAsyncRedis) -> None:
    store = MessageStore(redis)
    lease = timedelta(milliseconds=300)
    assert await store.open(GAME, "mine", lease) is not None
    for _ in range(3):  # kept well past its first 300 ms by renewals
        await asyncio.sleep(0.15)
        assert await store.renew(GAME, "mine", lease)
    assert not await store.renew(GAME, "theirs", lease)
    assert await store.open(GAME, "theirs", lease) is None
    await asyncio.sleep(0.4)  # its holder stops renewing (a killed process): it runs out
    assert await store.open(GAME, "theirs", lease) is not None
    assert not await store.renew(GAME, "mine", lease)


async def test_a_renewal_keeps_the_lease_for_as_long_as_asked(redis: FakeAsyncRedis) -> None:
    store = MessageStore(redis)
    assert await store.open(GAME, "mine", timedelta(seconds=1)) is not None
    assert await store.renew(GAME, "mine", LEASE)
    assert 29_000 < await redis.pttl(keys.lease(GAME)) <= 30_000
