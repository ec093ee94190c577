"""The records in Redis, kept without expiry: one hash per person (`keys.stats`) and one
set per group of the people with a record there (`keys.roster`).

A person's hash: `name` (their latest display name), then counters named
`<scope>:<counter>` (scope `all`, or a group's chat id), Kozel pairs as
`<scope>:pair:<partner's user id>:played|won` (in both partners' hashes), and direct
games as `direct:<variant>:<level>:played|won|lost`.

A match is counted by one script: it marks the match (`keys.counted`, beside the
game) unless marked already, and only then adds everything and files the counts its
group may be told; a match handed twice, or by two processes at once, is counted once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from datetime import timedelta

from redis.asyncio import Redis
from redis.typing import EncodableT

from bot.game.stats import AgainstBots, Counters, PersonStats, Together
from bot.game.tally import Fact, FactKind, MatchTally, Told
from bot.store import keys
from bot.store.errors import redis_errors
from core.players import Level
from core.variants import Variant

# The mark outlives every handing of its match: the finisher hands a match only while
# its record exists (2 days after its last save), and each handing renews the mark.
MARK_TTL = timedelta(days=30)
ALL = "all"
NAME = "name"
_MARK = "counted"

# KEYS[1]: the match's mark, KEYS[2]: the due set, then the keys the steps name. ARGV[1]:
# the mark's TTL in ms, ARGV[2]: the game id, ARGV[3]: "1" to make the game due (its
# group's line waits for this count); then steps of four: what, key index, a, b.
# KEYS[1]: the person's records. ARGV: their user id, then how the keys of records and
# of rosters begin (`keys.stats`, `keys.roster`): their partners' and groups' keys are
# read from their own fields.
_FORGET = """
local me = ARGV[1]
for _, name in ipairs(redis.call('HKEYS', KEYS[1])) do
  local scope, partner = string.match(name, '^([^:]+):pair:([^:]+):played$')
  if scope then
    local mine = scope .. ':pair:' .. me .. ':'
    redis.call('HDEL', ARGV[2] .. partner, mine .. 'played', mine .. 'won')
  end
  local group = string.match(name, '^(-?%d+):played$')
  if group then redis.call('SREM', ARGV[3] .. group, me) end
end
return redis.call('DEL', KEYS[1])
"""

_COUNT = """
local first = redis.call('HSETNX', KEYS[1], 'counted', '1') == 1
redis.call('PEXPIRE', KEYS[1], ARGV[1])
if not first then return 0 end
for i = 4, #ARGV, 4 do
  local what, key, a, b = ARGV[i], KEYS[tonumber(ARGV[i + 1])], ARGV[i + 2], ARGV[i + 3]
  if what == 'incr' then redis.call('HINCRBY', key, a, b)
  elseif what == 'set' then redis.call('HSET', key, a, b)
  elseif what == 'add' then redis.call('SADD', key, a)
  elseif what == 'file' then redis.call('HSET', KEYS[1], b, redis.call('HGET', key, a) or '0')
  end
end
if ARGV[3] == '1' then redis.call('ZADD', KEYS[2], 0, ARGV[2]) end
return 1
"""


_VARIANTS = frozenset(v.value for v in Variant)
_LEVELS = frozenset(lv.value for lv in Level)


def _scope(group: int | None) -> str:
    return ALL if group is None else str(group)


def _counter(scope: str, name: str) -> str:
    return f"{scope}:{name}"


def _pair(scope: str, partner: int, name: str) -> str:
    return f"{scope}:pair:{partner}:{name}"


def _direct(variant: Variant, level: Level, name: str) -> str:
    return f"direct:{variant.value}:{level.value}:{name}"


class _Steps:
    """The count script's keys and steps."""

    def __init__(self, *first: str) -> None:
        self.keys = list(first)
        self.args: list[EncodableT] = []

    def _step(self, what: str, key: str, a: EncodableT, b: EncodableT = "") -> None:
        if key not in self.keys:
            self.keys.append(key)
        self.args += [what, self.keys.index(key) + 1, a, b]

    def incr(self, key: str, field: str, by: int) -> None:
        if by:  # a counter never added to reads as 0: no field for it
            self._step("incr", key, field, by)

    def set(self, key: str, field: str, value: str) -> None:
        self._step("set", key, field, value)

    def add(self, key: str, member: int) -> None:
        self._step("add", key, member)

    def file(self, key: str, field: str, name: str) -> None:
        self._step("file", key, field, name)


def _steps(tally: MatchTally) -> _Steps:
    steps = _Steps(keys.counted(tally.game_id), keys.DUE)
    scopes = [ALL] if tally.group is None else [ALL, _scope(tally.group)]
    for person in tally.people:
        player, key = person.player, keys.stats(person.player.user_id)
        steps.set(key, NAME, player.name)
        for scope in scopes:
            for counter, by in person.counts.items():
                steps.incr(key, _counter(scope, counter), by)
        if tally.direct is not None:
            variant, level = tally.direct
            steps.incr(key, _direct(variant, level, "played"), 1)
            steps.incr(key, _direct(variant, level, "won" if person.won else "lost"), 1)
        if tally.group is not None:
            steps.add(keys.roster(tally.group), player.user_id)
    for pair in tally.pairs:
        for me, partner in ((pair.first, pair.second), (pair.second, pair.first)):
            key = keys.stats(me.user_id)
            for scope in scopes:
                steps.incr(key, _pair(scope, partner.user_id, "played"), 1)
                steps.incr(key, _pair(scope, partner.user_id, "won"), int(pair.won))
    for fact in tally.facts:
        steps.file(keys.stats(fact.players[0].user_id), _fact_field(tally, fact), fact.name)
    return steps


