"""Each chat's outbox in Redis: what the chat must still be shown, and who sends it.

A chat's outbox is a hash of entries, each keyed so that a newer one replaces an older
one (a game's entry holds the version to show; a menu's, the menu as it is now). Beside
it is the chat's sender: the process that alone sends to the chat while it holds it
(`owner`, until `until`), and the chat's pace (`tat`, see `bot.telegram.outbox.pace`),
which goes with the chat from one sender to the next. A shard's index says, per chat,
when to look at it if its sender does not come back (a process killed while it held
the chat): `Outboxes.look` takes such chats over.

Marking, taking and finishing are each one script on the chat's slot; a game's save
marks its own chat in its script (`bot.store.outbox_scripts`), so a change and
its entry are written together.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from redis.typing import EncodableT

from bot.game.ports import StorageUnavailableError
from bot.game.state import Game
from bot.store import keys
from bot.store import outbox_scripts as scripts
from bot.store.client import COMMAND_TIMEOUT, RedisClient, fields_of, text
from bot.store.errors import redis_errors
from bot.store.outbox_scripts import KEEP
from bot.store.slots import SHARDS

CLAIMS_KEPT = 1024  # saves' claims kept for their notifier
POSTED_AT = "posted_at"  # a messages' field: when the group was last told something


@dataclass(frozen=True, slots=True)
class Claim:
    """What marking or taking a chat came to: `held` by another process, or this one's
    (`taken` now, or its own already), with the chat's pace and its outbox's entries."""

    held: bool
    taken: bool = False
    tat: float = 0.0
    entries: dict[str, str] = field(default_factory=dict)
    shown: dict[str, str] | None = None  # a game's messages' fields, when its save took it


def claim_of(answer: Sequence[Any], shown: dict[str, str] | None = None) -> Claim:
    """A claim from a script's answer (see `bot.store.outbox_scripts.MARK_LUA`)."""
    state = text(answer[0])
    if state == "held":
        return Claim(held=True)
    return Claim(False, state == "taken", float(text(answer[1])), fields_of(answer[2]), shown)


def game_entry(game_id: str) -> str:
    """The name of a game's entry in a chat's outbox; its value is the version to show."""
    return f"game:{game_id}"


def chat_keys(chat_id: int) -> list[str]:
    """The keys of a chat's scripts: its outbox, its sender, its shard's index."""
    return [keys.outbox(chat_id), keys.sender(chat_id), keys.outboxes_of(chat_id)]


@dataclass(frozen=True, slots=True)
class Finished:
    """What `Outboxes.done` came to: `lost` (another process took the chat), or the
    entries left (None: the chat was given up)."""

    lost: bool
    entries: dict[str, str] | None = None


