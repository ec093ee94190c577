"""Games in Redis: one JSON document per game, a pointer from each chat to its game,
and every write a compare-and-set on the record's version (WATCH/MULTI).

Two presses at once both load version n; the first save makes it n+1 and the
second finds n+1 where it expected n: it is refused, and applies nothing.
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

from bot.record import GameRecord

ACTIVE_TTL = timedelta(days=30)  # an abandoned game goes away eventually
FINISHED_TTL = timedelta(days=2)  # long enough to look at the result, then it expires
PREFIX = "dominoes"


class StorageError(Exception):
    """Base of the storage's own errors."""


class StorageUnavailableError(StorageError):
    """Redis could not be reached or answered with an error: nothing was written."""


class VersionConflictError(StorageError):
    """The stored version is not the one expected: someone else wrote first."""


class ChatBusyError(StorageError):
    """The chat already has an active game."""


def _game_key(game_id: str) -> str:
    return f"{PREFIX}:game:{game_id}"


def _chat_key(chat_id: int) -> str:
    return f"{PREFIX}:chat:{chat_id}"


def _lang_key(user_id: int) -> str:
    return f"{PREFIX}:lang:{user_id}"


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
async def _redis_errors() -> AsyncIterator[None]:
    try:
        yield
    except WatchError as exc:
        raise VersionConflictError("the game changed meanwhile") from exc
    except RedisError as exc:
        raise StorageUnavailableError(str(exc)) from exc


class GameStorage:
    """Load and save game records; language preferences."""

    def __init__(
        self,
        redis: Redis,
        *,
        active_ttl: timedelta = ACTIVE_TTL,
        finished_ttl: timedelta = FINISHED_TTL,
    ) -> None:
        self._redis = redis
        self._active_ttl = active_ttl
        self._finished_ttl = finished_ttl

    def _ttl(self, record: GameRecord) -> timedelta:
        return self._active_ttl if record.is_active else self._finished_ttl

    async def load(self, game_id: str) -> GameRecord | None:
        """The stored record, or None (unknown, expired or unreadable)."""
        async with _redis_errors():
            raw = await self._redis.get(_game_key(game_id))
        return _parse(raw)

    async def load_for_chat(self, chat_id: int) -> GameRecord | None:
        """The chat's latest game (active or not), or None."""
        async with _redis_errors():
            game_id = await self._redis.get(_chat_key(chat_id))
        if game_id is None:
            return None
        return await self.load(_text(game_id))

    async def create(self, record: GameRecord) -> GameRecord:
        """Store a new game as the chat's game, as version 1.

        Raises `ChatBusyError` if the chat has an active game, `VersionConflictError` if the chat's
        pointer changed meanwhile (a second creation at the same moment).
        """
        chat_key = _chat_key(record.chat_id)
        stored = record.model_copy(update={"version": 1})
        async with _redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            await pipe.watch(chat_key, _game_key(record.game_id))
            current = await pipe.get(chat_key)
            if current is not None:
                current_id = _text(current)
                previous = _parse(await pipe.get(_game_key(current_id)))
                if previous is not None and previous.is_active:
                    raise ChatBusyError(current_id)
            if await pipe.exists(_game_key(record.game_id)):
                raise VersionConflictError("game id taken")
            pipe.multi()  # type: ignore[no-untyped-call]  # untyped in redis-py
            self._write(pipe, stored)
            await pipe.execute()
        return stored

    async def save(self, record: GameRecord) -> GameRecord:
        """Compare-and-set: write `record` as version `record.version + 1` if the stored
        version is still `record.version`; else raise `VersionConflictError` and write nothing."""
        key, chat_key = _game_key(record.game_id), _chat_key(record.chat_id)
        stored = record.model_copy(update={"version": record.version + 1})
        async with _redis_errors(), self._redis.pipeline(transaction=True) as pipe:
            await pipe.watch(key, chat_key)
            if _stored_version(await pipe.get(key)) != record.version:
                raise VersionConflictError(f"expected version {record.version}")
            pointer = await pipe.get(chat_key)
            # After a rematch the chat points to the new game: an old one keeps its place.
            owns_chat = pointer is None or _text(pointer) == record.game_id
            pipe.multi()  # type: ignore[no-untyped-call]  # untyped in redis-py
            self._write(pipe, stored, owns_chat=owns_chat)
            await pipe.execute()  # WatchError if either key changed since WATCH
        return stored

    def _write(self, pipe: Pipeline, record: GameRecord, *, owns_chat: bool = True) -> None:
        ttl = self._ttl(record)
        pipe.set(_game_key(record.game_id), record.to_json(), ex=ttl)
        if owns_chat:
            pipe.set(_chat_key(record.chat_id), record.game_id, ex=ttl)

    async def language(self, user_id: int) -> str | None:
        """The language a user chose with /lang, if any."""
        async with _redis_errors():
            raw = await self._redis.get(_lang_key(user_id))
        return None if raw is None else _text(raw)

    async def set_language(self, user_id: int, lang: str) -> None:
        """Remember a user's language."""
        async with _redis_errors():
            await self._redis.set(_lang_key(user_id), lang)


def _parse(raw: bytes | str | None) -> GameRecord | None:
    if raw is None:
        return None
    try:
        return GameRecord.from_json(raw)
    except ValidationError:
        return None  # an old or damaged record is treated as gone, never crashes a handler


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)
