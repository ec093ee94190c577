"""Where each game's messages are: the placement round trip, the changes written back in
one go, and the lease one process holds while it brings the messages up to date."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from fakeredis import FakeAsyncRedis

from bot.store import keys
from bot.store.messages import Changes, MessageStore, Placement, Sent

GAME = "0000000b40"
LEASE = timedelta(seconds=30)


def written(private: dict[int, Sent] | None = None, table: Sent | None = None) -> Changes:
    changes = Changes()
    for user_id, sent in (private or {}).items():
        changes.private(user_id, sent)
    if table is not None:
        changes.table(table)
    return changes


async def test_an_unknown_game_has_no_messages(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    empty = await messages.load(GAME)
    assert (empty.private, empty.table, empty.posted) == ({}, None, 0)
    assert await messages.private(GAME, 11) is None


async def test_placements_round_trip(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    changes = written({11: Sent(11, 5, "e", "f", "ru"), 12: Sent(12, None)}, Sent(-77, 6, "", "t"))
    changes.posted(3)
    await messages.write(GAME, changes)
    placement = await messages.load(GAME)
    assert placement.private == {11: Sent(11, 5, "e", "f", "ru"), 12: Sent(12, None)}
    assert placement.table == Sent(-77, 6, "", "t")
    assert placement.posted == 3
    assert await messages.private(GAME, 11) == Sent(11, 5, "e", "f", "ru")
    assert await messages.private(GAME, 13) is None
    assert await redis.ttl(keys.messages(GAME)) > 20 * 24 * 3600


async def test_a_dropped_message_is_forgotten(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    await messages.write(GAME, written({11: Sent(11, 5)}, Sent(-77, 6)))
    changes = Changes()
    changes.table(None)
    changes.private(11, None)
    await messages.write(GAME, changes)
    placement = await messages.load(GAME)
    assert (placement.private, placement.table) == ({}, None)


async def test_the_lifetime_is_the_stores_to_choose(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis, ttl=timedelta(minutes=2))
    await messages.write(GAME, written(table=Sent(-77, 6)))
    assert 0 < await redis.ttl(keys.messages(GAME)) <= 120


def test_changes_keep_the_last_word_on_each_field() -> None:
    changes = Changes()
    assert not changes
    changes.private(11, Sent(11, 5))
    changes.private(11, None)
    assert changes.fields == {}
    assert changes.dropped == {"p:11"}
    assert changes  # a drop is a change too
    changes.private(11, Sent(11, 7))
    assert changes.dropped == set()
    assert list(changes.fields) == ["p:11"]
    changes.posted(2)
    changes.table(Sent(-77, 1))
    assert set(changes.fields) == {"p:11", "posted", "table"}


# -- the lease -----------------------------------------------------------------------------------


async def test_one_process_holds_a_game_at_a_time(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", LEASE) == Placement()
    assert await messages.open(GAME, "two", LEASE) is None
    await messages.close(GAME, "two", Changes())  # not theirs: the lease stays
    assert await messages.open(GAME, "two", LEASE) is None
    await messages.close(GAME, "one", Changes())
    assert await messages.open(GAME, "two", LEASE) == Placement()


async def test_the_lease_reads_the_placement_and_close_writes_it_back(
    redis: FakeAsyncRedis,
) -> None:
    messages = MessageStore(redis)
    await messages.write(GAME, written({11: Sent(11, 5, "e")}))
    placement = await messages.open(GAME, "one", LEASE)
    assert placement is not None
    assert placement.private == {11: Sent(11, 5, "e")}
    changes = written({11: Sent(11, 5, "e2")}, Sent(-77, 9))
    changes.posted(1)
    await messages.close(GAME, "one", changes)
    again = await messages.open(GAME, "two", LEASE)
    assert again is not None
    assert again.private == {11: Sent(11, 5, "e2")}
    assert again.table == Sent(-77, 9)
    assert again.posted == 1


async def test_a_close_with_no_changes_writes_nothing(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    await messages.open(GAME, "one", LEASE)
    await messages.close(GAME, "one", Changes())
    assert not await redis.exists(keys.messages(GAME))
    assert not await redis.exists(keys.lease(GAME))


async def test_a_lease_not_given_back_runs_out(redis: FakeAsyncRedis) -> None:
    """A process that died holding the lease does not hold the game for ever."""
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", timedelta(milliseconds=30)) is not None
    assert await messages.open(GAME, "two", LEASE) is None
    await asyncio.sleep(0.06)
    assert await messages.open(GAME, "two", LEASE) is not None
    await messages.close(GAME, "one", Changes())  # late: the lease is another's now
    assert await messages.open(GAME, "three", LEASE) is None


async def test_leases_of_different_games_are_separate(redis: FakeAsyncRedis) -> None:
    messages = MessageStore(redis)
    assert await messages.open(GAME, "one", LEASE) is not None
    assert await messages.open("0000bb5bc8", "two", LEASE) is not None


async def test_a_lease_is_renewed_only_by_its_holder(redis: FakeAsyncRedis) -> None:
    store = MessageStore(redis)
    lease = timedelta(milliseconds=300)
    assert await store.open("0000000b40", "mine", lease) is not None
    for _ in range(3):  # kept well past its first 300 ms by renewals
        await asyncio.sleep(0.15)
        assert await store.renew("0000000b40", "mine", lease)
    assert not await store.renew("0000000b40", "theirs", lease)
    assert await store.open("0000000b40", "theirs", lease) is None
    await asyncio.sleep(0.4)  # its holder stops renewing (a killed process): it runs out
    assert await store.open("0000000b40", "theirs", lease) is not None
    assert not await store.renew("0000000b40", "mine", lease)
