"""The records in Redis, kept without expiry: one hash per person (`keys.stats`) and one
set per group of the people with a record there (`keys.roster`).

A person's hash: `name` (their latest display name), then counters named
`<scope>:<counter>` (scope `all`, or a group's chat id), Kozel pairs as
`<scope>:pair:<partner's user id>:played|won` (in both partners' hashes), and direct
games as `direct:<variant>:<level>:played|won|lost`.

A match is counted in steps, each on one slot of a Redis Cluster and each safe to repeat:

1. each person's hash gets their counters from one script, which notes the match
   beside the hash (`keys.stats_applied`, in its slot) with the counts it files, and
   skips a match noted already (answering the counts noted then);
2. the group's roster gets its people (SADD);
3. one script on the game's slot marks the match (`keys.counted`) with the filed counts,
   unless marked already, and makes the game due when its group waits for the line.

A handing that finds the mark stops at once; one cut short (a crash, a failure) or run
by two processes at once adds nothing twice, as the notes say what each hash has, and
files the same counts, as the notes keep them. Only the call that set the mark counts
the match (`count` is True for it alone).
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta

from redis.typing import EncodableT

from bot.game.stats import AgainstBots, Counters, PersonStats, Together
from bot.game.tally import Fact, FactKind, MatchTally, PersonTally, Told
from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.store.slots import shard_of_game
from core.players import Level
from core.variants import Variant

# The mark outlives every handing of its match: the finisher hands a match only while
# its record exists (2 days after its last save), and each handing renews the mark.
MARK_TTL = timedelta(days=30)
# A person's note of a match matters only while the match is not marked: from the
# moment a handing finds no mark to its last step, milliseconds unless a process
# stalls. Notes older than this are dropped whenever a newer one is written, and the
# notes expire this long after the newest: a person has one note per match they
# finished lately (a game id, a time and a few counts each). A handing stalled longer
# than this between its look at the mark and a person's step would count that
# person's share again: far beyond any stall a process lives through.
APPLIED_KEPT = timedelta(days=2)
ALL = "all"
NAME = "name"
_MARK = "counted"

# KEYS[1]: a person's records, KEYS[2]: their notes of the matches applied. ARGV: the
# game id, now (ms), how long a note is kept (ms), their name, how many counts to file,
# the fields of those counts, then pairs of (counter, by). Returns the counts to file,
# as they were right after the match was added.
_APPLY = """
local noted = redis.call('HGET', KEYS[2], ARGV[1])
if noted then
  local values = {}
  for value in string.gmatch(noted, '%S+') do values[#values + 1] = value end
  table.remove(values, 1)
  return values
end
local filed = tonumber(ARGV[5])
redis.call('HSET', KEYS[1], 'name', ARGV[4])
for i = 6 + filed, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
local values = {}
for i = 1, filed do values[i] = redis.call('HGET', KEYS[1], ARGV[5 + i]) or '0' end
local oldest = tonumber(ARGV[2]) - tonumber(ARGV[3])
local notes = redis.call('HGETALL', KEYS[2])
for i = 1, #notes, 2 do
  local at = tonumber(string.match(notes[i + 1], '^%S+'))
  if not at or at < oldest then redis.call('HDEL', KEYS[2], notes[i]) end
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ' ' .. table.concat(values, ' '))
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return values
"""

# KEYS[1]: the match's mark, then the due set of its shard when the group's line waits
# for this count. ARGV: the mark's TTL in ms, the game id, then pairs of (fact, count).
# Returns 1 when this call marked the match.
_MARK_COUNTED = """
local first = redis.call('HSETNX', KEYS[1], 'counted', '1') == 1
if first then
  for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
if not first then return 0 end
if KEYS[2] then redis.call('ZADD', KEYS[2], 0, ARGV[2]) end
return 1
"""

_PAIR_PLAYED = re.compile(r"([^:]+):pair:(\d+):played")
_GROUP_PLAYED = re.compile(r"(-?\d+):played")
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


@dataclass(slots=True)
class _Share:
    """What a match adds to one person's hash, and the counts of it to file."""

    counters: dict[str, int] = field(default_factory=dict)
    filed: dict[str, str] = field(default_factory=dict)  # fact name -> field

    def add(self, name: str, by: int) -> None:
        if by:  # a counter never added to reads as 0: no field for it
            self.counters[name] = self.counters.get(name, 0) + by


def _shares(tally: MatchTally) -> dict[int, _Share]:
    """Each person's share of the match, by user id."""
    shares: dict[int, _Share] = {p.player.user_id: _Share() for p in tally.people}
    scopes = [ALL] if tally.group is None else [ALL, _scope(tally.group)]
    for person in tally.people:
        share = shares[person.player.user_id]
        for scope in scopes:
            for counter, by in person.counts.items():
                share.add(_counter(scope, counter), by)
        if tally.direct is not None:
            variant, level = tally.direct
            share.add(_direct(variant, level, "played"), 1)
            share.add(_direct(variant, level, "won" if person.won else "lost"), 1)
    for pair in tally.pairs:
        for me, partner in ((pair.first, pair.second), (pair.second, pair.first)):
            share = shares[me.user_id]
            for scope in scopes:
                share.add(_pair(scope, partner.user_id, "played"), 1)
                share.add(_pair(scope, partner.user_id, "won"), int(pair.won))
    for fact in tally.facts:
        shares[fact.players[0].user_id].filed[fact.name] = _fact_field(tally, fact)
    return shares


