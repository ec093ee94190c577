"""The chats' outboxes in Redis: entries that replace older ones, one process sending to
a chat at a time, the chat's pace kept beside it, and a chat whose sender died taken
over once its hold lapses."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from fakeredis import FakeAsyncRedis

from bot.game.ports import StorageUnavailableError
from bot.store import keys, outbox
from bot.store.outbox import Outboxes

CHAT = 1001
LEASE = 3.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def two(redis: FakeAsyncRedis) -> tuple[Clock, Outboxes, Outboxes]:
    clock = Clock()
    return clock, Outboxes(redis, "one", LEASE, clock), Outboxes(redis, "two", LEASE, clock)


async def test_the_first_to_mark_a_chat_sends_to_it_and_the_other_only_adds_entries(
    redis: FakeAsyncRedis,
) -> None:
    _, one, other = two(redis)
    first = await one.mark(CHAT, {"game:a": "1"})
    assert (first.held, first.taken, first.entries) == (False, True, {"game:a": "1"})
    second = await other.mark(CHAT, {"game:a": "2", "say:1": "hi"})
    assert second.held
    again = await one.mark(CHAT, {"menu:7": "x"})
    assert (again.held, again.taken) == (False, False)  # its own already
    assert again.entries == {"game:a": "2", "say:1": "hi", "menu:7": "x"}


async def test_a_reply_its_asker_sent_another_way_is_refused_when_redis_runs_it_late(
    redis: FakeAsyncRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mark whose answer timed out (Redis frozen) runs once Redis thaws: by then its
    caller sent the reply at once, so Redis refuses it rather than send it again."""
    _, one, _ = two(redis)
    assert (await one.mark(CHAT, {"say:1": "hi"}, or_else=True)).taken  # in time
    asked = time.time()
    # Sent 5 s before Redis ran it (Redis's own clock is left alone).
    monkeypatch.setattr(outbox, "time", SimpleNamespace(time=lambda: asked - 5))
    with pytest.raises(StorageUnavailableError):
        await one.mark(CHAT, {"say:2": "hi again"}, or_else=True)
    assert await redis.hkeys(keys.outbox(CHAT)) == [b"say:1"]
    assert (await one.mark(CHAT, {"game:a": "1"})).entries == {"say:1": "hi", "game:a": "1"}


async def test_a_call_clears_what_it_showed_and_an_entry_changed_meanwhile_stays(
    redis: FakeAsyncRedis,
) -> None:
    clock, one, other = two(redis)
    await one.mark(CHAT, {"game:a": "3", "menu:7": "old"})
    await other.mark(CHAT, {"menu:7": "new"})  # folded into the same entry
    done = await one.done(CHAT, 1001.0, {"game:a": "3", "menu:7": "old"}, release=True, until=0)
    assert done.entries == {"menu:7": "new"}
    assert not done.lost
    assert await redis.hget(keys.sender(CHAT), "tat") == b"1001.0"
    clock.now += 0.5
    done = await one.done(CHAT, 1002.0, {"menu:7": "new"}, release=True, until=0)
    assert done.entries is None  # given up: nothing left
    assert await redis.hget(keys.sender(CHAT), "owner") is None
    taken = await other.mark(CHAT, {"game:a": "4"})
    assert (taken.taken, taken.tat) == (True, 1002.0)  # the chat's pace goes with it


async def test_an_older_version_is_cleared_by_a_newer_one_shown(redis: FakeAsyncRedis) -> None:
    _, one, _ = two(redis)
    await one.mark(CHAT, {"game:a": "3"})
    assert (await one.done(CHAT, 0.0, {"game:a": "5"}, release=True, until=0)).entries is None


async def test_placement_is_written_in_the_same_round_trip(redis: FakeAsyncRedis) -> None:
    _, one, _ = two(redis)
    await one.mark(CHAT, {"game:a": "1"})
    await redis.hset(keys.messages("a"), "old", "x")
    placement = ("a", {"p:1001": "sent"}, {"old"})
    await one.done(CHAT, 0.0, {}, release=False, until=1010.0, placement=placement)
    assert await redis.hgetall(keys.messages("a")) == {b"p:1001": b"sent"}


async def test_a_chat_whose_sender_died_is_taken_once_its_hold_lapses(
    redis: FakeAsyncRedis,
) -> None:
    clock, one, other = two(redis)
    await one.mark(CHAT, {"game:a": "1"})
    assert await other.waiting() == []
    assert (await other.mark(CHAT, {"game:a": "2"})).held
    clock.now += LEASE + 0.1
    assert await other.waiting() == []  # lapsed a moment ago: left to its process a while
    clock.now += LEASE / 6
    assert await other.waiting() == [CHAT]
    taken = await other.take(CHAT)
    assert taken is not None
    assert (taken.taken, taken.entries) == (True, {"game:a": "2"})
    late = await one.done(CHAT, 0.0, {"game:a": "2"}, release=True, until=0)
    assert late.lost  # the chat is the other's now
    assert await redis.hget(keys.outbox(CHAT), "game:a") is None  # but it was shown
    assert await redis.hget(keys.sender(CHAT), "owner") == b"two"


async def test_a_hold_whose_key_expired_while_redis_was_frozen_is_taken_again(
    redis: FakeAsyncRedis,
) -> None:
    """Redis, frozen past a sender's hold, expires the chat's sender as it thaws: the
    call the sender made meanwhile is still written, and nobody sends it again."""
    clock, one, other = two(redis)
    await one.mark(CHAT, {"say:1": "hi", "say:2": "there"})
    await redis.delete(keys.sender(CHAT))
    kept = await one.done(CHAT, 5.0, {"say:1": "hi"}, release=True, until=clock.now + LEASE)
    assert (kept.lost, kept.entries) == (False, {"say:2": "there"})
    assert (await other.mark(CHAT, {"say:3": "!"})).held


async def test_a_hold_renewed_keeps_the_chat_and_an_empty_outbox_leaves_the_index(
    redis: FakeAsyncRedis,
) -> None:
    clock, one, other = two(redis)
    await one.mark(CHAT, {"game:a": "1"})
    await one.done(CHAT, 0.0, {}, release=False, until=clock.now + 10)
    clock.now += 5
    assert await other.waiting() == []
    assert (await other.mark(CHAT, {"game:a": "2"})).held
    clock.now += 6
    await one.done(CHAT, 0.0, {"game:a": "2"}, release=False, until=clock.now - LEASE)
    assert await other.waiting() == [CHAT]
    assert await other.take(CHAT) is None  # nothing left: forgotten
    assert await other.waiting() == []


async def test_each_process_counts_the_live_ones(redis: FakeAsyncRedis) -> None:
    clock, one, other = two(redis)
    assert await one.beat() == 1
    assert await other.beat() == 2
    clock.now += LEASE + 1
    assert await other.beat() == 1  # the first one stopped saying it lives