def _fact_field(tally: MatchTally, fact: Fact) -> str:
    """The counter, in the group's scope, that `fact` tells."""
    scope = _scope(tally.group)
    if fact.kind is FactKind.PAIR_WINS:
        return _pair(scope, fact.players[1].user_id, "won")
    return _counter(scope, "goats" if fact.kind is FactKind.GOATS else "won")


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)


class StatsStore:
    """The records (a `StatsRepository`), and a `PersonalData` holder for /forgetme."""

    def __init__(self, redis: Redis, *, mark_ttl: timedelta = MARK_TTL) -> None:
        self._redis = redis
        self._mark_ttl = mark_ttl
        self._count = redis.register_script(_COUNT)
        self._forget = redis.register_script(_FORGET)

    async def count(self, tally: MatchTally) -> bool:
        steps = _steps(tally)
        ttl = int(self._mark_ttl.total_seconds() * 1000)
        due = "1" if tally.group is not None else "0"
        async with redis_errors():
            counted = await self._count(
                keys=steps.keys, args=[ttl, tally.game_id, due, *steps.args]
            )
        return bool(counted)

    async def told(self, game_id: str) -> tuple[Told, ...] | None:
        async with redis_errors():
            raw = await self._redis.hgetall(keys.counted(game_id))
        if not raw:
            return None
        fields = {_text(k): int(v) for k, v in raw.items() if _text(k) != _MARK}
        found = (Told.parse(name, count) for name, count in sorted(fields.items()))
        return tuple(t for t in found if t is not None)

    async def person(self, user_id: int) -> PersonStats | None:
        async with redis_errors():
            raw = await self._redis.hgetall(keys.stats(user_id))
        if not raw:
            return None
        fields = {_text(k): _text(v) for k, v in raw.items()}
        partners = sorted(_partners(fields))
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for partner in partners:
                pipe.hget(keys.stats(partner), NAME)
            names = await pipe.execute()
        known = {p: _text(n) for p, n in zip(partners, names, strict=True) if n is not None}
        return _parse(user_id, fields, known)

    async def people_of(self, chat_id: int) -> list[PersonStats]:
        async with redis_errors():
            members = sorted(int(m) for m in await self._redis.smembers(keys.roster(chat_id)))
        if not members:
            return []
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for member in members:
                pipe.hgetall(keys.stats(member))
            raws = await pipe.execute()
        found = {
            m: {_text(k): _text(v) for k, v in raw.items()}
            for m, raw in zip(members, raws, strict=True)
            if raw
        }
        names = {m: fields.get(NAME, "?") for m, fields in found.items()}
        return [_parse(m, fields, names) for m, fields in found.items()]

    async def forget(self, user_id: int) -> None:
        """Their hash, their entries in their partners' hashes, their place in every
        group's roster: one script, so a match counted meanwhile cannot half-return."""
        prefixes = [keys.stats(0).removesuffix("0"), keys.roster(0).removesuffix("0")]
        async with redis_errors():
            await self._forget(keys=[keys.stats(user_id)], args=[user_id, *prefixes])


def _partners(fields: Mapping[str, str]) -> set[int]:
    """The user ids of a person's Kozel partners, from their pair fields."""
    found = set()
    for name in fields:
        parts = name.split(":")
        if len(parts) == 4 and parts[1] == "pair":
            found.add(int(parts[2]))
    return found


def _parse(user_id: int, fields: Mapping[str, str], names: Mapping[int, str]) -> PersonStats:
    """A person's hash, read back (see the module's doc for its fields)."""
    scoped: dict[str, dict[str, int]] = defaultdict(dict)
    pairs: dict[str, dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    direct: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
    for name, value in fields.items():
        parts = name.split(":")
        if len(parts) == 2:
            scoped[parts[0]][parts[1]] = int(value)
        elif len(parts) == 4 and parts[1] == "pair":
            pairs[parts[0]][int(parts[2])][parts[3]] = int(value)
        elif len(parts) == 4 and parts[0] == "direct":
            direct[(parts[1], parts[2])][parts[3]] = int(value)
    groups = {int(s): Counters.of(c) for s, c in scoped.items() if s != ALL}
    partners = {
        None if scope == ALL else int(scope): tuple(
            Together(p, names.get(p, "?"), c.get("played", 0), c.get("won", 0))
            for p, c in sorted(mates.items())
        )
        for scope, mates in pairs.items()
    }
    against = tuple(
        AgainstBots(Variant(v), Level(lv), c.get("played", 0), c.get("won", 0))
        for (v, lv), c in sorted(direct.items())
        if v in _VARIANTS and lv in _LEVELS  # a variant or level no longer known is skipped
    )
    return PersonStats(
        user_id,
        fields.get(NAME, "?"),
        Counters.of(scoped.get(ALL, {})),
        groups,
        partners,
        against,
    )
