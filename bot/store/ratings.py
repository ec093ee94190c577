"""The ratings' side of counting a match (see `bot.store.stats`, whose steps it joins,
and `bot.game.ratings`): the plan of what a match changes is computed from the ratings
before it and fixed once, on the game's slot (`keys.rated`), by seat and not by user id;
a handing that finds a plan fixed applies that one, whatever the ratings read now. The
people's and pairs' changes are added to their records with the rest of their share,
once; the bot levels' to their hashes (`keys.levels`), once, noted beside each.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from datetime import timedelta

from redis.typing import EncodableT

from bot.game.ratings import (
    Change,
    Entity,
    LevelKey,
    PairKey,
    PersonKey,
    Plan,
    Rating,
    Scope,
    Table,
    Told,
    plan,
)
from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.store.stats_fields import MICRO, person_of, rating_of, scope_of
from core.players import Level

# KEYS[1]: the match's plan. ARGV: its TTL (ms), then pairs of (field, value) to fix
# unless a plan is there. Returns the plan fixed.
_FIX = """
if redis.call('EXISTS', KEYS[1]) == 0 then
  for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return redis.call('HGETALL', KEYS[1])
"""

# KEYS[1]: the levels' ratings in a scope, KEYS[2]: the matches applied to them. ARGV:
# the game id, now (ms), how long a note is kept (ms), then pairs of (field, by).
# Returns 1 when this call applied the match.
_ADD_ONCE = """
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 0 end
for i = 4, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
local oldest = tonumber(ARGV[2]) - tonumber(ARGV[3])
local notes = redis.call('HGETALL', KEYS[2])
for i = 1, #notes, 2 do
  if tonumber(notes[i + 1]) < oldest then redis.call('HDEL', KEYS[2], notes[i]) end
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
"""
_SEAT = "seat"


class RatingsStore:
    """Reads ratings, fixes a match's plan, moves the bot levels."""

    def __init__(
        self,
        redis: RedisClient,
        *,
        plan_ttl: timedelta,
        applied_kept: timedelta,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._redis = redis
        self._plan_ttl = plan_ttl
        self._applied_kept = applied_kept
        self._clock = clock
        self._fix = redis.register_script(_FIX)
        self._add_once = redis.register_script(_ADD_ONCE)

    async def plan(self, game_id: str, table: Table) -> Plan:
        """The match's plan: the one fixed before, or one from the ratings now."""
        fresh = plan(table, await self._before(table))
        args: list[EncodableT] = [_ms(self._plan_ttl)]
        for field, value in _encoded(fresh, table).items():
            args += [field, value]
        async with redis_errors():
            raw = await self._fix(keys=[keys.rated(game_id)], args=args)
        fields = {text(raw[i]): text(raw[i + 1]) for i in range(0, len(raw), 2)}
        return _decoded(fields, table)

    async def _before(self, table: Table) -> dict[Entity, Rating]:
        people = sorted({o for o in table.seats if not isinstance(o, Level)})
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for person in people:
                pipe.hgetall(keys.stats(person))
            for scope in table.scopes:
                pipe.hgetall(keys.levels(scope_of(scope)))
            raws = await pipe.execute()
        found: dict[Entity, Rating] = {}
        for person, raw in zip(people, raws, strict=False):
            stats = person_of(person, {text(k): text(v) for k, v in raw.items()}, {})
            for scope, rating in stats.ratings.items():
                found[PersonKey(person, scope)] = rating
            for (scope, partner), rating in stats.pair_ratings.items():
                first, second = sorted((person, partner))
                found[PairKey(first, second, scope)] = rating
        for scope, raw in zip(table.scopes, raws[len(people) :], strict=True):
            for level, rating in _levels({text(k): text(v) for k, v in raw.items()}).items():
                found[LevelKey(level, scope)] = rating
        return found

    async def move_levels(self, game_id: str, plan: Plan) -> None:
        """The bot levels' changes, each scope's once."""
        by_scope: dict[Scope, list[EncodableT]] = {}
        for entity, change in plan.changes.items():
            if isinstance(entity, LevelKey):
                args = by_scope.setdefault(entity.scope, [])
                for name, by in _level_fields(entity.level, change).items():
                    args += [name, by]
        now = int(self._clock() * 1000)
        for scope, moves in by_scope.items():
            hashed = scope_of(scope)
            async with redis_errors():
                await self._add_once(
                    keys=[keys.levels(hashed), keys.levels_applied(hashed)],
                    args=[game_id, now, _ms(self._applied_kept), *moves],
                )

    async def told(self, game_id: str) -> tuple[Told, ...]:
        """The people's ratings in the group after the match, by seat (none unknown)."""
        async with redis_errors():
            raw = await self._redis.hgetall(keys.rated(game_id))
        found = []
        for name, value in sorted((text(k), text(v)) for k, v in raw.items()):
            kind, _, seat = name.partition(":")
            if kind == _SEAT:
                rating, change = value.split()
                found.append(Told(int(seat), int(rating), int(change)))
        return tuple(found)

    async def levels(self, group: int) -> dict[Level, Rating]:
        """The bot levels rated in a group."""
        async with redis_errors():
            raw = await self._redis.hgetall(keys.levels(scope_of(group)))
        return _levels({text(k): text(v) for k, v in raw.items()})


def _level_fields(level: Level, change: Change) -> dict[str, int]:
    return {
        f"{level.value}:mu": round(change.mu * MICRO),
        f"{level.value}:sigma": round(change.sigma * MICRO),
        f"{level.value}:rated": 1,
    }


def _levels(fields: Mapping[str, str]) -> dict[Level, Rating]:
    values: dict[str, dict[str, int]] = {}
    for name, value in fields.items():
        level, _, field = name.partition(":")
        values.setdefault(level, {})[field] = int(value)
    known = {lv.value: lv for lv in Level}
    return {
        known[level]: rating
        for level, rated in values.items()
        if level in known and (rating := rating_of(rated)) is not None
    }


# A plan by seat: `p:<seat>:<scope>` a person, `q:<seat>:<seat>:<scope>` a pair (the
# lower user id's seat first), `b:<level>:<scope>` a level, each "<mu> <sigma>" in
# millionths; `seat:<seat>` "<rating> <change>", told to the group.
def _encoded(fresh: Plan, table: Table) -> dict[str, str]:
    seat_of = {o: seat for seat, o in enumerate(table.seats) if not isinstance(o, Level)}
    fields = {}
    for entity, change in fresh.changes.items():
        scope = scope_of(entity.scope)
        if isinstance(entity, PersonKey):
            name = f"p:{seat_of[entity.user_id]}:{scope}"
        elif isinstance(entity, PairKey):
            name = f"q:{seat_of[entity.first]}:{seat_of[entity.second]}:{scope}"
        else:
            name = f"b:{entity.level.value}:{scope}"
        fields[name] = f"{round(change.mu * MICRO)} {round(change.sigma * MICRO)}"
    for told in fresh.told:
        fields[f"{_SEAT}:{told.seat}"] = f"{told.rating} {told.change}"
    return fields


def _decoded(fields: Mapping[str, str], table: Table) -> Plan:
    changes: dict[Entity, Change] = {}
    told = []
    for name, value in fields.items():
        kind, *parts = name.split(":")
        if kind == _SEAT:
            rating, moved = value.split()
            told.append(Told(int(parts[0]), int(rating), int(moved)))
            continue
        mu, sigma = (int(v) / MICRO for v in value.split())
        scope = None if parts[-1] == scope_of(None) else int(parts[-1])
        entity: Entity
        if kind == "p":
            entity = PersonKey(_person(table, parts[0]), scope)
        elif kind == "q":
            entity = PairKey(_person(table, parts[0]), _person(table, parts[1]), scope)
        else:
            entity = LevelKey(Level(parts[0]), scope)
        changes[entity] = Change(mu, sigma)
    return Plan(changes, tuple(sorted(told, key=lambda t: t.seat)))


def _person(table: Table, seat: str) -> int:
    occupant = table.seats[int(seat)]
    if isinstance(occupant, Level):
        raise ValueError(f"seat {seat} holds no person")
    return occupant


def _ms(span: timedelta) -> int:
    return int(span.total_seconds() * 1000)
