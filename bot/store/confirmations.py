"""The /stop confirmation each game may have waiting: who asked, in which chat, and the
token its buttons carry. Asking again replaces it, so only the latest confirmation's
buttons work; answering it uses it up. Kept beside the game, outside its version: a
question does not make anyone's move buttons stale."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import redis_errors

CONFIRMATION_TTL = timedelta(hours=1)  # a question nobody answered by then is forgotten

# Delete the confirmation if it is still the one that was read (ARGV[1]): of two
# answers at once, one uses it up.
_USE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


@dataclass(frozen=True, slots=True)
class Pending:
    """A confirmation waiting for an answer."""

    user_id: int  # who asked: the only one who may answer
    chat_id: int  # where it was sent
    token: str  # what its buttons carry

    def dump(self) -> str:
        return f"{self.user_id} {self.chat_id} {self.token}"

    @classmethod
    def parse(cls, raw: bytes | str) -> Pending | None:
        try:
            user_id, chat_id, token = text(raw).split()
            return cls(int(user_id), int(chat_id), token)
        except ValueError:
            return None


class Asked(Protocol):
    """A confirmation as its asker holds it."""

    @property
    def user_id(self) -> int: ...

    @property
    def chat_id(self) -> int: ...

    @property
    def token(self) -> str: ...


class Confirmations:
    """Each game's waiting /stop confirmation."""

    def __init__(self, redis: RedisClient, *, ttl: timedelta = CONFIRMATION_TTL) -> None:
        self._redis = redis
        self._ttl = ttl
        self._use = redis.register_script(_USE)

    async def ask(self, game_id: str, user_id: int, chat_id: int) -> Pending:
        """A new confirmation of `user_id` in `chat_id`, replacing any other."""
        pending = Pending(user_id, chat_id, secrets.token_hex(4))
        async with redis_errors():
            await self._redis.set(keys.confirmation(game_id), pending.dump(), px=self._ttl)
        return pending

    async def waiting(self, game_id: str) -> Pending | None:
        """The game's confirmation waiting for an answer, if any."""
        async with redis_errors():
            raw = await self._redis.get(keys.confirmation(game_id))
        return None if raw is None else Pending.parse(raw)

    async def use(self, game_id: str, pending: Asked) -> bool:
        """Use `pending` up; False when it was replaced or used meanwhile."""
        asked = Pending(pending.user_id, pending.chat_id, pending.token)
        async with redis_errors():
            done = await self._use(keys=[keys.confirmation(game_id)], args=[asked.dump()])
        return bool(done)
