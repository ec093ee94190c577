"""Load over HTTP: what 1, 2 and 3 real `python -m bot` processes in webhook mode on one
Redis handle, with simulated people playing direct games through Telegram's side.

    .venv/bin/python benchmarks/load.py [--users 30] [--seconds 20] [--warmup 5]
        [--processes 1 2 3] [--seed 0] [--redis-server PATH]

A default run takes about two minutes.

The script starts one redis-server (a free port, a temporary folder, no persistence)
and the fault suite's fake Telegram Bot API (`tests/e2e/fake_bot_api.py`); for each
number of processes it empties Redis, starts that many bots (`tests/e2e/process.py`),
each on its own port, all setting one webhook URL, and the fake posts each update to
one of them at random (`FakeBotApi.balance`), as the proxy does in docker-compose.yml.
`--users` people each open a direct game (/play: draw game, three easy bots, to 50)
and play it as the suite's people do (`tests/e2e/people.py`): they press the first
legal move as soon as the game message offers one, then Next hand, then Rematch, with
no pause of their own. The bots keep Telegram's limits themselves (one message a
second per private chat with a small burst, 25 a second for the whole bot), so the
people go as fast as those limits let them.

After `--warmup` seconds, for `--seconds`, it counts:

- presses a second: callback queries answered (answerCallbackQuery received by the
  fake) within the window, each one update;
- p50 and p99 time from a press being queued for posting to its answer reaching the
  fake (the presses made in the window);
- CPU per update: the bot processes' CPU time (user + system, /proc/<pid>/stat) over
  the window, summed, divided by the presses answered; redis-server's apart. It holds
  all the processes do in the window, their background work included;
- 429s answered by the fake, presses of the window never answered, and the longest
  any game waited for its message to change (the whole run, the opening included).
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
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from redis.asyncio import Redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout's packages, whatever is installed

from tests.e2e.fake_bot_api import FakeBotApi, Someone  # noqa: E402
from tests.e2e.people import DirectGame, answer_of  # noqa: E402
from tests.e2e.process import BotProcess, BotSettings  # noqa: E402
from tests.e2e.redis_control import free_port  # noqa: E402
from tests.e2e.world import Service  # noqa: E402

PATH = "/telegram/updates"
# The proxy's URL, set as the webhook by every process; the fake posts to the
# processes themselves at its path (as in tests/e2e/test_replicas.py).
PUBLIC_URL = f"http://proxy.load.invalid{PATH}"
TICKS = os.sysconf("SC_CLK_TCK")
FIRST_USER = 10_000
FROZEN = 300.0  # seconds a game may wait for its message to change


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (fields 14 and 15 of /proc/<pid>/stat;
    the command name in parentheses may hold spaces, so split after its ')')."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


@dataclass(frozen=True)
class Result:
    processes: int
    games: int
    presses: int
    seconds: float
    p50_ms: float
    p99_ms: float
    bot_cpu_ms: float  # per update, all bot processes together
    redis_cpu_ms: float  # per update
    floods: int  # 429s the fake answered
    unanswered: int  # presses of the window without an answer at the end
    longest_wait: float  # seconds, the longest any game waited for the bot (whole run)


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
    service = Service()  # the people's driver asks whether the bot can serve
    games: list[DirectGame] = []
    playing: asyncio.Future[list[None]] | None = None
    stop = False
    try:
        for number, port in enumerate(ports, 1):
            settings = BotSettings(
                redis_url, api.url, log_level="WARNING", webhook_port=port, public_url=PUBLIC_URL
            )
            bot = BotProcess(settings, number, log)
            bots.append(bot)
            await bot.start(api)
        for bot in bots:
            service.process_ready(await bot.wait_ready(api))

        people = [Someone(FIRST_USER + i, f"P{i}") for i in range(args.users)]
        games = [DirectGame(api, service, who) for who in people]
        for game in games:
            # Measure how long a game waits rather than fail it at the suite's 10 s.
            game.frozen = FROZEN

        async def play(game: DirectGame) -> None:
            await game.open()
            await game.play(until=lambda: stop, again=lambda: True)

        playing = asyncio.gather(*(play(g) for g in games))
        await asyncio.sleep(args.warmup)
        start = api.clock()
        cpu = [cpu_seconds(b.pid or 0) for b in bots]
        redis_cpu = cpu_seconds(redis_pid)
        await asyncio.sleep(args.seconds)
        end = api.clock()
        cpu = [cpu_seconds(b.pid or 0) - before for b, before in zip(bots, cpu, strict=True)]
        redis_cpu = cpu_seconds(redis_pid) - redis_cpu
        stop = True
        await asyncio.wait_for(playing, 30.0)
        window = [p for g in games for p in g.presses if start <= p.at < end]
        # The last presses of the window may still be on their way: a few seconds for them.
        with suppress(AssertionError):
            await api.wait_until(
                lambda: all(answer_of(api, p) is not None for p in window), 10.0, "answers"
            )

        answered = [c for c in api.calls("answerCallbackQuery") if c.ok and start <= c.at < end]
        waits: list[float] = []
        unanswered = 0
        for press in window:
            answer = answer_of(api, press)
            if answer is None:
                unanswered += 1
            else:
                waits.append(answer.at - press.at)
        presses = len(answered)
        cuts = statistics.quantiles(waits, n=100) if len(waits) > 1 else [0.0] * 99
        return Result(
            processes=count,
            games=args.users,
            presses=presses,
            seconds=end - start,
            p50_ms=cuts[49] * 1000,
            p99_ms=cuts[98] * 1000,
            bot_cpu_ms=sum(cpu) / max(presses, 1) * 1000,
            redis_cpu_ms=redis_cpu / max(presses, 1) * 1000,
            floods=api.flood_count,
            unanswered=unanswered,
            longest_wait=service.longest_wait,
        )
    finally:
        stop = True
        if playing is not None and not playing.done():
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
        for bot in bots:
            if bot.running:
                await bot.terminate()
        await api.close()


def print_table(results: list[Result]) -> None:
    header = (
        f"{'processes':>9} {'games':>5} {'presses/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'bot CPU ms/upd':>14} {'redis CPU ms/upd':>16} {'429s':>4} {'unanswered':>10} "
        f"{'longest wait s':>14}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        print(
            f"{r.processes:>9} {r.games:>5} {r.presses / r.seconds:>9.1f} {r.p50_ms:>7.0f} "
            f"{r.p99_ms:>7.0f} {r.bot_cpu_ms:>14.2f} {r.redis_cpu_ms:>16.2f} "
            f"{r.floods:>4} {r.unanswered:>10} {r.longest_wait:>14.1f}"
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
                print(f"{count} process(es): {args.users} games, {args.seconds:.0f} s ...")
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
    if problems:
        print(f"\n{len(problems)} ERROR lines in the bots' log, the first: {problems[0]}")
    return 1 if problems or any(r.unanswered for r in results) else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=30, help="direct games played at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--seed", type=int, default=0, help="which process gets each post")
    parser.add_argument("--redis-server", help="the redis-server binary (default: on PATH)")
    sys.exit(asyncio.run(main_async(parser.parse_args())))


if __name__ == "__main__":
    main()
