"""One scenario's world: a fake Telegram, a redis-server of its own (or a Redis Cluster,
when the scenario starts one), the bot processes it starts, kills and restarts, and its
seeded chance. Everything is stopped on the way out, whatever happened."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from bot.game.record import GameRecord
from bot.store import keys
from bot.store.client import RedisClient, text
from bot.store.records import decode
from bot.store.slots import shard_of_game
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.process import BotProcess, BotSettings
from tests.e2e.redis_control import RedisProcess
from tests.redis_cluster import RedisClusterNodes, redis_cluster

_PROBLEM = re.compile(r"Traceback|\b(ERROR|CRITICAL)\b")
CALLS_REPORTED = 60  # the calls to Telegram a failing scenario lists, the last ones


@dataclass
class Figures:
    """What a scenario measured, for the suite's closing table."""

    kills: int = 0
    moves: int = 0  # accepted moves checked against the stored games
    lost: int = 0
    doubled: int = 0
    repeated: int = 0  # announcements posted twice
    longest_freeze: float = 0.0  # seconds a game waited while the bot could serve
    froze_at: str = ""  # ... in which scenario, and for what
    hostile: int = 0  # hostile inputs tried
    refused: int = 0  # ... refused with nothing changed

    def add(self, other: Figures) -> None:
        self.kills += other.kills
        self.moves += other.moves
        self.lost += other.lost
        self.doubled += other.doubled
        self.repeated += other.repeated
        if other.longest_freeze > self.longest_freeze:
            self.longest_freeze, self.froze_at = other.longest_freeze, other.froze_at
        self.hostile += other.hostile
        self.refused += other.refused


class Service:
    """When the bot can serve: a process polls and its Redis answers. A game is
    frozen only while the bot can serve and does not move it on."""

    def __init__(self) -> None:
        self._ready = 0
        self._blocked = 0
        self.since: float | None = None
        self.longest_wait = 0.0  # the longest a game waited while the bot could serve
        self.longest_for = ""  # ... what the people were waiting for then
        self._up: list[tuple[float, float | None]] = []  # while some process was ready

    def process_ready(self, at: float) -> None:
        self._ready += 1
        if self._ready == 1:
            self._up.append((at, None))
        self._update(at)

    def process_gone(self, at: float) -> None:
        self._ready = max(0, self._ready - 1)
        if self._ready == 0 and self._up and self._up[-1][1] is None:
            self._up[-1] = (self._up[-1][0], at)
        self._update(at)

    def up_at(self, at: float) -> bool:
        """Whether some bot process was ready at `at`."""
        return any(began <= at and (stop is None or at < stop) for began, stop in self._up)

    def up_for(self, start: float, end: float) -> float:
        """How long some bot process was ready between `start` and `end`."""
        return sum(
            max(0.0, min(end, stop if stop is not None else end) - max(start, began))
            for began, stop in self._up
        )

    def blocked(self, at: float) -> None:
        """Redis stopped or frozen."""
        self._blocked += 1
        self._update(at)

    def unblocked(self, at: float) -> None:
        self._blocked -= 1
        self._update(at)

    def _update(self, at: float) -> None:
        serving = self._ready > 0 and self._blocked == 0
        if not serving:
            self.since = None
        elif self.since is None:
            self.since = at

    def serving_for(self, start: float, now: float) -> float:
        """How long the bot has been able to serve since `start` (0 while it cannot)."""
        if self.since is None:
            return 0.0
        return max(0.0, now - max(start, self.since))


