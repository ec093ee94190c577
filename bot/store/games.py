"""Games in Redis: one hash per game (its version, and its record as compressed JSON),
a pointer from each chat to its latest game, and every write a compare-and-set on the
version, done by one Lua script in one round trip.

Two presses at once both load version n; the first save makes it n+1 and the second
finds n+1 where it expected n: it is refused, and applies nothing.

Every save of a group game also marks it due at once (see `bot.store.schedule`), in
the same script: no committed change can miss its delivery, even across a restart.
That script touches one Redis Cluster slot: the game's keys, its shard's schedules and
its chat's pointer are placed together (see `bot.store.slots`).
"""

from __future__ import annotations

import asyncio
import secrets
import zlib
from collections.abc import Callable
from datetime import timedelta
from random import Random

from pydantic import ValidationError
from redis.exceptions import RedisError
from redis.typing import EncodableT

from bot.game.record import GameRecord
from bot.game.state import Finished, Game
from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.errors import (
    ChatBusyError,
    StorageUnavailableError,
    StorageUncertainError,
    VersionConflictError,
    count_redis_error,
    redis_errors,
)
from bot.store.slots import game_id_in, shard_of_chat, shard_of_game
from core.variants import Variant

ACTIVE_TTL = timedelta(days=30)  # an abandoned game goes away eventually
FINISHED_TTL = timedelta(days=2)  # long enough to look at the result, then it expires
LOBBY_TTL = timedelta(days=1)  # a lobby nobody fills goes away
CONFIRM_ATTEMPTS = 3  # reads of a save's outcome after its answer was lost
CONFIRM_PAUSE = 0.3  # seconds between them
COMPRESSION = 6  # zlib level: a finished match's 7 to 9 KB of JSON become 1.3 to 1.7 KB

CREATE_ATTEMPTS = 5  # tries at a new game while its chat's pointer moves under it

_OK, _CONFLICT, _MOVED = 0, 1, 3

# KEYS: the game's hash, the chat's pointer (or the game's hash again when the pointer
# is in another slot: then it is written apart), the shard's due set, its live set, its
# set of finished matches not yet recorded, then its live set of each variant (the game
# is in its own variant's while live: a lobby may change its variant). All in the
# game's slot (see `bot.store.slots`). ARGV: expected version (-1: a new game), the
# record, its TTL in ms, "1" if live, the game id, "1" if due (a group game), this
# write's token (read back when the answer is lost: see `_confirm`), "1" if the match
# has just a result, the place of the game's variant among the variant sets
# (1-based), and for a new game the pointer its chat had when it was checked ("" for
# none): if it moved since, nothing is written (someone else opened a game).
_SAVE = """
local game, chat, due, live_set, finished = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local expected, data, ttl, live, id = tonumber(ARGV[1]), ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local pointer = false
if chat ~= game then pointer = redis.call('GET', chat) end
local version
if expected < 0 then
  if chat ~= game and (pointer or '') ~= ARGV[10] then return 3 end
  if redis.call('EXISTS', game) == 1 then return 1 end
  version = 1
else
  if tonumber(redis.call('HGET', game, 'v')) ~= expected then return 1 end
  version = expected + 1
end
redis.call('HSET', game, 'v', version, 'd', data, 'l', live, 'w', ARGV[7])
redis.call('PEXPIRE', game, ttl)
-- After a rematch the chat points to the new game: an older one keeps its place.
if chat ~= game and (not pointer or pointer == id or expected < 0) then
  redis.call('SET', chat, id, 'PX', ttl)
end
if ARGV[6] == '1' then redis.call('ZADD', due, 0, id) end
if live == '1' then redis.call('SADD', live_set, id) else redis.call('SREM', live_set, id) end
for i = 6, #KEYS do
  if live == '1' and i - 5 == tonumber(ARGV[9]) then
    redis.call('SADD', KEYS[i], id)
  else
    redis.call('SREM', KEYS[i], id)
  end
end
if ARGV[8] == '1' then redis.call('SADD', finished, id) end
return 0
"""

# The chat's pointer when it lives in another slot than the game (a game whose group
# became a supergroup): the same rule as in `_SAVE`, apart. KEYS: the pointer. ARGV:
# the game id, its TTL in ms, "1" for a new game.
_POINT = """
local pointer = redis.call('GET', KEYS[1])
if not pointer or pointer == ARGV[1] or ARGV[3] == '1' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return 1
"""

# A chat a game left (its group became a supergroup) stops pointing to it.
_UNPOINT = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


def encode(record: GameRecord) -> bytes:
    """The stored form of a record: JSON, compressed."""
    return zlib.compress(record.to_json(), COMPRESSION)


def decode(raw: bytes) -> GameRecord:
    """A record from its stored form (ValueError or ValidationError when damaged)."""
    try:
        data = zlib.decompress(raw)
    except zlib.error as exc:
        raise ValueError(f"not a stored game: {exc}") from exc
    return GameRecord.from_json(data)


