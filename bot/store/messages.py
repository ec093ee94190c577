"""Where each game's messages live and what they last showed, kept beside the game and
outside its version: sending a message anew never makes anyone's buttons stale.

One Redis hash per game, of text fields whose meaning is the delivery's
(`bot.telegram.delivery.placement`). Whoever brings a game's messages up to date holds
its lease meanwhile, so that two processes never send the same thing twice; taking the
lease and reading the hash is one round trip (or none of its own: a save may take it,
see `bot.store.games`), and so are writing it back and giving the lease up.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import cast

from redis.typing import EncodableT, FieldT

from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.store.games import ACTIVE_TTL

# Take the lease, unless another token holds it (the same token may take it again: a
# save took it for this delivery), and read the hash. KEYS: the lease, the hash. ARGV:
# the token, the lease in ms. Returns {1, fields} when taken, {0} otherwise.
_OPEN = """
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] then return {0} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {1, redis.call('HGETALL', KEYS[2])}
"""

# Write what a delivery changed, and give the lease back if it is still ours.
# KEYS: the messages' hash, the lease. ARGV: the token, the hash's TTL in seconds, how
# many fields are set, then each field and its value, then the fields dropped.
_CLOSE = """
local sets = tonumber(ARGV[3])
for i = 4, 3 + 2 * sets, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
for i = 4 + 2 * sets, #ARGV do redis.call('HDEL', KEYS[1], ARGV[i]) end
if #ARGV > 3 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1
"""

# Keep the lease a while longer, if it is still ours.
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""


def _ms(span: timedelta) -> int:
    return int(span.total_seconds() * 1000)


def fields_of(raw: Mapping[bytes | str, bytes | str] | list[bytes]) -> dict[str, str]:
    """A hash as Redis answered it (a mapping, or HGETALL's flat list in a script)."""
    if isinstance(raw, list):
        return {text(raw[i]): text(raw[i + 1]) for i in range(0, len(raw), 2)}
    return {text(name): text(value) for name, value in raw.items()}


class MessageStore:
    """Read and write each game's messages' fields, under its lease."""

    def __init__(self, redis: RedisClient, *, ttl: timedelta = ACTIVE_TTL) -> None:
        self._redis = redis
        self._ttl = ttl
        self._open = redis.register_script(_OPEN)
        self._close = redis.register_script(_CLOSE)
        self._renew = redis.register_script(_RENEW)

    async def open(self, game_id: str, token: str, lease: timedelta) -> dict[str, str] | None:
        """Take the game's lease and read its fields; None when another holds it."""
        async with redis_errors():
            answer = await self._open(
                keys=[keys.lease(game_id), keys.messages(game_id)], args=[token, _ms(lease)]
            )
        return fields_of(answer[1]) if int(answer[0]) else None

    async def renew(self, game_id: str, token: str, lease: timedelta) -> bool:
        """Keep the lease for `lease` more, if it is still ours (False: it is not)."""
        async with redis_errors():
            kept = await self._renew(keys=[keys.lease(game_id)], args=[token, _ms(lease)])
        return bool(kept)

    async def close(
        self, game_id: str, token: str, fields: Mapping[str, str], dropped: set[str]
    ) -> None:
        """Write what changed and give the lease back, in one round trip."""
        args: list[EncodableT] = [token, int(self._ttl.total_seconds()), len(fields)]
        for name, value in fields.items():
            args += [name, value]
        args += sorted(dropped)
        script_keys = [keys.messages(game_id), keys.lease(game_id)]
        async with redis_errors():
            await self._close(keys=script_keys, args=args)

    async def load(self, game_id: str) -> dict[str, str]:
        """Every field of the game's messages (none for an unknown game)."""
        async with redis_errors():
            raw = await self._redis.hgetall(keys.messages(game_id))
        return fields_of(raw)

    async def field(self, game_id: str, name: str) -> str | None:
        """One field, if set."""
        async with redis_errors():
            raw = await self._redis.hget(keys.messages(game_id), name)
        return None if raw is None else text(raw)

    async def write(self, game_id: str, fields: Mapping[str, str], dropped: set[str]) -> None:
        """Write what changed, without the lease (a message sent outside a delivery: a
        joining person's first private message)."""
        key = keys.messages(game_id)
        async with redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            if fields:
                pipe.hset(key, mapping=cast(Mapping[FieldT, EncodableT], fields))
            if dropped:
                pipe.hdel(key, *dropped)
            pipe.expire(key, self._ttl)
            await pipe.execute()