class World:
    """Use as `async with World(...) as world:`."""

    def __init__(
        self,
        name: str,
        folder: Path,
        seed: int,
        redis_binary: str,
        starting: asyncio.Semaphore,
    ) -> None:
        self.name = name
        self.folder = folder
        self.seed = seed
        self.rng = random.Random(seed)
        self.api = FakeBotApi()
        self.redis = RedisProcess(redis_binary, folder / "redis")
        self.cluster: RedisClusterNodes | None = None  # once `start_cluster` is called
        self.service = Service()
        self.processes: list[BotProcess] = []
        self.kills: list[float] = []  # when each SIGKILL was sent
        self.figures = Figures()
        # The scenario's time limit (`tests.e2e.suite`), which stands still while a bot
        # process starts; the places for processes starting at once, shared by the
        # scenarios.
        self.deadline: asyncio.Timeout | None = None
        self.starting_took = 0.0  # seconds the time limit stood still
        self._starting = starting
        self._starts_under_way = 0
        self._stood_still_at = 0.0
        self._left: float | None = None  # of the time limit, while it stands still
        self._stack = AsyncExitStack()

    async def __aenter__(self) -> World:
        self.folder.mkdir(parents=True, exist_ok=True)
        await self.api.start()
        self._stack.push_async_callback(self.api.close)
        self._stack.push_async_callback(self.redis.stop)
        await self.redis.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            for process in self.processes:
                process.kill()
            for process in self.processes:
                if process.pid is not None:
                    await process.wait()
        finally:
            await self._stack.aclose()

    @property
    def settings(self) -> BotSettings:
        if self.cluster is not None:
            return BotSettings(redis_url=self.cluster.url, api_url=self.api.url, redis_cluster=True)
        return BotSettings(redis_url=self.redis.url, api_url=self.api.url)

    async def start_cluster(self) -> RedisClusterNodes:
        """A three-node Redis Cluster (`tests.redis_cluster`) in place of the world's
        redis-server: from now on `settings` points the bots at it and the records are
        read from it. Stopped on the way out, after the bots."""
        assert self.cluster is None, "the world has its cluster already"
        running = redis_cluster()
        # Its start and stop wait with time.sleep: in a thread, the scenarios beside
        # this one (and the fake Telegram they share the loop with) run on meanwhile.
        self.cluster = await asyncio.to_thread(running.__enter__)
        self._stack.push_async_callback(asyncio.to_thread, running.__exit__, None, None, None)
        return self.cluster

    # -- bot processes ---------------------------------------------------------------------------

    async def start_bot(self, settings: BotSettings | None = None) -> BotProcess:
        """A new bot process, once it polls. It is started once a place among those
        starting is free, and its `READY` limit counts from then."""
        number = len(self.processes) + 1
        process = BotProcess(settings or self.settings, number, self.folder / f"bot-{number}.log")
        self.processes.append(process)
        with self._off_the_clock():
            async with self._starting:
                await process.start(self.api)
                ready = await process.wait_ready(self.api)
        self.service.process_ready(ready)
        return process

    @contextmanager
    def _off_the_clock(self) -> Iterator[None]:
        """Stop the scenario's time limit meanwhile: how long a start takes is the
        machine's (seconds of CPU, shared with whatever else runs), and a scenario that
        kills and restarts the bot ten times would spend most of its limit on starts."""
        loop = asyncio.get_running_loop()
        deadline = self.deadline
        if self._starts_under_way == 0:
            self._stood_still_at = loop.time()
            if deadline is not None and not deadline.expired():
                when = deadline.when()
                if when is not None:
                    self._left = when - self._stood_still_at
                    deadline.reschedule(None)
        self._starts_under_way += 1
        try:
            yield
        finally:
            self._starts_under_way -= 1
            if self._starts_under_way == 0:
                now = loop.time()
                self.starting_took += now - self._stood_still_at
                if deadline is not None and self._left is not None and not deadline.expired():
                    deadline.reschedule(now + self._left)
                self._left = None

    async def kill(self, process: BotProcess) -> None:
        """kill -9."""
        self.kills.append(self.api.clock())
        self.figures.kills += 1
        process.kill()
        await process.wait()
        self.service.process_gone(self.api.clock())

    def hostile(self, refused: bool) -> None:
        """Count a hostile input tried, and whether it was refused (its scenario asserts
        that nothing changed)."""
        self.figures.hostile += 1
        self.figures.refused += refused

    async def sigterm(self, process: BotProcess) -> int:
        """SIGTERM; returns the exit status."""
        self.service.process_gone(self.api.clock())
        return await process.terminate()

    # -- Redis -----------------------------------------------------------------------------------

    async def stop_redis(self) -> None:
        self.service.blocked(self.api.clock())
        await self.redis.stop()

    async def start_redis(self) -> None:
        await self.redis.start()
        self.service.unblocked(self.api.clock())

    def freeze_redis(self) -> None:
        self.service.blocked(self.api.clock())
        self.redis.freeze()

    def thaw_redis(self) -> None:
        self.redis.thaw()
        self.service.unblocked(self.api.clock())

    def client(self) -> RedisClient:
        """A client of the test's own (close it) of where the bots keep their games."""
        return self.cluster.client() if self.cluster is not None else self.redis.client()

    async def records(self) -> dict[str, GameRecord]:
        """Every game stored in Redis, by id (read with a client of the test's own)."""
        out: dict[str, GameRecord] = {}
        async with self.client() as redis:
            async for key in redis.scan_iter(match=keys.game("*")):
                raw = await redis.hget(key, "d")
                if raw is not None:
                    record = decode(raw if isinstance(raw, bytes) else raw.encode())
                    out[record.game_id] = record
        return out

    async def record_in(self, chat_id: int) -> GameRecord:
        """The chat's latest game."""
        async with self.client() as redis:
            game = await _game_in(redis, chat_id)
        assert game is not None, f"no game in chat {chat_id}"
        return (await self.records())[game]

    async def due_at(self, chat_id: int) -> float | None:
        """When the bot means to look at the chat's game next (wall-clock seconds, as
        its due sets keep it); None when it has nothing planned for it."""
        async with self.client() as redis:
            game = await _game_in(redis, chat_id)
            if game is None:
                return None
            score = await redis.zscore(keys.due(shard_of_game(game)), game)
        return None if score is None else float(score)

    # -- what the processes said -----------------------------------------------------------------

    def log_problems(self) -> list[str]:
        """Every line of every process's output that logs an error or a traceback."""
        problems = []
        for process in self.processes:
            if process.log.exists():
                text = process.log.read_text(errors="replace")
                problems += [
                    f"[bot {process.number}] {line}"
                    for line in text.splitlines()
                    if _PROBLEM.search(line)
                ]
        return problems

    def report(self, lines: int = 30) -> str:
        """What a failing scenario prints: its seed and each process's last lines."""
        parts = [f"scenario {self.name}, seed {self.seed} (DOMINOES_FAULTS_SEED to repeat)"]
        for process in self.processes:
            parts.append(f"--- bot {process.number} ({process.log}), last lines:")
            parts.append(process.tail(lines))
        parts.append(f"--- the last calls to Telegram (the clock: {self.api.clock():.2f}):")
        parts += self.recent_calls()
        return "\n".join(parts)

    def recent_calls(self) -> list[str]:
        """The bot's last calls (but long polls), one line each: when, which process,
        what, to which chat, how Telegram answered."""
        numbers = {p.token: p.number for p in self.processes}
        calls = [c for c in self.api.calls() if c.method != "getUpdates"]
        return [
            f"{c.at:.2f} bot {numbers.get(c.token, '?')} {c.method} "
            f"chat={c.params.get('chat_id', '')} message={c.params.get('message_id', '')} "
            f"{c.status}{' ' + c.description if c.description else ''}"
            for c in calls[-CALLS_REPORTED:]
        ]


async def _game_in(redis: RedisClient, chat_id: int) -> str | None:
    """The id of the chat's latest game (where its pointer points), or None."""
    raw = await redis.get(keys.chat(chat_id))
    return None if raw is None else text(raw)
