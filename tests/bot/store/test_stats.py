"""The records in Redis, counted in steps each on one slot of a Redis Cluster: a count
cut short after any step, or run by several processes at once, adds the match once and
files the counts it left; a person's notes of the matches applied stay bounded; and
/forgetme takes a person out of every key, one key at a time."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping
from datetime import timedelta

import pytest
from aiogram.types import User
from fakeredis import FakeAsyncRedis
from redis.crc import key_slot
from redis.typing import EncodableT

from bot.game.ratings import Plan
from bot.game.state import Game
from bot.game.tally import FactKind, MatchTally, PersonTally, Told, tally
from bot.store import keys
from bot.store.client import RedisClient
from bot.store.slots import game_id_in, shard_of_chat, shard_of_game
from bot.store.stats import APPLIED_KEPT, StatsStore
from bot.store.stats_fields import Share
from tests.bot.telegram.group.driver import ALICE, BOB, CAROL, DAVE, GROUP, OTHER_GROUP
from tests.bot.telegram.records import kozel_won_by
from tests.slot_guard import SCRIPTS, SlotGuard

PEOPLE = (ALICE, BOB, CAROL, DAVE)
STEPS = len(PEOPLE) + 4  # the ratings' plan, each person's records, the roster, the bot
# levels' ratings, the mark


class DiedError(Exception):
    """The process dies here."""


class Dying(StatsStore):
    """A process that dies before its step number `steps` (from 0) of a count."""

    def __init__(self, redis: RedisClient, steps: int) -> None:
        super().__init__(redis)
        self.steps = steps

    def _step(self) -> None:
        if self.steps == 0:
            raise DiedError
        self.steps -= 1

    async def _plan(self, tally: MatchTally) -> Plan | None:
        self._step()
        return await super()._plan(tally)

    async def _add_share(self, game_id: str, person: PersonTally, share: Share) -> dict[str, str]:
        self._step()
        return await super()._add_share(game_id, person, share)

    async def _move_levels(self, game_id: str, plan: Plan) -> None:
        self._step()
        await super()._move_levels(game_id, plan)

    async def _add_to_roster(self, group: int, people: list[int]) -> None:
        self._step()
        await super()._add_to_roster(group, people)

    async def _mark_counted(self, tally: MatchTally, told: Mapping[str, str]) -> bool:
        self._step()
        return await super()._mark_counted(tally, told)


def placed(chat_id: int, n: int) -> str:
    """A game id as the bot makes them for the chat: in the slot of its shard."""
    return game_id_in(shard_of_chat(chat_id), random.Random(n))


def won(n: int, winners: tuple[User, User], losers: tuple[User, User]) -> Game:
    return kozel_won_by(placed(GROUP, n), winners, losers, GROUP)


async def two_wins_before(store: StatsStore) -> None:
    """Alice and Carol won twice together already: the next win together is told."""
    for n in (101, 102):
        assert await store.count(tally(won(n, (ALICE, CAROL), (BOB, DAVE))))


Snapshot = tuple[dict[int, dict[str, str]], set[str], tuple[Told, ...] | None]


async def snapshot(redis: RedisClient, game: Game) -> Snapshot:
    """Everything the records keep: each person's hash, the group's roster, the counts
    filed with the match."""
    hashes = {p.id: _texts(await redis.hgetall(keys.stats(p.id))) for p in PEOPLE}
    roster = {_text(m) for m in await redis.smembers(keys.roster(GROUP))}
    return hashes, roster, await StatsStore(redis).told(game.game_id)


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else raw


def _texts(raw: Mapping[bytes | str, bytes | str]) -> dict[str, str]:
    return {_text(k): _text(v) for k, v in raw.items()}


async def counted_once(game: Game) -> Snapshot:
    """The records after the match is counted once, cleanly, on a Redis of its own."""
    clean = FakeAsyncRedis()
    store = StatsStore(clean)
    await two_wins_before(store)
    assert await store.count(tally(game))
    return await snapshot(clean, game)


async def test_every_script_of_a_count_is_on_one_slot_and_a_forget_sends_none(
    redis: FakeAsyncRedis,
) -> None:
    game_id = placed(GROUP, 1)
    guard = SlotGuard(strict=True)  # a cross-slot script fails where it is sent
    guard.watch(redis)
    store = StatsStore(redis)
    game = kozel_won_by(game_id, (ALICE, CAROL), (BOB, DAVE), GROUP)
    assert await store.count(tally(game))
    scripts = [s for s in guard.sent if s.name in SCRIPTS]
    for script in scripts:
        assert len({key_slot(k) for k in script.keys}) == 1, script
    declared = {tuple(k.decode() for k in s.keys) for s in scripts}
    due = keys.due(shard_of_game(game_id))
    assert key_slot(due.encode()) == key_slot(keys.counted(game_id).encode())
    mark = (keys.counted(game_id), due)
    people = {(keys.stats(p.id), keys.stats_applied(p.id)) for p in PEOPLE}
    assert declared == {mark, (keys.rated(game_id),), *people}
    assert await redis.zscore(due, game_id) == 0  # the group's line is due at once
    sent = len(guard.sent)
    await store.forget(ALICE.id)
    assert all(len(s.keys) <= 1 for s in guard.sent[sent:]), guard.sent[sent:]


@pytest.mark.parametrize("user_id", [1, ALICE.id, 7_000_000_001, 2**40 + 3])
def test_a_persons_notes_are_in_the_slot_of_their_records(user_id: int) -> None:
    assert key_slot(keys.stats_applied(user_id).encode()) == key_slot(keys.stats(user_id).encode())


@pytest.mark.parametrize("done", range(STEPS))
async def test_a_count_cut_short_after_any_step_is_finished_once_by_the_next(
    redis: FakeAsyncRedis, done: int
) -> None:
    store = StatsStore(redis)
    await two_wins_before(store)
    game = won(1, (ALICE, CAROL), (BOB, DAVE))
    with pytest.raises(DiedError):
        await Dying(redis, done).count(tally(game))
    assert await store.told(game.game_id) is None  # not counted yet: nothing is told
    assert await StatsStore(redis).count(tally(game)) is True  # the one that counts it
    assert await StatsStore(redis).count(tally(game)) is False
    assert await snapshot(redis, game) == await counted_once(game)


async def test_a_count_cut_short_after_its_mark_changes_nothing_when_handed_again(
    redis: FakeAsyncRedis,
) -> None:
    store = StatsStore(redis)
    await two_wins_before(store)
    game = won(1, (ALICE, CAROL), (BOB, DAVE))
    assert await Dying(redis, STEPS).count(tally(game)) is True
    assert await store.count(tally(game)) is False
    assert await snapshot(redis, game) == await counted_once(game)


async def test_processes_counting_a_match_at_once_count_it_once(redis: FakeAsyncRedis) -> None:
    await two_wins_before(StatsStore(redis))
    game = won(1, (ALICE, CAROL), (BOB, DAVE))
    counted = await asyncio.gather(*(StatsStore(redis).count(tally(game)) for _ in range(3)))
    assert sorted(counted) == [False, False, True]
    assert await snapshot(redis, game) == await counted_once(game)


async def test_a_count_finished_after_a_later_match_files_the_counts_it_left(
    redis: FakeAsyncRedis,
) -> None:
    store = StatsStore(redis)
    first, second = won(1, (ALICE, CAROL), (BOB, DAVE)), won(2, (ALICE, CAROL), (BOB, DAVE))
    with pytest.raises(DiedError):
        await Dying(redis, STEPS - 1).count(tally(first))  # every step but the mark
    assert await store.count(tally(second))
    assert await store.count(tally(first))

    async def wins_together(game: Game) -> int:
        told = await store.told(game.game_id)
        assert told is not None
        (pair,) = [t for t in told if t.kind is FactKind.PAIR_WINS]
        return pair.count

    assert await wins_together(first) == 1
    assert await wins_together(second) == 2
    card = await store.person(CAROL.id)
    assert card is not None
    assert card.overall.won == 2


async def test_a_persons_notes_are_pruned_after_two_days_and_expire(
    redis: FakeAsyncRedis,
) -> None:
    now = [1_717_243_200.0]
    store = StatsStore(redis, clock=lambda: now[0])
    games = [won(n, (ALICE, CAROL), (BOB, DAVE)) for n in (1, 2, 3)]
    assert await store.count(tally(games[0]))
    now[0] += timedelta(days=1).total_seconds()
    assert await store.count(tally(games[1]))
    notes = keys.stats_applied(ALICE.id)
    assert len(await redis.hkeys(notes)) == 2
    now[0] += timedelta(days=1, hours=12).total_seconds()  # the first is 2.5 days old
    assert await store.count(tally(games[2]))
    assert sorted(await redis.hkeys(notes)) == sorted(g.game_id.encode() for g in games[1:])
    assert 0 < await redis.pttl(notes) <= APPLIED_KEPT.total_seconds() * 1000
    assert await redis.ttl(keys.stats(ALICE.id)) == -1  # the records themselves stay


async def test_records_stored_before_keep_counting(redis: FakeAsyncRedis) -> None:
    old: dict[EncodableT, EncodableT] = {
        "name": "Alice",
        "all:played": "7",
        "all:won": "4",
        f"{GROUP}:played": "7",
        f"{GROUP}:won": "4",
        f"{GROUP}:pair:{CAROL.id}:played": "2",
        f"{GROUP}:pair:{CAROL.id}:won": "2",
    }
    await redis.hset(keys.stats(ALICE.id), mapping=old)
    store = StatsStore(redis)
    assert await store.count(tally(won(1, (ALICE, CAROL), (BOB, DAVE))))
    fields = _texts(await redis.hgetall(keys.stats(ALICE.id)))
    assert fields["all:played"] == "8"
    assert fields[f"{GROUP}:won"] == "5"
    assert fields[f"{GROUP}:pair:{CAROL.id}:played"] == "3"
    assert all(name == "name" or name.count(":") in (1, 3) for name in fields)  # no notes
    person = await store.person(ALICE.id)
    assert person is not None
    assert person.overall.played == 8


async def test_forget_cut_short_leaves_the_persons_own_hash_to_finish_it(
    redis: FakeAsyncRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = StatsStore(redis)
    await two_wins_before(store)
    assert await store.count(
        tally(kozel_won_by(placed(OTHER_GROUP, 1), (BOB, ALICE), (CAROL, DAVE), OTHER_GROUP))
    )

    async def dies(*_names: str) -> int:
        raise DiedError

    monkeypatch.setattr(redis, "delete", dies)  # the process dies before its last step
    with pytest.raises(DiedError):
        await store.forget(ALICE.id)
    monkeypatch.undo()
    carol = await redis.hgetall(keys.stats(CAROL.id))
    assert not any(str(ALICE.id).encode() in name for name in carol)
    assert await redis.smembers(keys.roster(GROUP)) == {
        str(p.id).encode() for p in (BOB, CAROL, DAVE)
    }
    assert await redis.exists(keys.stats(ALICE.id)) == 1  # what is left to do is still named
    assert await redis.exists(keys.stats_applied(ALICE.id)) == 0

    await store.forget(ALICE.id)

    assert await redis.exists(keys.stats(ALICE.id)) == 0
    for person in (BOB, CAROL, DAVE):
        fields = await redis.hgetall(keys.stats(person.id))
        assert not any(str(ALICE.id).encode() in name for name in fields), person
    for group in (GROUP, OTHER_GROUP):
        assert str(ALICE.id).encode() not in await redis.smembers(keys.roster(group))
    bob = await store.person(BOB.id)
    assert bob is not None
    assert bob.overall.played == 3  # the others keep their own records
