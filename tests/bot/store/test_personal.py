"""A person's language, look and game set outside any game: forgotten on /forgetme, one
key per command (they are in different slots of a cluster)."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis

from bot.store import keys
from bot.store.personal import PersonalKeys
from tests.slot_guard import SlotGuard

ALICE, BOB = 1001, 2002


async def test_forget_deletes_a_persons_keys_one_at_a_time(redis: FakeAsyncRedis) -> None:
    for who in (ALICE, BOB):
        await redis.set(keys.language(who), "fr")
        await redis.set(keys.look(who), "text")
        await redis.sadd(keys.person(who), "4567899fc8")
    guard = SlotGuard(strict=True)
    guard.watch(redis)
    await PersonalKeys(redis).forget(ALICE)
    for key in (keys.language, keys.look, keys.person):
        assert await redis.exists(key(ALICE)) == 0
        assert await redis.exists(key(BOB)) == 1
    deleted = [s.keys for s in guard.sent if s.name in ("DEL", "UNLINK")]
    assert sorted(deleted) == sorted(
        (key(ALICE).encode(),) for key in (keys.language, keys.look, keys.person)
    )
    assert not any(s.name == "MULTI" for s in guard.sent)
    await PersonalKeys(redis).forget(ALICE)  # again: nothing to do, no error
