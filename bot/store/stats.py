"""The records in Redis, kept without expiry: one hash per person (`keys.stats`, laid
out as `bot.store.stats_fields` says) and one set per group of the people with a
record there (`keys.roster`).

A match is counted in steps, each on one slot of a Redis Cluster and each safe to repeat:

0. a match at a table (a group's or an invitation's): its ratings' plan, fixed once on
   the game's slot (`bot.store.ratings`);
1. each person's hash gets their counters from one script, which notes the match
   beside the hash (`keys.stats_applied`, in its slot) with the counts it files, and
   skips a match noted already (answering the counts noted then);
   (and their ratings' and pairs' changes, from the plan);
2. the group's roster gets its people (SADD), and the bot levels their changes (once);
3. one script on the game's slot marks the match (`keys.counted`) with the filed counts,
   unless marked already, and makes the game due when its table waits for the line.

A handing that finds the mark stops at once; one cut short (a crash, a failure) or run
by two processes at once adds nothing twice, as the notes say what each hash has, and
files the same counts, as the notes keep them. Only the call that set the mark counts
the match (`count` is True for it alone).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from datetime import timedelta

from redis.typing import EncodableT

from bot.game import ratings
from bot.game.ratings import Plan, Rating
from bot.game.stats import PersonStats
from bot.game.tally import MatchTally, PersonTally, Told
from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.store.ratings import RatingsStore
from bot.store.slots import shard_of_game
from bot.store.stats_fields import (
    GROUP_PLAYED,
    NAME,
    PAIR_PLAYED,
    PAIR_RATING,
    Share,
    pair_field,
    partners_of,
    person_of,
    shares_of,
)
from core.players import Level

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
        self._ratings = RatingsStore(
            redis, plan_ttl=mark_ttl, applied_kept=applied_kept, clock=clock
        )

    async def count(self, tally: MatchTally) -> bool:
        mark = keys.counted(tally.game_id)
        ttl = _ms(self._mark_ttl)
        async with redis_errors():
            if await self._redis.pexpire(mark, ttl):  # counted: renewed, nothing more
                return False
        plan = await self._plan(tally)
        told: dict[str, str] = {}
        shares = shares_of(tally, plan)
        for person in tally.people:
            told |= await self._add_share(tally.game_id, person, shares[person.player.user_id])
        if tally.group is not None and tally.people:
            await self._add_to_roster(tally.group, [p.player.user_id for p in tally.people])
        if plan is not None:
            await self._move_levels(tally.game_id, plan)
        return await self._mark_counted(tally, told)

    async def _plan(self, tally: MatchTally) -> Plan | None:
        """Step 0: a table's match's ratings' plan (the one fixed before, if any)."""
        if tally.table is None:
            return None
        return await self._ratings.plan(tally.game_id, tally.table)

    async def _move_levels(self, game_id: str, plan: Plan) -> None:
        """Step 2, the bot levels' part."""
        await self._ratings.move_levels(game_id, plan)

    async def ratings_told(self, game_id: str) -> tuple[ratings.Told, ...]:
        return await self._ratings.told(game_id)

    async def levels(self, group: int) -> dict[Level, Rating]:
        return await self._ratings.levels(group)

    async def _add_to_roster(self, group: int, people: list[int]) -> None:
        """Step 2: after their records, so that the roster names nobody without one."""
        async with redis_errors():
            await self._redis.sadd(keys.roster(group), *people)

    async def _add_share(self, game_id: str, person: PersonTally, share: Share) -> dict[str, str]:
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
        """Step 3: the mark and the filed counts; the game due when its table waits."""
        mark = keys.counted(tally.game_id)
        # A table's match (a group's or an invitation's) shows its line once counted.
        due = keys.due(shard_of_game(tally.game_id)) if tally.table is not None else None
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
        partners = sorted(partners_of(fields))
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for partner in partners:
                pipe.hget(keys.stats(partner), NAME)
            names = await pipe.execute()
        known = {p: text(n) for p, n in zip(partners, names, strict=True) if n is not None}
        return person_of(user_id, fields, known)

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
        return [person_of(m, fields, names) for m, fields in found.items()]

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
                if paired := PAIR_PLAYED.fullmatch(name):
                    scope, partner = paired.group(1), int(paired.group(2))
                    mine = [
                        pair_field(scope, user_id, name) for name in ("played", "won", *PAIR_RATING)
                    ]
                    pipe.hdel(keys.stats(partner), *mine)
                elif grouped := GROUP_PLAYED.fullmatch(name):
                    pipe.srem(keys.roster(int(grouped.group(1))), user_id)
            pipe.delete(keys.stats_applied(user_id))
            await pipe.execute()
        async with redis_errors():
            await self._redis.delete(keys.stats(user_id))


def _ms(span: timedelta) -> int:
    return int(span.total_seconds() * 1000)
