"""When each game next needs attention: each shard's `due` sorted set maps a game id
to the time its messages or bots next need attention; every save of a group game
marks it due at once (see `bot.store.games`). The shards' sets are read together, in
one pipeline; whatever changes one game's place touches its shard alone.

Every worker makes every live game due once the store answers again after an outage,
as each does at start-up (`Worker.run`), at `REVISIT`: each is shown again."""

from __future__ import annotations

from typing import cast

from bot.game.ports import REVISIT
from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.store.slots import SHARDS, shard_of_game
from core.variants import Variant

# Drop the game from `due`, or set its time, unless it changed since `version` (then it
# stays due at once: whoever changed it made new work). A game that is gone is dropped.
_RESCHEDULE = """
local stored = redis.call('HGET', KEYS[1], 'v')
if ARGV[2] ~= '' and stored and stored ~= ARGV[2] then return 0 end
if ARGV[3] == '' or not stored then
  redis.call('ZREM', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
end
return 1
"""


# Every live game of a shard due at once, and to be shown again. KEYS: the shard's
# live set, its due set. ARGV: the time it is due at.
_REVISIT = """
local ids = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(ids) do redis.call('ZADD', KEYS[2], 'LT', ARGV[1], id) end
return #ids
"""

# A game that is gone: off its shard's due set and every live set. KEYS: the due set,
# the live set, then the live set of each variant. ARGV: the game id.
_FORGET = """
redis.call('ZREM', KEYS[1], ARGV[1])
for i = 2, #KEYS do redis.call('SREM', KEYS[i], ARGV[1]) end
return 1
"""


_Scored = list[tuple[bytes | str, float]]  # what ZRANGEBYSCORE WITHSCORES answers


class Schedule:
    """The due sets."""

    def __init__(self, redis: RedisClient) -> None:
        self._redis = redis
        self._reschedule = redis.register_script(_RESCHEDULE)
        self._revisit = redis.register_script(_REVISIT)
        self._forget = redis.register_script(_FORGET)

    async def due_games(self, now: float, limit: int = 50) -> list[str]:
        """Games whose messages or bots need attention by `now`."""
        return [game_id for game_id, _ in await self.due_at(now, limit)]

    async def due_at(self, now: float, limit: int = 50) -> list[tuple[str, float]]:
        """Games whose messages or bots need attention by `now`, with the time each was
        due (0 for a game due at once after a save): the `limit` most overdue of all."""
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for shard in range(SHARDS):
                pipe.zrangebyscore(
                    keys.due(shard), "-inf", now, start=0, num=limit, withscores=True
                )
            found = cast(list[_Scored], await pipe.execute())
        due = sorted(
            ((text(game_id), float(at)) for shard in found for game_id, at in shard),
            key=lambda item: (item[1], item[0]),
        )
        return due[:limit]

    async def next_due(self) -> float | None:
        """When the earliest game needs attention, or None when none does."""
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for shard in range(SHARDS):
                pipe.zrange(keys.due(shard), 0, 0, withscores=True)
            firsts = cast(list[_Scored], await pipe.execute())
        return min((float(first[0][1]) for first in firsts if first), default=None)

    async def reschedule(self, game_id: str, version: int | None, at: float | None) -> bool:
        """Set when the game next needs attention (None: not until it changes), if it is
        still at `version` (None: whatever its version). False when it changed meanwhile:
        then it stays due at once. A game that is gone is forgotten."""
        args = [game_id, "" if version is None else str(version), "" if at is None else repr(at)]
        script_keys = [keys.game(game_id), keys.due(shard_of_game(game_id))]
        async with redis_errors():
            done = await self._reschedule(keys=script_keys, args=args)
        return bool(done)

    async def revisit_live(self, now: float) -> int:
        """Make every live game due at `REVISIT` (at start-up); returns how many there are."""
        count = 0
        for shard in range(SHARDS):
            async with redis_errors():
                found = await self._revisit(
                    keys=[keys.live(shard), keys.due(shard)], args=[repr(REVISIT)]
                )
            count += int(found)
        return count

    async def live_by_variant(self) -> dict[str, int]:
        """How many live games (open lobbies, matches under way) there are per variant:
        the sizes of the shards' live sets, in one round trip. Live games last saved
        before these sets existed are counted as "unknown" until their next save."""
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for shard in range(SHARDS):
                pipe.scard(keys.live(shard))
                for variant in Variant:
                    pipe.scard(keys.live(shard, variant))
            sizes = [int(size) for size in await pipe.execute()]
        per_shard = 1 + len(Variant)
        counts = {
            variant.value: sum(sizes[i + 1 :: per_shard]) for i, variant in enumerate(Variant)
        }
        everything = sum(sizes[::per_shard])
        counts["unknown"] = max(0, everything - sum(counts.values()))
        return counts

    async def forget(self, game_id: str) -> None:
        """A game that is gone: neither due nor live any more."""
        shard = shard_of_game(game_id)
        script_keys = [
            keys.due(shard),
            keys.live(shard),
            *(keys.live(shard, variant) for variant in Variant),
        ]
        async with redis_errors():
            await self._forget(keys=script_keys, args=[game_id])
