"""When each game next needs attention: the `due` sorted set maps a game id to the time
its messages or bots next need attention; every save of a group game marks it due at
once (see `bot.store.games`)."""

from __future__ import annotations

from typing import cast

from redis.asyncio import Redis

from bot.store import keys
from bot.store.errors import redis_errors
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


# Every live game due now, unless already due (a group's bot waiting its turn keeps
# its time). KEYS: the live set, the due set. ARGV: now.
_REVISIT = """
local ids = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(ids) do redis.call('ZADD', KEYS[2], 'NX', ARGV[1], id) end
return #ids
"""


_Scored = list[tuple[bytes | str, float]]  # what ZRANGEBYSCORE WITHSCORES answers


class Schedule:
    """The due set."""

    def __init__(self, redis: Redis) -> None:
        self._redis = redis
        self._reschedule = redis.register_script(_RESCHEDULE)
        self._revisit = redis.register_script(_REVISIT)

    async def due_games(self, now: float, limit: int = 50) -> list[str]:
        """Games whose messages or bots need attention by `now`."""
        return [game_id for game_id, _ in await self.due_at(now, limit)]

    async def due_at(self, now: float, limit: int = 50) -> list[tuple[str, float]]:
        """Games whose messages or bots need attention by `now`, with the time each was
        due (0 for a game due at once after a save)."""
        async with redis_errors():
            due = await self._redis.zrangebyscore(
                keys.DUE, "-inf", now, start=0, num=limit, withscores=True
            )
        return [(_text(game_id), float(at)) for game_id, at in cast(_Scored, due)]

    async def next_due(self) -> float | None:
        """When the earliest game needs attention, or None when none does."""
        async with redis_errors():
            first = await self._redis.zrange(keys.DUE, 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    async def mark_due(self, game_id: str, at: float = 0.0) -> None:
        """The game needs attention at `at` (0: at once)."""
        async with redis_errors():
            await self._redis.zadd(keys.DUE, {game_id: at})

    async def reschedule(self, game_id: str, version: int | None, at: float | None) -> bool:
        """Set when the game next needs attention (None: not until it changes), if it is
        still at `version` (None: whatever its version). False when it changed meanwhile:
        then it stays due at once. A game that is gone is forgotten."""
        args = [game_id, "" if version is None else str(version), "" if at is None else repr(at)]
        async with redis_errors():
            done = await self._reschedule(keys=[keys.game(game_id), keys.DUE], args=args)
        return bool(done)

    async def revisit_live(self, now: float) -> int:
        """Make every live game due (at start-up); returns how many there are."""
        async with redis_errors():
            count = await self._revisit(keys=[keys.LIVE, keys.DUE], args=[repr(now)])
        return int(count)

    async def live_by_variant(self) -> dict[str, int]:
        """How many live games (open lobbies, matches under way) there are per variant:
        the size of each variant's live set, in one round trip. Live games last saved
        before these sets existed are counted as "unknown" until their next save."""
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            pipe.scard(keys.LIVE)
            for variant in Variant:
                pipe.scard(keys.live(variant))
            everything, *sizes = await pipe.execute()
        counts = {variant.value: int(size) for variant, size in zip(Variant, sizes, strict=True)}
        counts["unknown"] = max(0, int(everything) - sum(counts.values()))
        return counts

    async def forget(self, game_id: str) -> None:
        """A game that is gone: neither due nor live any more."""
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            pipe.zrem(keys.DUE, game_id)
            pipe.srem(keys.LIVE, game_id)
            for variant in Variant:
                pipe.srem(keys.live(variant), game_id)
            await pipe.execute()


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)
