"""Load over HTTP: what 1, 2 and 3 real `python -m bot` processes in webhook mode on one
Redis handle, with simulated people playing direct games and group Kozel games through
Telegram's side.

    .venv/bin/python benchmarks/load.py [--users 30] [--groups 6] [--seconds 15]
        [--warmup 15] [--processes 1 2 3] [--seed 0] [--redis-server PATH]

A default run takes about two minutes.

The script starts one redis-server (a free port, a temporary folder, no persistence)
and the fault suite's fake Telegram Bot API (`tests/e2e/fake_bot_api.py`); for each
number of processes it empties Redis, starts that many bots (`tests/e2e/process.py`),
each on its own port, all setting one webhook URL, and the fake posts each update to
one of them at random (`FakeBotApi.balance`), as the proxy does in docker-compose.yml.
The people play as the suite's people do (`tests/e2e/people.py`), with no pause of
their own:

- direct: `--users` people each open a direct game (/play: draw game, three easy bots,
  to 50) and press the first legal move as soon as the game message offers one, then
  Next hand, then Rematch;
- group: `--groups` groups of four people each play Kozel (`GroupGame`): all four
  start the bot, the first writes /kozel in the group, sets the lobby to 50 and the
  others press Join (the fourth seat starts the match); each then presses the first
  legal move from their private hand message when it offers one, the first presses
  Next hand on the group's table and Rematch on the match's result.

The bots keep Telegram's limits themselves (one message a second per private chat
with a small burst, a message or edit every 3.5 s per group, about 20 a minute, and
for the whole bot 20 a second to private chats and 5 to groups), so the people go as fast as
those limits let them: a group game's moves go to the players at once, but its table
and announcements wait for the group's pace, so Next hand and Rematch wait for it.

After `--warmup` seconds (under the default load, on 2 CPUs, a group game took 8 to
18 s to be dealt: its lobby goes at the group's pace, its greetings share the bot's
pace with the direct games), for `--seconds`, it counts, for direct and group presses
apart and for all of them:

- updates a second: of a kind, its callback queries answered (answerCallbackQuery
  received by the fake) within the window, each one update; in all, every update the
  bot processes handled in the window by their own count (`dominoes_updates_total`
  at /metrics, before and after, summed over the processes): the presses and the
  people's messages (/play, /start, /kozel);
- p50 and p99 time from a press being queued for posting to its answer reaching the
  fake (the presses made in the window);
- CPU per update, for all only: the bot processes' CPU time (user + system,
  /proc/<pid>/stat) over the window, summed, divided by the updates they handled;
  redis-server's apart. It holds all the processes do in the window, their
  background work included (the group games' paced edits among it);
- 429s answered by the fake (of a kind: to its people's private chats and its
  groups; the limits they broke are listed under the table), presses of the window
  never answered, presses expired (answered past Telegram's 15 s window, or never),
  presses shed (answered at once that the bot is busy: they waited too long for their
  turn, see `bot.telegram.admission`), and the longest any game of the kind waited
  for one of its messages to change or a press of it to be accepted (the whole run,
  the openings included).
  A missing answer or an ERROR in the bots' log makes the exit status 1.

This machine runs the people, the fake Telegram, Redis and every bot process on the
same cores, so the figures are of this machine under that whole load.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from redis.asyncio import Redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout's packages, whatever is installed

from tests.e2e.fake_bot_api import FakeBotApi, Someone  # noqa: E402
from tests.e2e.people import DirectGame, GroupGame, Players, Press, answer_of  # noqa: E402
from tests.e2e.process import BotProcess, BotSettings  # noqa: E402
from tests.e2e.world import Service  # noqa: E402
from tests.ports import free_port  # noqa: E402
from texts import Texts  # noqa: E402

PATH = "/telegram/updates"
# The proxy's URL, set as the webhook by every process; the fake posts to the
# processes themselves at its path (as in tests/e2e/test_replicas.py).
PUBLIC_URL = f"http://proxy.load.invalid{PATH}"
TICKS = os.sysconf("SC_CLK_TCK")
FIRST_USER = 10_000
FIRST_GROUP_USER = 1_000_000  # far above the direct games' people, whatever --users
FIRST_GROUP = -5_000  # a basic group's id (supergroups' ids are below -10**12)
SEATS = 4  # Kozel's
FROZEN = 300.0  # seconds a game may wait for its message to change
STOPPING = 60.0  # seconds the people may take to stop (a group may still be opening)
DIRECT, GROUP, ALL = "direct", "group", "all"
ANSWER_WINDOW = 15.0  # seconds Telegram takes a press's answer for
BUSY = Texts().get("en", "error-busy")  # the answer to a press shed (the people speak English)
UPDATES = "dominoes_updates_total"
ROUND_TRIPS = "dominoes_redis_round_trips_total"  # counted by the bot since the outbox


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (fields 14 and 15 of /proc/<pid>/stat;
    the command name in parentheses may hold spaces, so split after its ')')."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


async def metric_total(http: aiohttp.ClientSession, ports: Sequence[int], name: str) -> float:
    """A counter of the processes' /metrics so far, summed over them and its labels
    (0 for a counter they do not have)."""
    total = 0.0
    for port in ports:
        async with http.get(f"http://127.0.0.1:{port}/metrics") as answer:
            answer.raise_for_status()
            text = await answer.text()
        total += sum(
            float(line.split()[-1])
            for line in text.splitlines()
            if line.startswith((f"{name}{{", f"{name} "))
        )
    return total


async def updates_handled(http: aiohttp.ClientSession, ports: Sequence[int]) -> float:
    """The updates the processes have handled so far, by their own count."""
    return await metric_total(http, ports, UPDATES)


async def redis_commands(url: str) -> int:
    """The commands redis-server has run so far (a script counts as one, and each
    command it calls)."""
    async with Redis.from_url(url) as client:
        stats = await client.info("stats")
    return int(stats["total_commands_processed"])


@dataclass(frozen=True)
class Figures:
    """The figures of one kind of game (or of all) in one measurement."""

    kind: str
    games: int
    updates: int  # answered presses, or (all) the updates the processes handled
    p50_ms: float | None  # None: no press answered
    p99_ms: float | None
    floods: int  # 429s the fake answered
    unanswered: int  # presses of the window without an answer at the end
    expired: int  # presses of the window answered past Telegram's window, or never
    shed: int  # presses of the window answered that the bot was busy
    longest_wait: float  # seconds, the longest any game waited for the bot (whole run)


@dataclass(frozen=True)
class Result:
    processes: int
    seconds: float
    rows: list[Figures]  # direct, group, all
    bot_cpu_ms: float  # per update, all bot processes together
    redis_cpu_ms: float  # per update
    round_trips: float | None  # Redis requests per update (None: the bot does not count them)
    commands: float  # Redis commands per update
    limits: Counter[str]  # the 429s by the limit they broke


def percentiles(waits: Sequence[float]) -> tuple[float | None, float | None]:
    """p50 and p99 in milliseconds."""
    if not waits:
        return None, None
    if len(waits) == 1:
        return waits[0] * 1000, waits[0] * 1000
    cuts = statistics.quantiles(waits, n=100)
    return cuts[49] * 1000, cuts[98] * 1000


def figures(
    kind: str,
    api: FakeBotApi,
    games: Sequence[Players],
    window: tuple[float, float],
    floods: int,
    longest_wait: float,
    updates: int | None = None,
) -> Figures:
    """A kind's figures from its games' presses; `updates` given for all kinds."""
    start, end = window
    presses = [p for g in games for p in g.presses]
    answered = 0
    for press in presses:
        answer = answer_of(api, press)
        answered += answer is not None and start <= answer.at < end
    waits: list[float] = []
    unanswered = expired = shed = 0
    for press in presses:
        if not start <= press.at < end:
            continue
        answer = answer_of(api, press)
        if answer is None:
            unanswered += 1
            expired += 1
        else:
            waits.append(answer.at - press.at)
            expired += answer.at - press.at > ANSWER_WINDOW
            shed += answer.params.get("text") == BUSY
    p50, p99 = percentiles(waits)
    return Figures(
        kind=kind,
        games=len(games),
        updates=answered if updates is None else updates,
        p50_ms=p50,
        p99_ms=p99,
        floods=floods,
        unanswered=unanswered,
        expired=expired,
        shed=shed,
        longest_wait=longest_wait,
    )


async def start_redis(binary: str, folder: Path) -> tuple[asyncio.subprocess.Process, int]:
    """redis-server without persistence: the load is on games, not on the disk."""
    port = free_port()
    process = await asyncio.create_subprocess_exec(
        binary,
        *("--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)),
        *("--save", "", "--appendonly", "no"),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10.0
    async with Redis(port=port) as probe:
        while True:
            try:
                await probe.ping()
                return process, port
            except Exception:
                if time.monotonic() > deadline or process.returncode is not None:
                    raise RuntimeError("redis-server did not start") from None
                await asyncio.sleep(0.05)


def group_people(group: int) -> list[Someone]:
    first = FIRST_GROUP_USER + SEATS * group
    return [Someone(first + seat, f"G{group}S{seat}") for seat in range(SEATS)]


async def run(
    count: int, args: argparse.Namespace, redis_pid: int, redis_url: str, log: Path
) -> Result:
    """One measurement with `count` bot processes; Redis is emptied first."""
    async with Redis.from_url(redis_url) as client:
        await client.flushall()
    api = FakeBotApi()
    await api.start()
    ports = [free_port() for _ in range(count)]
    api.balance([f"http://127.0.0.1:{p}" for p in ports], random.Random(args.seed))
    bots: list[BotProcess] = []
    # The people's drivers ask whether the bot can serve, and note the longest wait:
    # one for each kind, so that each kind's wait is told apart.
    services = {DIRECT: Service(), GROUP: Service()}
    directs: list[DirectGame] = []
    groups: list[GroupGame] = []
    playing: asyncio.Future[list[None]] | None = None
    stop = False
    try:
        for number, port in enumerate(ports, 1):
            settings = BotSettings(
                redis_url,
                api.url,
                log_level="WARNING",
                webhook_port=port,
                public_url=PUBLIC_URL,
                look=args.look,
            )
            bot = BotProcess(settings, number, log)
            bots.append(bot)
            await bot.start(api)
        for bot in bots:
            ready = await bot.wait_ready(api)
            for service in services.values():
                service.process_ready(ready)

        people = [Someone(FIRST_USER + i, f"P{i}") for i in range(args.users)]
        directs = [DirectGame(api, services[DIRECT], who) for who in people]
        groups = [
            GroupGame(api, services[GROUP], FIRST_GROUP - g, group_people(g), f"Load table {g}")
            for g in range(args.groups)
        ]
        for game in [*directs, *groups]:
            # Measure how long a game waits rather than fail it at the suite's 10 s.
            game.frozen = FROZEN

        async def play_direct(game: DirectGame) -> None:
            await game.open()
            await game.play(until=lambda: stop, again=lambda: True)

        async def play_group(game: GroupGame) -> None:
            await game.open()
            if not stop:
                await game.play(until=lambda: stop, again=lambda: True)

        playing = asyncio.gather(
            *(play_direct(g) for g in directs), *(play_group(g) for g in groups)
        )
        async with aiohttp.ClientSession() as http:
            await asyncio.sleep(args.warmup)
            start = api.clock()
            cpu = [cpu_seconds(b.pid or 0) for b in bots]
            redis_cpu = cpu_seconds(redis_pid)
            handled = await updates_handled(http, ports)
            trips = await metric_total(http, ports, ROUND_TRIPS)
            commands = await redis_commands(redis_url)
            await asyncio.sleep(args.seconds)
            end = api.clock()
            cpu = [cpu_seconds(b.pid or 0) - before for b, before in zip(bots, cpu, strict=True)]
            redis_cpu = cpu_seconds(redis_pid) - redis_cpu
            updates = round(await updates_handled(http, ports) - handled)
            trips = await metric_total(http, ports, ROUND_TRIPS) - trips
            commands = await redis_commands(redis_url) - commands
        stop = True
        await asyncio.wait_for(playing, STOPPING)
        every: list[Press] = [p for g in [*directs, *groups] for p in g.presses]
        window = [p for p in every if start <= p.at < end]
        # The last presses of the window may still be on their way: a few seconds for them.
        with suppress(AssertionError):
            await api.wait_until(
                lambda: all(answer_of(api, p) is not None for p in window), 10.0, "answers"
            )

        in_groups = {who.id for g in groups for who in g.people} | {g.chat_id for g in groups}
        group_floods = sum(1 for f in api.floods if f.chat_id in in_groups)
        waits = {kind: service.longest_wait for kind, service in services.items()}
        rows = [
            figures(
                DIRECT,
                api,
                directs,
                (start, end),
                api.flood_count - group_floods,
                waits[DIRECT],
            ),
            figures(GROUP, api, groups, (start, end), group_floods, waits[GROUP]),
            figures(
                ALL,
                api,
                [*directs, *groups],
                (start, end),
                api.flood_count,
                max(waits.values()),
                updates,
            ),
        ]
        return Result(
            processes=count,
            seconds=end - start,
            rows=rows,
            bot_cpu_ms=sum(cpu) / max(updates, 1) * 1000,
            redis_cpu_ms=redis_cpu / max(updates, 1) * 1000,
            round_trips=trips / max(updates, 1) if trips else None,
            commands=commands / max(updates, 1),
            limits=Counter(f.rule for f in api.floods),
        )
    finally:
        stop = True
        if playing is not None and not playing.done():
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
        for bot in bots:
            if bot.running:
                try:
                    await bot.terminate()
                except AssertionError:
                    print(bot.tail(60), file=sys.stderr)
                    raise
        await api.close()


def print_table(results: list[Result]) -> None:
    header = (
        f"{'processes':>9} {'kind':<6} {'games':>5} {'updates/s':>9} {'p50 ms':>7} "
        f"{'p99 ms':>7} {'bot CPU ms/upd':>14} {'redis CPU ms/upd':>16} "
        f"{'trips/upd':>9} {'cmds/upd':>8} {'429s':>4} "
        f"{'unanswered':>10} {'expired':>7} {'shed':>5} {'longest wait s':>14}"
    )
    print(header)
    print("-" * len(header))

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.0f}"

    for r in results:
        # A kind nobody plays is left out; "all" stays, as it holds the CPU per update.
        shown = [row for row in r.rows if row.games or row.kind == ALL]
        for index, row in enumerate(shown):
            overall = row.kind == ALL
            bot_cpu = f"{r.bot_cpu_ms:.2f}" if overall else ""
            redis_cpu = f"{r.redis_cpu_ms:.2f}" if overall else ""
            trips = f"{r.round_trips:.2f}" if overall and r.round_trips is not None else ""
            commands = f"{r.commands:.1f}" if overall else ""
            print(
                f"{r.processes if index == 0 else '':>9} {row.kind:<6} {row.games:>5} "
                f"{row.updates / r.seconds:>9.1f} {ms(row.p50_ms):>7} {ms(row.p99_ms):>7} "
                f"{bot_cpu:>14} {redis_cpu:>16} {trips:>9} {commands:>8} "
                f"{row.floods:>4} {row.unanswered:>10} "
                f"{row.expired:>7} {row.shed:>5} {row.longest_wait:>14.1f}"
            )


async def main_async(args: argparse.Namespace) -> int:
    binary = args.redis_server or shutil.which("redis-server")
    if binary is None:
        print("redis-server is not installed (or give --redis-server PATH)", file=sys.stderr)
        return 2
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="dominoes-load-") as folder:
        log = Path(folder) / "bots.log"
        redis, port = await start_redis(binary, Path(folder))
        try:
            for count in args.processes:
                print(
                    f"{count} process(es): {args.users} direct games, {args.groups} group "
                    f"games, {args.seconds:.0f} s ..."
                )
                results.append(
                    await run(count, args, redis.pid, f"redis://127.0.0.1:{port}/0", log)
                )
        finally:
            redis.terminate()
            await redis.wait()
        problems = [
            line for line in log.read_text(errors="replace").splitlines() if "ERROR" in line
        ]
    print(f"\n{os.cpu_count()} CPUs; people, fake Telegram, Redis and bots share them\n")
    print_table(results)
    for r in results:
        for rule, times in sorted(r.limits.items()):
            print(f"{r.processes} process(es): {times} x 429 for {rule}")
    if problems:
        print(f"\n{len(problems)} ERROR lines in the bots' log, the first: {problems[0]}")
    unanswered = any(row.unanswered for r in results for row in r.rows)
    return 1 if problems or unanswered else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=30, help="direct games played at once")
    parser.add_argument(
        "--groups", type=int, default=6, help="group Kozel games (four people each) at once"
    )
    parser.add_argument("--seconds", type=float, default=15.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=15.0, help="seconds before measuring")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--seed", type=int, default=0, help="which process gets each post")
    parser.add_argument("--redis-server", help="the redis-server binary (default: on PATH)")
    parser.add_argument(
        "--look", choices=("picture", "text"), default="picture", help="how chats see games"
    )
    sys.exit(asyncio.run(main_async(parser.parse_args())))


if __name__ == "__main__":
    main()
