"""A chat's choices (`bot.store.choices`), such as its look: kept in Redis for every
process, read through a short cache in each."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis

from bot.store import keys
from bot.store.choices import Choices, ChoiceStore
from bot.store.personal import PersonalKeys


class Clock:
    def __init__(self) -> None:
        self.at = 0.0

    def __call__(self) -> float:
        return self.at


async def test_a_choice_is_remembered_per_chat(redis: FakeAsyncRedis) -> None:
    store = ChoiceStore(redis, keys.look)
    assert await store.get(5) is None
    await store.set(5, "text")
    await store.set(-5, "picture")  # a group's choice is its own
    assert await store.get(5) == "text"
    assert await store.get(-5) == "picture"
    await store.set(5, "picture")
    assert await store.get(5) == "picture"
    assert await store.get(6) is None


async def test_choices_of_different_kinds_do_not_mix(redis: FakeAsyncRedis) -> None:
    await ChoiceStore(redis, keys.look).set(5, "text")
    assert await ChoiceStore(redis, keys.language).get(5) is None
    assert await redis.get(keys.look(5)) == b"text"


async def test_a_choice_made_here_is_seen_here_at_once(redis: FakeAsyncRedis) -> None:
    looks = Choices(ChoiceStore(redis, keys.look), clock=Clock())
    assert await looks.get(5) is None
    await looks.set(5, "text")
    assert await looks.get(5) == "text"
    assert await ChoiceStore(redis, keys.look).get(5) == "text"


async def test_another_process_choice_reaches_the_cache_within_its_ttl(
    redis: FakeAsyncRedis,
) -> None:
    clock = Clock()
    here = Choices(ChoiceStore(redis, keys.look), ttl=30, clock=clock)
    there = Choices(ChoiceStore(redis, keys.look), ttl=30, clock=clock)
    assert await here.get(5) is None
    await there.set(5, "text")
    clock.at = 29
    assert await here.get(5) is None  # still this process's copy
    clock.at = 31
    assert await here.get(5) == "text"


async def test_the_cache_keeps_only_the_most_recently_seen(redis: FakeAsyncRedis) -> None:
    store = ChoiceStore(redis, keys.look)
    looks = Choices(store, size=2, clock=Clock())
    for chat_id in (1, 2, 3):
        await looks.set(chat_id, "text")
    await store.set(1, "picture")  # the cache forgot 1: it reads the store again
    await store.set(3, "picture")  # the cache remembers 3
    assert await looks.get(1) == "picture"
    assert await looks.get(3) == "text"


async def test_forgetting_erases_the_choice_from_the_store_and_the_cache(
    redis: FakeAsyncRedis,
) -> None:
    store = ChoiceStore(redis, keys.look)
    looks = Choices(store, clock=Clock())
    await looks.set(5, "text")
    await looks.set(6, "text")
    await store.forget(5)
    assert await looks.get(5) == "text"  # this process's copy, until forgotten too
    await looks.forget(5)
    assert await looks.get(5) is None
    assert await looks.get(6) == "text"


async def test_forgetme_erases_a_persons_look(redis: FakeAsyncRedis) -> None:
    store = ChoiceStore(redis, keys.look)
    await store.set(5, "text")
    await store.set(-5, "picture")
    await PersonalKeys(redis).forget(5)
    assert await store.get(5) is None
    assert await store.get(-5) == "picture"  # a group's choice is not the person's
