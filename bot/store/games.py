"""Games in Redis: one hash per game (its version, and its record as compressed JSON),
a pointer from each chat to its latest game, and every write a compare-and-set on the
version, done by one Lua script in one round trip.

Two presses at once both load version n; the first save makes it n+1 and the second
finds n+1 where it expected n: it is refused, and applies nothing.

Every save of a group game also marks it due at once (see `bot.store.schedule`), in
the same script: no committed change can miss its delivery, even across a restart.
"""

from __future__ import annotations

import asyncio
import secrets
import zlib
from collections.abc import Callable
from datetime import timedelta

from pydantic import ValidationError
from redis.asyncio import Redis
from redis.exceptions import RedisError
from redis.typing import EncodableT

from bot.game.record import GameRecord
from bot.game.state import Finished, Game
from bot.store import keys
from bot.store.errors import (
    ChatBusyError,
    StorageUnavailableError,
    StorageUncertainError,
    VersionConflictError,
    count_redis_error,
    redis_errors,
)
from core.variants import Variant

ACTIVE_TTL = timedelta(days=30)  # an abandoned game goes away eventually
FINISHED_TTL = timedelta(days=2)  # long enough to look at the result, then it expires
LOBBY_TTL = timedelta(days=1)  # a lobby nobody fills goes away
CONFIRM_ATTEMPTS = 3  # reads of a save's outcome after its answer was lost
CONFIRM_PAUSE = 0.3  # seconds between them
COMPRESSION = 6  # zlib level: a finished match's 7 to 9 KB of JSON become 1.3 to 1.7 KB

_OK, _CONFLICT, _BUSY = 0, 1, 2

# KEYS: the game's hash, the chat's pointer, the due set, the pointer of the chat the
# game leaves (or the game's hash again when it stays), the live games' set, the set of
# finished matches not yet recorded, the live games' set of each variant (as many as
# ARGV[10] says; the game is in its own variant's while live: a lobby may change its
# variant), then each person's game set. ARGV: expected version (-1: a new game), the
# record, its TTL in ms, "1" if live, the game id, "1" if due (a group game), the
# people sets' TTL in ms, this write's token (read back when the answer is lost: see
# `_confirm`), "1" if the match has just a result, the number of variants, and the
# place of the game's variant among them (1-based).
_SAVE = """
local game, chat, due, moved_from, live_set = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local expected, data, ttl, live, id = tonumber(ARGV[1]), ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local version
if expected < 0 then
  local current = redis.call('GET', chat)
  -- The key of the chat's current game, as bot.store.keys.game spells it.
  if current and redis.call('HGET', 'dominoes:game:{' .. current .. '}', 'l') == '1' then
    return 2
  end
  if redis.call('EXISTS', game) == 1 then return 1 end
  version = 1
else
  if tonumber(redis.call('HGET', game, 'v')) ~= expected then return 1 end
  version = expected + 1
end
redis.call('HSET', game, 'v', version, 'd', data, 'l', live, 'w', ARGV[8])
redis.call('PEXPIRE', game, ttl)
-- After a rematch the chat points to the new game: an older one keeps its place.
local pointer = redis.call('GET', chat)
if not pointer or pointer == id or expected < 0 then
  redis.call('SET', chat, id, 'PX', ttl)
end
if moved_from ~= game and redis.call('GET', moved_from) == id then
  redis.call('DEL', moved_from)
end
if ARGV[6] == '1' then redis.call('ZADD', due, 0, id) end
if live == '1' then redis.call('SADD', live_set, id) else redis.call('SREM', live_set, id) end
local variants = tonumber(ARGV[10])
for i = 1, variants do
  if live == '1' and i == tonumber(ARGV[11]) then
    redis.call('SADD', KEYS[6 + i], id)
  else
    redis.call('SREM', KEYS[6 + i], id)
  end
end
if ARGV[9] == '1' then redis.call('SADD', KEYS[6], id) end
for i = 7 + variants, #KEYS do
  redis.call('SADD', KEYS[i], id)
  redis.call('PEXPIRE', KEYS[i], ARGV[7])
end
return 0
"""


def encode(record: GameRecord) -> bytes:
    """The stored form of a record: JSON, compressed."""
    return zlib.compress(record.to_json(), COMPRESSION)


def decode(raw: bytes) -> GameRecord:
    """A record from its stored form (ValueError or ValidationError when damaged)."""
    try:
        text = zlib.decompress(raw)
    except zlib.error as exc:
        raise ValueError(f"not a stored game: {exc}") from exc
    return GameRecord.from_json(text)