class GameStore:
    """Load and save games (compare-and-set); each chat's latest game; the languages of
    people and groups; the group games each person sits in."""

    def __init__(
        self,
        redis: RedisClient,
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
        self._point = redis.register_script(_POINT)
        self._unpoint = redis.register_script(_UNPOINT)

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
        game_id = await self._pointer(chat_id)
        return None if game_id is None else await self.load(game_id)

    async def create(self, game: Game) -> Game:
        """Store a new game as its chat's game, as version 1. `ChatBusyError` when the
        chat has a live game; `VersionConflictError` when the id is taken."""
        stored = game.record.model_copy(update={"version": 1})
        for _ in range(CREATE_ATTEMPTS):
            # A game is live until it ends and never live again: the chat's current
            # game read as over stays over, and the save checks the pointer is unmoved.
            current = await self._pointer(stored.chat_id)
            if current is not None and await self._is_live(current):
                raise ChatBusyError(stored.chat_id)
            try:
                return await self._write(stored, game, -1, pointer_was=current or "")
            except _PointerMovedError:
                continue
        raise ChatBusyError(stored.chat_id)  # others keep opening games there

    async def save(self, game: Game, *, moved_from: int | None = None) -> Game:
        """Compare-and-set: store `game` as version `game.version + 1` if the stored
        version is still `game.version`; else `VersionConflictError`, nothing written.
        `moved_from`: the chat the game leaves (a group that became a supergroup)."""
        stored = game.record.model_copy(update={"version": game.version + 1})
        saved = await self._write(stored, game, game.version)
        if moved_from is not None:
            async with redis_errors():
                await self._unpoint(keys=[keys.chat(moved_from)], args=[stored.game_id])
        return saved

    def new_id(self, chat_id: int, rng: Random) -> str:
        """An id in the slot of the chat's shard (see `bot.store.slots`)."""
        return game_id_in(shard_of_chat(chat_id), rng)

    async def _pointer(self, chat_id: int) -> str | None:
        async with redis_errors():
            raw = await self.redis.get(keys.chat(chat_id))
        return None if raw is None else text(raw)

    async def _is_live(self, game_id: str) -> bool:
        async with redis_errors():
            return await self.redis.hget(keys.game(game_id), "l") in (b"1", "1")

    async def _write(
        self, stored: GameRecord, game: Game, expected: int, *, pointer_was: str = ""
    ) -> Game:
        game_id = stored.game_id
        game_key = keys.game(game_id)
        shard = shard_of_game(game_id)
        # The chat's pointer changes in the game's script when it shares its slot: every
        # game the bot opens is placed so (`new_id`); one whose group became a
        # supergroup writes it apart.
        pointer_apart = shard_of_chat(stored.chat_id) != shard
        ttl = int(self._ttl(game).total_seconds() * 1000)
        if game.in_group:
            await self._seat_people(game)
        # The match's result is saved with the mark that it is to be recorded (stats,
        # history), in one script: no restart can lose the recording.
        finished = isinstance(game.state, Finished)
        script_keys = [
            game_key,
            game_key if pointer_apart else keys.chat(stored.chat_id),
            keys.due(shard),
            keys.live(shard),
            keys.finished(shard),
            *(keys.live(shard, variant) for variant in Variant),
        ]
        token = secrets.token_hex(8)
        args: list[EncodableT] = [
            expected,
            encode(stored),
            ttl,
            "1" if game.is_live else "0",
            game_id,
            "1" if game.in_group else "0",
            token,
            "1" if finished else "0",
            list(Variant).index(stored.settings.variant) + 1,
            pointer_was,
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
        if outcome == _MOVED:
            raise _PointerMovedError
        if outcome == _CONFLICT:
            raise VersionConflictError(f"expected version {expected}")
        if pointer_apart:
            new = "1" if expected < 0 else "0"
            async with redis_errors():
                await self._point(keys=[keys.chat(stored.chat_id)], args=[game_id, ttl, new])
        if game.in_group:
            self.on_due()
        if finished:
            self.on_finished()
        return game.stored_as(stored)

    async def _seat_people(self, game: Game) -> None:
        """Add the game to the set of each person seated, before the save: a set that
        names a game they are not in (a save refused, a seat left) is only looked at,
        while one missing a game would hide it from them."""
        ttl = self._active_ttl
        async with redis_errors(), self.redis.pipeline(transaction=False) as pipe:
            for _, human in game.humans():
                pipe.sadd(keys.person(human.user_id), game.game_id)
                pipe.pexpire(keys.person(human.user_id), ttl)
            await pipe.execute()

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
            return written is not None and text(written) == token
        raise StorageUncertainError("the save's outcome is unknown")

    # -- languages ------------------------------------------------------------------

    async def language(self, chat_id: int) -> str | None:
        """The language a person chose with /lang (`chat_id`: their user id), or a
        group's language, if any."""
        async with redis_errors():
            raw = await self.redis.get(keys.language(chat_id))
        return None if raw is None else text(raw)

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
        return lang if raw is None else text(raw)

    # -- who sits where -------------------------------------------------------------------

    async def games_of(self, user_id: int) -> list[str]:
        """Group games `user_id` has sat in lately (check the game: they may have left)."""
        async with redis_errors():
            members = await self.redis.smembers(keys.person(user_id))
        return sorted(text(m) for m in members)


class _PointerMovedError(Exception):
    """A new game's chat got another game between the check and the save."""


def _parse(raw: bytes | str | None) -> Game | None:
    if raw is None:
        return None
    try:
        return Game.load(decode(raw if isinstance(raw, bytes) else raw.encode()))
    except (ValidationError, ValueError, KeyError, TypeError):
        return None  # an old or damaged record is treated as gone, never crashes a handler