def _fact_field(tally: MatchTally, fact: Fact) -> str:
    """The counter, in the group's scope, that `fact` tells."""
    scope = _scope(tally.group)
    if fact.kind is FactKind.PAIR_WINS:
        return _pair(scope, fact.players[1].user_id, "won")
    return _counter(scope, "goats" if fact.kind is FactKind.GOATS else "won")


class StatsStore:
    """The records (a `StatsRepository`), and a `PersonalData` holder for /forgetme."""

    def __init__(
        self,
        redis: RedisClient,
        *,
        mark_ttl: timedelta = MARK_TTL,
        applied_kept: timedelta = APPLIED_KEPT,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._redis = redis
        self._mark_ttl = mark_ttl
        self._applied_kept = applied_kept
        self._clock = clock
        self._apply = redis.register_script(_APPLY)
        self._mark = redis.register_script(_MARK_COUNTED)

    async def count(self, tally: MatchTally) -> bool:
        mark = keys.counted(tally.game_id)
        ttl = _ms(self._mark_ttl)
        async with redis_errors():
            if await self._redis.pexpire(mark, ttl):  # counted: renewed, nothing more
                return False
        told: dict[str, str] = {}
        shares = _shares(tally)
        for person in tally.people:
            told |= await self._add_share(tally.game_id, person, shares[person.player.user_id])
        if tally.group is not None and tally.people:
            await self._add_to_roster(tally.group, [p.player.user_id for p in tally.people])
        return await self._mark_counted(tally, told)

    async def _add_to_roster(self, group: int, people: list[int]) -> None:
        """Step 2: after their records, so that the roster names nobody without one."""
        async with redis_errors():
            await self._redis.sadd(keys.roster(group), *people)

    async def _add_share(self, game_id: str, person: PersonTally, share: _Share) -> dict[str, str]:
        """Step 1 for one person: their counters, unless added before; the counts of their
        facts as the match left them."""
        user_id = person.player.user_id
        facts = list(share.filed)
        args: list[EncodableT] = [
            game_id,
            int(self._clock() * 1000),
            _ms(self._applied_kept),
            person.player.name,
            len(facts),
            *(share.filed[f] for f in facts),
        ]
        for name, by in share.counters.items():
            args += [name, by]
        async with redis_errors():
            values = await self._apply(
                keys=[keys.stats(user_id), keys.stats_applied(user_id)], args=args
            )
        # A note written by an older bot may file fewer counts: those are not told.
        return {f: text(v) for f, v in zip(facts, values, strict=False)}

    async def _mark_counted(self, tally: MatchTally, told: Mapping[str, str]) -> bool:
        """Step 3: the mark and the filed counts; the game due when its group waits."""
        mark = keys.counted(tally.game_id)
        due = keys.due(shard_of_game(tally.game_id)) if tally.group is not None else None
        script_keys = [mark] if due is None else [mark, due]
        args: list[EncodableT] = [_ms(self._mark_ttl), tally.game_id]
        for name, count in told.items():
            args += [name, count]
        async with redis_errors():
            return bool(await self._mark(keys=script_keys, args=args))

    async def told(self, game_id: str) -> tuple[Told, ...] | None:
        async with redis_errors():
            raw = await self._redis.hgetall(keys.counted(game_id))
        if not raw:
            return None
        fields = {text(k): int(v) for k, v in raw.items() if text(k) != _MARK}
        found = (Told.parse(name, count) for name, count in sorted(fields.items()))
        return tuple(t for t in found if t is not None)

    async def person(self, user_id: int) -> PersonStats | None:
        async with redis_errors():
            raw = await self._redis.hgetall(keys.stats(user_id))
        if not raw:
            return None
        fields = {text(k): text(v) for k, v in raw.items()}
        partners = sorted(_partners(fields))
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for partner in partners:
                pipe.hget(keys.stats(partner), NAME)
            names = await pipe.execute()
        known = {p: text(n) for p, n in zip(partners, names, strict=True) if n is not None}
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
            m: {text(k): text(v) for k, v in raw.items()}
            for m, raw in zip(members, raws, strict=True)
            if raw
        }
        names = {m: fields.get(NAME, "?") for m, fields in found.items()}
        return [_parse(m, fields, names) for m, fields in found.items()]

    async def forget(self, user_id: int) -> None:
        """Their hash and notes, their entries in their partners' hashes, their place in
        every group's roster. Each key on its own (they are in many slots), their own
        hash last: a forget cut short leaves it naming what is left, and forgetting
        again finishes. Not atomic with counting: a match of theirs counted meanwhile
        can bring back their hash (forgetting again removes it) or, when it ends at that
        very moment, leave their pair entries in a partner's hash."""
        async with redis_errors():
            names = [text(n) for n in await self._redis.hkeys(keys.stats(user_id))]
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for name in names:
                if paired := _PAIR_PLAYED.fullmatch(name):
                    scope, partner = paired.group(1), int(paired.group(2))
                    mine = [_pair(scope, user_id, "played"), _pair(scope, user_id, "won")]
                    pipe.hdel(keys.stats(partner), *mine)
                elif grouped := _GROUP_PLAYED.fullmatch(name):
                    pipe.srem(keys.roster(int(grouped.group(1))), user_id)
            pipe.delete(keys.stats_applied(user_id))
            await pipe.execute()
        async with redis_errors():
            await self._redis.delete(keys.stats(user_id))


def _ms(span: timedelta) -> int:
    return int(span.total_seconds() * 1000)


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
