"""Ratings in Redis, counted with the records: a group match moves its people's, pairs'
and bot levels' ratings once, however its counting is cut short, repeated or raced; the
group is told each person's rating and change; /forgetme erases a person's ratings and
their pairs'."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import pytest
from fakeredis import FakeAsyncRedis

from bot.game.ratings import Rating
from bot.game.record import GroupSide
from bot.game.seats import BotSeat, Seat
from bot.game.state import Game
from bot.game.tally import tally
from bot.store import keys
from bot.store.client import RedisClient
from bot.store.stats import StatsStore
from bot.store.stats_fields import scope_of
from core.engine import Match
from core.players import Level
from tests.bot.factories import finish_match, record_for
from tests.bot.store.test_stats import DiedError, Dying, placed
from tests.bot.telegram.group.driver import ALICE, BOB, CAROL, DAVE, GROUP
from tests.bot.telegram.records import kozel_won_by, seat_of

# Alice and Bob partners against two medium bots: a plan, two people, the roster, the
# bot levels, the mark.
STEPS = 6


def with_bots(n: int) -> Game:
    """A finished Kozel match of the group: Alice and Bob against two medium bots."""
    game_id = placed(GROUP, n)
    match = finish_match(Match.new("kozel", 4, 50, seed=n)[0])
    bot = BotSeat(level=Level.MEDIUM)
    seats: list[Seat] = [seat_of(ALICE), bot, seat_of(BOB), bot]
    group = GroupSide(title="Friday", language="en", creator_id=ALICE.id)
    return record_for(match, seats, game_id=game_id, chat_id=GROUP, group=group)


Snapshot = tuple[dict[str, dict[str, str]], object]


async def snapshot(redis: RedisClient, game: Game) -> Snapshot:
    """Every hash the ratings live in, and what the group is told."""
    names = [keys.stats(ALICE.id), keys.stats(BOB.id)]
    names += [keys.levels(scope_of(None)), keys.levels(scope_of(GROUP))]
    hashes = {name: _texts(await redis.hgetall(name)) for name in names}
    return hashes, await StatsStore(redis).ratings_told(game.game_id)


def _texts(raw: Mapping[bytes | str, bytes | str]) -> dict[str, str]:
    def text(value: bytes | str) -> str:
        return value.decode() if isinstance(value, bytes) else value

    return {text(k): text(v) for k, v in raw.items()}


async def counted_once(game: Game) -> Snapshot:
    clean = FakeAsyncRedis()
    assert await StatsStore(clean).count(tally(game))
    return await snapshot(clean, game)


async def test_a_match_rates_its_people_pair_and_bot_level_in_both_scopes(
    redis: FakeAsyncRedis,
) -> None:
    store = StatsStore(redis)
    game = with_bots(1)
    assert await store.count(tally(game))
    alice = await store.person(ALICE.id)
    assert alice is not None
    assert set(alice.ratings) == {None, GROUP}
    assert alice.ratings[GROUP].rated == 1
    assert alice.pair_ratings[(GROUP, BOB.id)] == alice.pair_ratings[(None, BOB.id)]
    bob = await store.person(BOB.id)
    assert bob is not None
    assert bob.pair_ratings[(GROUP, ALICE.id)] == alice.pair_ratings[(GROUP, BOB.id)]
    levels = await store.levels(GROUP)
    assert set(levels) == {Level.MEDIUM}
    assert levels[Level.MEDIUM].rated == 1
    told = {t.seat: t for t in await store.ratings_told(game.game_id)}
    assert set(told) == {0, 2}  # the people's seats
    assert told[0].rating == alice.ratings[GROUP].shown
    assert told[0].rating - told[0].change == Rating().shown
    assert (levels[Level.MEDIUM].mu > 25) == (told[0].change < 0)  # against the people


@pytest.mark.parametrize("done", range(STEPS))
async def test_a_count_cut_short_after_any_step_rates_once(
    redis: FakeAsyncRedis, done: int
) -> None:
    game = with_bots(2)
    with pytest.raises(DiedError):
        await Dying(redis, done).count(tally(game))
    assert await StatsStore(redis).count(tally(game)) is True
    assert await StatsStore(redis).count(tally(game)) is False  # handed again: no change
    assert await snapshot(redis, game) == await counted_once(game)


async def test_a_plan_fixed_before_is_applied_even_if_ratings_moved_since(
    redis: FakeAsyncRedis,
) -> None:
    first, later = with_bots(3), kozel_won_by(placed(GROUP, 4), (ALICE, BOB), (CAROL, DAVE), GROUP)
    with pytest.raises(DiedError):
        await Dying(redis, 2).count(tally(first))  # its plan fixed, Alice's share added
    assert await StatsStore(redis).count(tally(later))  # moves Alice's and Bob's ratings
    assert await StatsStore(redis).count(tally(first))
    alice = await StatsStore(redis).person(ALICE.id)
    assert alice is not None
    assert alice.ratings[GROUP].rated == 2
    assert alice.overall.played == 2


async def test_processes_counting_at_once_rate_once(redis: FakeAsyncRedis) -> None:
    game = with_bots(5)
    counted = await asyncio.gather(*(StatsStore(redis).count(tally(game)) for _ in range(3)))
    assert sorted(counted) == [False, False, True]
    assert await snapshot(redis, game) == await counted_once(game)


async def test_forget_erases_a_persons_ratings_and_their_pairs(redis: FakeAsyncRedis) -> None:
    store = StatsStore(redis)
    assert await store.count(
        tally(kozel_won_by(placed(GROUP, 6), (ALICE, CAROL), (BOB, DAVE), GROUP))
    )
    carol = await store.person(CAROL.id)
    assert carol is not None
    assert (GROUP, ALICE.id) in carol.pair_ratings
    await store.forget(ALICE.id)
    assert await store.person(ALICE.id) is None
    carol = await store.person(CAROL.id)
    assert carol is not None
    assert not any(partner == ALICE.id for _, partner in carol.pair_ratings)
    assert carol.ratings[GROUP].rated == 1  # Carol keeps her own
    fields = _texts(await redis.hgetall(keys.stats(CAROL.id)))
    assert not any(str(ALICE.id) in name for name in fields)