class Outboxes:
    """The chats' outboxes (see the module's doc); `token` names this process."""

    def __init__(
        self, redis: RedisClient, token: str, lease: float, clock: Callable[[], float]
    ) -> None:
        self._redis = redis
        self.token = token
        self.lease = lease  # seconds a sender holds its chat between two signs of life
        self.clock = clock  # every process's clock must agree: the leases compare times
        self._mark = redis.register_script(scripts.MARK)
        self._take = redis.register_script(scripts.TAKE)
        self._beat = redis.register_script(scripts.BEAT)
        # Claims the games' saves made in their scripts, for the notifier that follows.
        self.claims: dict[tuple[str, int], Claim] = {}

    def keep(self, game_id: str, version: int, claim: Claim) -> None:
        """The claim a save made, for the notifier that follows it (a save nobody tells,
        a new lobby's before its opener sits down, is forgotten among the oldest)."""
        self.claims[(game_id, version)] = claim
        while len(self.claims) > CLAIMS_KEPT:
            del self.claims[next(iter(self.claims))]

    def claimed(self, game_id: str, version: int) -> Claim | None:
        """The claim the save of the game's `version` made, once."""
        return self.claims.pop((game_id, version), None)

    def args(self, chat_id: int) -> list[EncodableT]:
        """The first arguments of the outbox scripts' functions for a chat (see
        `bot.store.outbox_scripts`): now, this process, its lease, the chat."""
        return [repr(self.clock()), self.token, repr(self.lease), str(chat_id)]

    async def mark(
        self,
        chat_id: int,
        sets: Mapping[str, str],
        drops: Sequence[str] = (),
        *,
        or_else: bool = False,
    ) -> Claim:
        """Write entries to the chat's outbox (and drop others), and take its sender.

        `or_else`: the caller sends the entries another way when the store does not
        answer (`StorageUnavailableError`). A command whose answer timed out may still
        be carried out once Redis comes back (it waited in Redis's socket): Redis then
        refuses it, by its own clock, once its caller may have stopped waiting."""
        late = time.time() + COMMAND_TIMEOUT / 2 if or_else else 0.0
        args: list[EncodableT] = [*self.args(chat_id), repr(late), len(sets)]
        for name, value in sets.items():
            args += [name, value]
        args += list(drops)
        async with redis_errors():
            answer = await self._mark(keys=chat_keys(chat_id), args=args)
        if text(answer[0]) == "late":
            raise StorageUnavailableError("the store took the entries after their caller gave up")
        return claim_of(answer)

    async def take(self, chat_id: int) -> Claim | None:
        """Take a chat whose sender did not come back; None when its outbox is empty."""
        async with redis_errors():
            answer = await self._take(keys=chat_keys(chat_id), args=self.args(chat_id))
        return None if text(answer[0]) == "empty" else claim_of(answer)

    async def done(
        self,
        chat_id: int,
        tat: float,
        shown: Mapping[str, str],
        *,
        release: bool,
        until: float,
        placement: tuple[str, Mapping[str, str], set[str]] | None = None,
    ) -> Finished:
        """After a call: clear the entries `shown` (name: the value shown), keep the
        pace, and keep the chat until `until` or give it up (`release`, when nothing is
        left). With `placement` (game id, fields, dropped): what the game's messages
        show, written in the same round trip."""
        now = self.clock()
        args: list[EncodableT] = [repr(now), self.token, repr(until), str(chat_id)]
        args += [repr(tat), "1" if release else "0"]
        for name, value in shown.items():
            args += [name, value]
        script_keys = chat_keys(chat_id)
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            if placement is not None:
                game_id, fields, dropped = placement
                if fields:
                    pipe.hset(keys.messages(game_id), mapping=cast(Any, fields))
                if dropped:
                    pipe.hdel(keys.messages(game_id), *dropped)
                if fields or dropped:
                    pipe.expire(keys.messages(game_id), KEEP)
            # EVAL, not EVALSHA: a cluster's pipeline cannot load scripts first.
            pipe.eval(scripts.DONE, len(script_keys), *script_keys, *args)
            answers: list[Any] = await pipe.execute()
        answer = answers[-1]
        state = text(answer[0])
        if state == "lost":
            return Finished(lost=True)
        return Finished(False, None if state == "released" else fields_of(answer[1]))

    async def told_at(self, game: Game) -> float | None:
        """When the game's group was last told something (0: never), once its chat's
        outbox holds nothing of the game; None while it does."""
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            pipe.hexists(keys.outbox(game.chat_id), game_entry(game.game_id))
            pipe.hget(keys.messages(game.game_id), POSTED_AT)
            waiting, told = await pipe.execute()
        return None if waiting else float(text(told)) if told else 0.0

    async def waiting(self, limit: int = 50) -> list[int]:
        """Chats whose sender is gone (or never came) while entries wait: every shard's
        index, in one round trip. A hold that lapsed a moment ago is left to its process
        a little longer: after an outage, it writes what its last call did first."""
        now = self.clock() - self.lease / 6
        async with redis_errors(), self._redis.pipeline(transaction=False) as pipe:
            for shard in range(SHARDS):
                pipe.zrangebyscore(keys.outboxes(shard), "-inf", now, start=0, num=limit)
            found = cast(list[list[bytes]], await pipe.execute())
        return [int(text(chat)) for shard in found for chat in shard]

    async def beat(self) -> int:
        """This process lives for a lease more; how many processes live."""
        now, lease = self.clock(), self.lease
        async with redis_errors():
            alive = await self._beat(
                keys=[keys.processes()], args=[self.token, repr(now + lease), repr(now)]
            )
        return max(1, int(alive))
