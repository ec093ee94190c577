"""Games in Redis: one JSON document per game, a pointer from each chat to its game,
and every write a compare-and-set on the record's version (WATCH/MULTI).

Two presses at once both load version n; the first save makes it n+1 and the
second finds n+1 where it expected n: it is refused, and applies nothing.

Group games also have: a `due` sorted set (game id -> when its messages or bots
next need attention; every save marks the game due at once, in the same
transaction, so no committed change can miss its delivery, even across a
restart), a short lease per game (one process works on a game at a time), and an
index from each person to the games they sit in.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

from pydantic import ValidationError
from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.exceptions import RedisError, WatchError

from bot.record import GameRecord, GameStatus

ACTIVE_TTL = timedelta(days=30)  # an abandoned game goes away eventually
FINISHED_TTL = timedelta(days=2)  # long enough to look at the result, then it expires
LOBBY_TTL = timedelta(days=1)  # a lobby nobody fills goes away
PREFIX = "dominoes"
DUE_KEY = f"{PREFIX}:due"


class StorageError(Exception):
    """Base of the storage's own errors."""


class StorageUnavailableError(StorageError):
    """Redis could not be reached or answered with an error: nothing was written."""


class VersionConflictError(StorageError):
    """The stored version is not the one expected: someone else wrote first."""


class ChatBusyError(StorageError):
    """The chat already has a game open or being played."""


def _game_key(game_id: str) -> str:
    return f"{PREFIX}:game:{game_id}"


def _chat_key(chat_id: int) -> str:
    return f"{PREFIX}:chat:{chat_id}"


def _lang_key(user_id: int) -> str:
    return f"{PREFIX}:lang:{user_id}"


def _user_key(user_id: int) -> str:
    return f"{PREFIX}:user:{user_id}"


def _lease_key(game_id: str) -> str:
    return f"{PREFIX}:lease:{game_id}"


def _stored_version(raw: bytes | str | None) -> int | None:
    """The version of a stored record without validating all of it."""
    if raw is None:
        return None
    try:
        version = json.loads(raw)["version"]
    except (ValueError, KeyError, TypeError):
        return -1  # unreadable: matches no expected version, so nothing overwrites it
    return version if isinstance(version, int) else -1


@asynccontextmanager
async def redis_errors() -> AsyncIterator[None]:
    """Redis failures as the storage's own errors."""
    try:
        yield
    except WatchError as exc:
        raise VersionConflictError("the game changed meanwhile") from exc
    except RedisError as exc:
        raise StorageUnavailableError(str(exc)) from exc


