"""Games in Redis: one hash per game (its version, and its record as compressed JSON),
a pointer from each chat to its latest game, and every write a compare-and-set on the
version, done by one Lua script in one round trip.

Two presses at once both load version n; the first save makes it n+1 and the second
finds n+1 where it expected n: it is refused, and applies nothing.

Every save also marks its chat's outbox with the new version (see `bot.store.outbox`),
and a group game's marks it due at once (see `bot.store.schedule`), in the same script:
no committed change can miss being shown, even across a restart. That script touches one
Redis Cluster slot: the game's keys, its shard's schedules, its chat's pointer and
outbox are placed together (see `bot.store.slots`).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from random import Random

from redis.exceptions import RedisError
from redis.typing import EncodableT

from bot.game.kinds import GROUP
from bot.game.record import GameRecord
from bot.game.state import Finished, Game
from bot.store import keys
from bot.store.client import RedisClient, fields_of, text
from bot.store.errors import (
    ChatBusyError,
    StorageUnavailableError,
    StorageUncertainError,
    VersionConflictError,
    count_redis_error,
    redis_errors,
)
from bot.store.game_scripts import POINT, SAVE, UNPOINT
from bot.store.outbox import Outboxes, chat_keys, claim_of, game_entry
from bot.store.records import RecentRecords, encode
from bot.store.slots import game_id_in, shard_of_chat, shard_of_game
from bot.tokens import new_token
from core.variants import Variant

ACTIVE_TTL = timedelta(days=30)  # an abandoned game goes away eventually
FINISHED_TTL = timedelta(days=2)  # long enough to look at the result, then it expires
LOBBY_TTL = timedelta(days=1)  # a lobby nobody fills goes away
CONFIRM_ATTEMPTS = 3  # reads of a save's outcome after its answer was lost
CONFIRM_PAUSE = 0.3  # seconds between them
# zlib level. Every save compresses the whole record: a finished four-player match's
# 6.8 KB of JSON become 1.6 KB in 38 µs at level 3, 1.4 KB in 76 µs at level 6.
COMPRESSION = 3

CREATE_ATTEMPTS = 5  # tries at a new game while its chat's pointer moves under it

_OK, _CONFLICT, _MOVED = 0, 1, 3


class GameStore:
    """Load and save games (compare-and-set); each chat's latest game; the group games
    each person sits in."""

    def __init__(
        self,
        redis: RedisClient,
        *,
        active_ttl: timedelta = ACTIVE_TTL,
        finished_ttl: timedelta = FINISHED_TTL,
        lobby_ttl: timedelta = LOBBY_TTL,
        outboxes: Outboxes | None = None,
    ) -> None:
        self.redis = redis
        self._recent = RecentRecords()
        self._outboxes = outboxes  # None: saves mark no outbox (the store alone, in tests)
        self._active_ttl = active_ttl
        self._finished_ttl = finished_ttl
        self._lobby_ttl = lobby_ttl
        self._save = redis.register_script(SAVE)
        self._point = redis.register_script(POINT)
        self._unpoint = redis.register_script(UNPOINT)

    def _ttl(self, game: Game) -> timedelta:
        if game.is_active:
            return self._active_ttl
        return self._lobby_ttl if game.is_live else self._finished_ttl

    async def load(self, game_id: str) -> Game | None:
        """The stored game, or None (unknown, expired or unreadable)."""
        async with redis_errors():
            version, raw = await self.redis.hmget(keys.game(game_id), ["v", "d"])
        return self._recent.game(game_id, version, raw)

    async def load_for_chat(self, chat_id: int) -> Game | None:
        """The chat's latest game (live or not), or None."""
        game_id = await self._pointer(chat_id)
        return None if game_id is None else await self.load(game_id)

    async def current(self, chat_id: int) -> str | None:
        """The id of the chat's latest game (live or not), or None."""
        return await self._pointer(chat_id)

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
        version is still `game.version`; else `VersionConflictError` (with the game as it
        is now), nothing written. `moved_from`: the chat the game leaves (a group that
        became a supergroup)."""
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
        self,
        stored: GameRecord,
        game: Game,
        expected: int,
        *,
        pointer_was: str = "",
    ) -> Game:
        game_id = stored.game_id
        game_key = keys.game(game_id)
        shard = shard_of_game(game_id)
        # The chat's pointer changes in the game's script when it shares its slot: every
        # game the bot opens is placed so (`new_id`); one whose group became a
        # supergroup writes it apart.
        pointer_apart = shard_of_chat(stored.chat_id) != shard
        ttl = int(self._ttl(game).total_seconds() * 1000)
        if game.kind is GROUP:
            await self._seat_people(game)
        # The match's result is saved with the mark that it is to be recorded (stats,
        # history), in one script: no restart can lose the recording.
        finished = isinstance(game.state, Finished)
        outboxes = self._outboxes
        marks = outboxes is not None and not pointer_apart
        script_keys = [
            game_key,
            game_key if pointer_apart else keys.chat(stored.chat_id),
            keys.due(shard),
            keys.live(shard),
            keys.finished(shard),
            keys.messages(game_id),
            *(chat_keys(stored.chat_id) if marks else [game_key] * 3),
            *(keys.live(shard, variant) for variant in Variant),
        ]
        token = new_token()
        args: list[EncodableT] = [
            expected,
            encode(stored),
            ttl,
            "1" if game.is_live else "0",
            game_id,
            "1" if game.kind is GROUP else "0",
            token,
            "1" if finished else "0",
            list(Variant).index(stored.settings.variant) + 1,
            pointer_was,
        ]
        if outboxes is not None and marks:
            args += ["1", *outboxes.args(stored.chat_id), game_entry(game_id)]
        try:
            async with redis_errors():
                outcome, claimed, shown, now = await self._save(keys=script_keys, args=args)
        except StorageUnavailableError:
            # The script may have run with its answer lost (a timeout): say only what
            # is known, never "nothing was written" when it was.
            if not await self._confirm(game_key, token):
                raise
            outcome, claimed, shown, now = _OK, None, [], None
        if outcome == _MOVED:
            raise _PointerMovedError
        if outcome == _CONFLICT:
            raise VersionConflictError(
                f"expected version {expected}", self._recent.game(game_id, None, now)
            )
        if pointer_apart:
            new = "1" if expected < 0 else "0"
            async with redis_errors():
                await self._point(keys=[keys.chat(stored.chat_id)], args=[game_id, ttl, new])
        self._recent.put(stored)
        if outboxes is not None and claimed:
            # Handed to the notifier that follows: the chat's sender may be ours now. A
            # claim lost with the save's answer is asked again by the notifier.
            read = fields_of(shown) if shown else None  # read only when it took the chat
            outboxes.keep(game_id, stored.version, claim_of(claimed, read))
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

    # -- who sits where -------------------------------------------------------------------

    async def games_of(self, user_id: int) -> list[str]:
        """Group games `user_id` has sat in lately (check the game: they may have left)."""
        async with redis_errors():
            members = await self.redis.smembers(keys.person(user_id))
        return sorted(text(m) for m in members)


class _PointerMovedError(Exception):
    """A new game's chat got another game between the check and the save."""