class GameStore:
    """Load and save games (compare-and-set); each chat's latest game; the languages of
    people and groups; the group games each person sits in."""

    def __init__(
        self,
        redis: Redis,
        *,
        active_ttl: timedelta = ACTIVE_TTL,
        finished_ttl: timedelta = FINISHED_TTL,
        lobby_ttl: timedelta = LOBBY_TTL,
        on_due: Callable[[], None] = lambda: None,
    ) -> None:
        self.redis = redis
        self.on_due = on_due  # told when a save made a game due (the worker wakes)
        self.on_finished: Callable[[], None] = lambda: None  # a match got its result
        self._active_ttl = active_ttl
        self._finished_ttl = finished_ttl
        self._lobby_ttl = lobby_ttl
        self._save = redis.register_script(_SAVE)

    def _ttl(self, game: Game) -> timedelta:
        if game.is_active:
            return self._active_ttl
        return self._lobby_ttl if game.is_live else self._finished_ttl

    async def load(self, game_id: str) -> Game | None:
        """The stored game, or None (unknown, expired or unreadable)."""
        async with redis_errors():
            raw = await self.redis.hget(keys.game(game_id), "d")
        return _parse(raw)

    async def load_for_chat(self, chat_id: int) -> Game | None:
        """The chat's latest game (live or not), or None."""
        async with redis_errors():
            game_id = await self.redis.get(keys.chat(chat_id))
        if game_id is None:
            return None
        return await self.load(_text(game_id))

    async def create(self, game: Game) -> Game:
        """Store a new game as its chat's game, as version 1. `ChatBusyError` when the
        chat has a live game; `VersionConflictError` when the id is taken."""
        return await self._write(game.record.model_copy(update={"version": 1}), game, -1, None)

    async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
        """Compare-and-set: store `game` as version `game.version + 1` if the stored
        version is still `game.version`; else `VersionConflictError`, nothing written.
        `moved_from`: the chat the game leaves (a group that became a supergroup)."""
        stored = game.record.model_copy(update={"version": game.version + 1})
        return await self._write(stored, game, game.version, moved_from)

    async def _write(
        self, stored: GameRecord, game: Game, expected: int, moved_from: int | None
    ) -> Game:
        game_key = keys.game(stored.game_id)
        # The match's result is saved with the mark that it is to be recorded (stats,
        # history), in one script: no restart can lose the recording.
        finished = isinstance(game.state, Finished)
        people = [keys.person(h.user_id) for _, h in game.humans()] if game.in_group else []
        script_keys = [
            game_key,
            keys.chat(stored.chat_id),
            keys.DUE,
            keys.chat(moved_from) if moved_from is not None else game_key,
            keys.LIVE,
            keys.FINISHED,
            *(keys.live(variant) for variant in Variant),
            *people,
        ]
        token = secrets.token_hex(8)
        args: list[EncodableT] = [
            expected,
            encode(stored),
            int(self._ttl(game).total_seconds() * 1000),
            "1" if game.is_live else "0",
            stored.game_id,
            "1" if game.in_group else "0",
            int(self._active_ttl.total_seconds() * 1000),
            token,
            "1" if finished else "0",
            len(Variant),
            list(Variant).index(stored.settings.variant) + 1,
        ]
        try:
            async with redis_errors():
                outcome = await self._save(keys=script_keys, args=args)
        except StorageUnavailableError:
            # The script may have run with its answer lost (a timeout): say only what
            # is known, never "nothing was written" when it was.
            if not await self._confirm(game_key, token):
                raise
            outcome = _OK
        if outcome == _BUSY:
            raise ChatBusyError(stored.chat_id)
        if outcome == _CONFLICT:
            raise VersionConflictError(f"expected version {expected}")
        if game.in_group:
            self.on_due()
        if finished:
            self.on_finished()
        return game.stored_as(stored)

    async def _confirm(self, game_key: str, token: str) -> bool:
        """After a failed save: True when the save was written after all; False when it
        certainly was not; `StorageUncertainError` when Redis cannot tell yet."""
        for attempt in range(CONFIRM_ATTEMPTS):
            if attempt:
                await asyncio.sleep(CONFIRM_PAUSE)
            try:
                written = await self.redis.hget(game_key, "w")
            except RedisError as exc:
                count_redis_error(exc)
                continue
            return written is not None and _text(written) == token
        raise StorageUncertainError("the save's outcome is unknown")

    # -- languages ------------------------------------------------------------------

    async def language(self, chat_id: int) -> str | None:
        """The language a person chose with /lang (`chat_id`: their user id), or a
        group's language, if any."""
        async with redis_errors():
            raw = await self.redis.get(keys.language(chat_id))
        return None if raw is None else _text(raw)

    async def set_language(self, chat_id: int, lang: str) -> None:
        """Remember a person's or a group's language."""
        async with redis_errors():
            await self.redis.set(keys.language(chat_id), lang)

    async def adopt_language(self, chat_id: int, lang: str) -> str:
        """`lang` becomes the group's language unless it has one already; returns the
        one it has now. One transaction: of two first games at once, one sets it."""
        async with redis_errors(), self.redis.pipeline(transaction=True) as pipe:
            pipe.set(keys.language(chat_id), lang, nx=True)
            pipe.get(keys.language(chat_id))
            _, raw = await pipe.execute()
        return lang if raw is None else _text(raw)

    # -- who sits where -------------------------------------------------------------------

    async def games_of(self, user_id: int) -> list[str]:
        """Group games `user_id` has sat in lately (check the game: they may have left)."""
        async with redis_errors():
            members = await self.redis.smembers(keys.person(user_id))
        return sorted(_text(m) for m in members)


def _parse(raw: bytes | str | None) -> Game | None:
    if raw is None:
        return None
    try:
        return Game.load(decode(raw if isinstance(raw, bytes) else raw.encode()))
    except (ValidationError, ValueError, KeyError, TypeError):
        return None  # an old or damaged record is treated as gone, never crashes a handler


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)