class GameStorage:
    """Load and save game records; language preferences; the group games' schedule."""

    def __init__(
        self,
        redis: Redis,
        *,
        active_ttl: timedelta = ACTIVE_TTL,
        finished_ttl: timedelta = FINISHED_TTL,
        lobby_ttl: timedelta = LOBBY_TTL,
    ) -> None:
        self.redis = redis
        self._active_ttl = active_ttl
        self._finished_ttl = finished_ttl
        self._lobby_ttl = lobby_ttl

    def _ttl(self, record: GameRecord) -> timedelta:
        if record.status is GameStatus.LOBBY:
            return self._lobby_ttl
        return self._active_ttl if record.is_active else self._finished_ttl

    async def load(self, game_id: str) -> GameRecord | None:
        """The stored record, or None (unknown, expired or unreadable)."""
        async with redis_errors():
            raw = await self.redis.get(_game_key(game_id))
        return _parse(raw)

    async def load_for_chat(self, chat_id: int) -> GameRecord | None:
        """The chat's latest game (live or not), or None."""
        async with redis_errors():
            game_id = await self.redis.get(_chat_key(chat_id))
        if game_id is None:
            return None
        return await self.load(_text(game_id))

    async def create(self, record: GameRecord) -> GameRecord:
        """Store a new game as the chat's game, as version 1.

        Raises `ChatBusyError` if the chat has a live game, `VersionConflictError` if the chat's
        pointer changed meanwhile (a second creation at the same moment).
        """
        chat_key = _chat_key(record.chat_id)
        stored = record.model_copy(update={"version": 1})
        async with redis_errors(), self.redis.pipeline(transaction=True) as pipe:
            await pipe.watch(chat_key, _game_key(record.game_id))
            current = await pipe.get(chat_key)
            if current is not None:
                current_id = _text(current)
                previous = _parse(await pipe.get(_game_key(current_id)))
                if previous is not None and previous.is_live:
                    raise ChatBusyError(current_id)
            if await pipe.exists(_game_key(record.game_id)):
                raise VersionConflictError("game id taken")
            pipe.multi()  # type: ignore[no-untyped-call]  # untyped in redis-py
            self._write(pipe, stored)
            await pipe.execute()
        return stored

    async def save(self, record: GameRecord, *, moved_from: int | None = None) -> GameRecord:
        """Compare-and-set: write `record` as version `record.version + 1` if the stored
        version is still `record.version`; else raise `VersionConflictError` and write nothing.
        `moved_from`: the chat the game leaves (a group that became a supergroup)."""
        key, chat_key = _game_key(record.game_id), _chat_key(record.chat_id)
        stored = record.model_copy(update={"version": record.version + 1})
        watched = [key, chat_key] + ([_chat_key(moved_from)] if moved_from is not None else [])
        async with redis_errors(), self.redis.pipeline(transaction=True) as pipe:
            await pipe.watch(*watched)
            if _stored_version(await pipe.get(key)) != record.version:
                raise VersionConflictError(f"expected version {record.version}")
            pointer = await pipe.get(chat_key)
            # After a rematch the chat points to the new game: an old one keeps its place.
            owns_chat = pointer is None or _text(pointer) == record.game_id
            old_pointer = await pipe.get(_chat_key(moved_from)) if moved_from is not None else None
            # The old chat's pointer goes only if it is still this game's.
            drop_old = old_pointer is not None and _text(old_pointer) == record.game_id
            pipe.multi()  # type: ignore[no-untyped-call]  # untyped in redis-py
            self._write(pipe, stored, owns_chat=owns_chat)
            if moved_from is not None and drop_old:
                pipe.delete(_chat_key(moved_from))
            await pipe.execute()  # WatchError if a watched key changed since WATCH
        return stored

    def _write(self, pipe: Pipeline, record: GameRecord, *, owns_chat: bool = True) -> None:
        ttl = self._ttl(record)
        pipe.set(_game_key(record.game_id), record.to_json(), ex=ttl)
        if owns_chat:
            pipe.set(_chat_key(record.chat_id), record.game_id, ex=ttl)
        if record.group is not None:
            pipe.zadd(DUE_KEY, {record.game_id: 0})  # due at once: see the module's doc
            for person in record.people():
                pipe.sadd(_user_key(person.user_id), record.game_id)
                pipe.expire(_user_key(person.user_id), self._active_ttl)

    # -- languages ------------------------------------------------------------------

    async def language(self, user_id: int) -> str | None:
        """The language a user chose with /lang, if any."""
        async with redis_errors():
            raw = await self.redis.get(_lang_key(user_id))
        return None if raw is None else _text(raw)

    async def set_language(self, user_id: int, lang: str) -> None:
        """Remember a user's language."""
        async with redis_errors():
            await self.redis.set(_lang_key(user_id), lang)

    # -- group games: who plays where, and when each needs attention ---------------------

    async def games_of(self, user_id: int) -> list[str]:
        """Group games `user_id` has sat in lately (check the record: they may have left)."""
        async with redis_errors():
            members = await self.redis.smembers(_user_key(user_id))
        return sorted(_text(m) for m in members)

    async def due_games(self, now: float, limit: int = 50) -> list[str]:
        """Group games whose messages or bots need attention by `now`."""
        async with redis_errors():
            ids = await self.redis.zrangebyscore(DUE_KEY, "-inf", now, start=0, num=limit)
        return [_text(i) for i in ids if isinstance(i, bytes | str)]

    async def next_due(self) -> float | None:
        """When the earliest group game needs attention, or None when none does."""
        async with redis_errors():
            first = await self.redis.zrange(DUE_KEY, 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    async def reschedule(self, game_id: str, version: int | None, at: float | None) -> bool:
        """Set when the game next needs attention (None: not until it changes), if it is
        still at `version` (None: whatever its version). False when it changed meanwhile:
        then it stays due at once. A game that is gone is forgotten."""
        key = _game_key(game_id)
        try:
            async with redis_errors(), self.redis.pipeline(transaction=True) as pipe:
                await pipe.watch(key)
                stored = _stored_version(await pipe.get(key))
                if version is not None and stored is not None and stored != version:
                    return False
                pipe.multi()  # type: ignore[no-untyped-call]  # untyped in redis-py
                if at is None or stored is None:
                    pipe.zrem(DUE_KEY, game_id)
                else:
                    pipe.zadd(DUE_KEY, {game_id: at})
                await pipe.execute()
        except VersionConflictError:
            return False
        return True

    async def acquire(self, game_id: str, token: str, ttl: timedelta) -> bool:
        """Take the game's lease (one process works on a game at a time)."""
        async with redis_errors():
            return bool(await self.redis.set(_lease_key(game_id), token, nx=True, px=ttl))

    async def release(self, game_id: str, token: str) -> None:
        """Give the lease back, if it is still ours."""
        key = _lease_key(game_id)
        try:
            async with redis_errors(), self.redis.pipeline(transaction=True) as pipe:
                await pipe.watch(key)
                current = await pipe.get(key)
                if current is None or _text(current) != token:
                    return
                pipe.multi()  # type: ignore[no-untyped-call]  # untyped in redis-py
                pipe.delete(key)
                await pipe.execute()
        except VersionConflictError:
            return  # taken over meanwhile: it is someone else's now


def _parse(raw: bytes | str | None) -> GameRecord | None:
    if raw is None:
        return None
    try:
        return GameRecord.from_json(raw)
    except ValidationError:
        return None  # an old or damaged record is treated as gone, never crashes a handler


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)
