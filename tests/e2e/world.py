"""One scenario's world: a fake Telegram, a redis-server of its own (or a Redis Cluster,
when the scenario starts one), the bot processes it starts, kills and restarts, and its
seeded chance. Everything is stopped on the way out, whatever happened."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterable, Iterator
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import cast

from bot.game.record import GameRecord
from bot.store import keys
from bot.store.client import RedisClient, fields_of, text
from bot.store.records import decode
from bot.store.slots import shard_of_game
from tests.e2e.fake_bot_api import Call, FakeBotApi
from tests.e2e.process import BotProcess, BotSettings
from tests.e2e.redis_control import RedisProcess
from tests.redis_cluster import RedisClusterNodes, redis_cluster

_PROBLEM = re.compile(r"Traceback|\b(ERROR|CRITICAL)\b")
# What asyncio logs when a task or future failed and nobody looked: an error lost, in
# any scenario, whatever it stages.
# A line that begins a record of a process's log: a logged line (text or JSON), or one
# the tests wrote there (`BotProcess._mark`).
_RECORD_START = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|\{|=== )")
NEVER_RETRIEVED = re.compile(r"(Task|Future) exception was never retrieved")
CALLS_REPORTED = 60  # the calls to Telegram a failing scenario lists, the last ones
WORDS = 40  # characters of what each says


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
    measured: dict[str, float] = field(default_factory=dict)  # seconds, by what they time
    rates: dict[str, float] = field(default_factory=dict)  # other figures, by what they are

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
        for what, seconds in other.measured.items():
            self.measured[what] = max(seconds, self.measured.get(what, 0.0))
        for what, rate in other.rates.items():
            self.rates[what] = max(rate, self.rates.get(what, 0.0))


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
            # Every call, beside the processes' logs: what a scenario's figures came from.
            calls = self.recent_calls(len(self.api.calls()))
            (self.folder / "calls.txt").write_text("".join(f"{line}\n" for line in calls))
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

    async def positions(self, chat_ids: Iterable[int]) -> dict[int, tuple[str, int]]:
        """Each chat's latest game and the version stored (chats with none left out)."""
        out = {}
        async with self.client() as redis:
            for chat_id in chat_ids:
                game = await _game_in(redis, chat_id)
                raw = None if game is None else await redis.hget(keys.game(game), "d")
                if game is not None and raw is not None:
                    record = decode(raw if isinstance(raw, bytes) else raw.encode())
                    out[chat_id] = (game, record.version)
        return out

    async def outboxes(self, chat_ids: Iterable[int]) -> dict[int, ChatOutbox]:
        """Each chat's outbox as Redis holds it: who sends to it and what waits."""
        out = {}
        async with self.client() as redis:
            for chat_id in chat_ids:
                sender = fields_of(await redis.hgetall(keys.sender(chat_id)))
                until = float(sender.get("until", 0))
                waiting = int(await redis.hlen(keys.outbox(chat_id)))
                tat = float(sender.get("tat", 0))
                out[chat_id] = ChatOutbox(sender.get("owner"), until, waiting, tat)
        return out

    async def beats(self) -> dict[str, float]:
        """The bot's processes as they say they live (their outbox token: until when)."""
        async with self.client() as redis:
            found = await redis.zrange(keys.processes(), 0, -1, withscores=True)
        pairs = cast(list[tuple[bytes, float]], found)
        return {text(token): float(until) for token, until in pairs}

    # -- what the processes said -----------------------------------------------------------------

    def log_problems(self, explained: re.Pattern[str] | None = None) -> list[str]:
        """Every record of every process's log that is an error or holds a traceback,
        but those `explained` finds in (what a fault the scenario staged makes the bot
        say: a traceback is explained by its exception, on its last line). Each is
        shown by its first line and, when longer, its last."""
        return [
            record.splitlines()[0] + (f" ... {record.splitlines()[-1]}" if "\n" in record else "")
            for record in self.log_records()
            if _PROBLEM.search(record) and (explained is None or not explained.search(record))
        ]

    def log_records(self) -> list[str]:
        """Every process's log, one record (a logged line and the lines that go on it,
        such as its traceback) a string, each named by its process."""
        records = []
        for process in self.processes:
            if process.log.exists():
                records += [
                    f"[bot {process.number}] {record}"
                    for record in _records(process.log.read_text(errors="replace"))
                ]
        return records

    def log_lines(self, pattern: re.Pattern[str]) -> list[str]:
        """The lines of every process's output that `pattern` finds, each named by its
        process."""
        found = []
        for process in self.processes:
            if process.log.exists():
                text = process.log.read_text(errors="replace")
                found += [
                    f"[bot {process.number}] {line}"
                    for line in text.splitlines()
                    if pattern.search(line)
                ]
        return found

    def report(self, lines: int = 30) -> str:
        """What a failing scenario prints: its seed and each process's last lines."""
        parts = [f"scenario {self.name}, seed {self.seed} (DOMINOES_FAULTS_SEED to repeat)"]
        lost = self.log_lines(NEVER_RETRIEVED)
        if lost:
            parts += ["--- errors nobody looked at:", *lost]
        for process in self.processes:
            parts.append(f"--- bot {process.number} ({process.log}), last lines:")
            parts.append(process.tail(lines))
        parts.append(f"--- the last calls to Telegram (the clock: {self.api.clock():.2f}):")
        parts += self.recent_calls()
        return "\n".join(parts)

    def recent_calls(self, last: int = CALLS_REPORTED) -> list[str]:
        """The bot's `last` calls (but long polls), one line each: when, which process,
        what, to which chat, how Telegram answered."""
        numbers = {p.token: p.number for p in self.processes}
        calls = [c for c in self.api.calls() if c.method != "getUpdates"]
        return [
            f"{c.at:.2f} bot {numbers.get(c.token, '?')} {c.method} "
            f"chat={c.params.get('chat_id', '')} message={c.params.get('message_id', '')} "
            f"{c.status}{' ' + c.description if c.description else ''}{_words(c)}"
            for c in calls[-last:]
        ]


@dataclass(frozen=True, slots=True)
class ChatOutbox:
    """A chat's outbox: the process that holds it (its outbox token; None: nobody),
    until when (wall-clock seconds), how many entries wait, and the chat's pace (its
    theoretical arrival time, see `bot.telegram.outbox.pace`)."""

    owner: str | None
    until: float
    waiting: int
    tat: float


def _words(call: Call) -> str:
    """The start of what a call says (its text, caption or alert), or of its callback
    data, for a line about it."""
    media = call.params.get("media")
    said = media.get("caption") if isinstance(media, dict) else None
    for name in ("text", "caption", "callback_query_id"):
        said = said or call.params.get(name)
    return f" {str(said)[:WORDS]!r}" if said else ""


def _records(log: str) -> list[str]:
    """A log split into records: each line that begins one, with the lines after it
    that do not."""
    records: list[str] = []
    for line in log.splitlines():
        if records and not _RECORD_START.match(line):
            records[-1] += "\n" + line
        else:
            records.append(line)
    return records


async def _game_in(redis: RedisClient, chat_id: int) -> str | None:
    """The id of the chat's latest game (where its pointer points), or None."""
    raw = await redis.get(keys.chat(chat_id))
    return None if raw is None else text(raw)
