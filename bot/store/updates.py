"""Each update handled once, whichever process Telegram hands it to.

Long polling from two processes (a rolling restart, a second replica) can hand one
update to both before either has confirmed it, and after a crash Telegram hands again
every update that was not confirmed. So a process claims an update before handling
it and marks it done after. The claim is short and renewed while the handling goes
on: a killed process's claim lapses within seconds, and the update is then handled by
whoever is handed it again. A process handed an update that another one is handling
waits for that one to finish, and drops it if it was done."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors
from bot.tokens import new_token

CLAIM = timedelta(seconds=6)  # a dead process's claim lapses after this at most
DONE = timedelta(minutes=10)  # a handled update is known as handled this long
POLL = 0.2  # seconds between looks at another process's claim

_DONE = "done"

# KEYS: the update's key. ARGV: our token, the claim in ms. Returns "mine", "done" or
# "held" (another process is handling it).
_TAKE = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 'mine' end
if redis.call('GET', KEYS[1]) == 'done' then return 'done' end
return 'held'
"""

# KEYS: the update's key. ARGV: our token, the claim in ms. 1 when renewed.
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"""

# KEYS: the update's key. ARGV: our token. Gives a claim up (the handling was cut short).
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


class Claim:
    """A process's claim on one update: renew it while handling, then `done`."""

    def __init__(self, claims: UpdateClaims, key: str, token: str) -> None:
        self._claims = claims
        self.key = key
        self.token = token

    async def keep(self) -> None:
        """Renew the claim until cancelled (run beside the handling)."""
        period = CLAIM.total_seconds() / 3
        while True:
            await asyncio.sleep(period)
            if not await self._claims.renew(self):
                return

    async def done(self) -> None:
        await self._claims.done(self)

    async def release(self) -> None:
        await self._claims.release(self)


class UpdateClaims:
    """Claims on updates, shared by every process of one bot over one Redis."""

    def __init__(self, redis: RedisClient, *, poll: float = POLL) -> None:
        self._redis = redis
        self._poll = poll
        self._take = redis.register_script(_TAKE)
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    async def claim(self, bot_id: int, update_id: int) -> Claim | None:
        """Claim the update for this process; None when it was handled already (by any
        process). While another process holds it, waits for its outcome: its claim
        either ends done or lapses (then it is ours)."""
        key = keys.update(bot_id, update_id)
        token = new_token()
        ms = int(CLAIM.total_seconds() * 1000)
        while True:
            async with redis_errors():
                answer = await self._take(keys=[key], args=[token, ms])
            outcome = text(answer)
            if outcome == "mine":
                return Claim(self, key, token)
            if outcome == _DONE:
                return None
            await asyncio.sleep(self._poll)

    async def renew(self, claim: Claim) -> bool:
        ms = int(CLAIM.total_seconds() * 1000)
        async with redis_errors():
            return bool(await self._renew(keys=[claim.key], args=[claim.token, ms]))

    async def done(self, claim: Claim) -> None:
        """The update was handled: nobody handles it again."""
        async with redis_errors():
            await self._redis.set(claim.key, _DONE, px=DONE)

    async def release(self, claim: Claim) -> None:
        async with redis_errors():
            await self._release(keys=[claim.key], args=[claim.token])
