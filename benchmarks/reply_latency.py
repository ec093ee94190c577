"""Replies during a live group game: how long someone waits for the answer to a command
in a group where four people play Kozel at a human pace, Telegram's limits enforced,
and whether the answers come in the order the commands were sent.

    .venv/bin/python benchmarks/reply_latency.py [--seconds 150] [--think 4]
        [--every 12] [--seed 0] [--redis-server PATH]

A default run takes about three minutes.

A real `python -m bot` (long polling) against the fault suite's fake Telegram Bot API
(`tests/e2e/fake_bot_api.py`, which answers 429 when a limit is broken: 20 messages or
edits a minute in a group, 3 a second in a private chat) and a redis-server of its own.
Four people open Kozel in a group (to 50, the lobby's defaults otherwise) and play: every
`--think` seconds the person to move presses their first legal move in their private
chat, and the opener deals the next hand from the table when one is over. Meanwhile a
fifth person in the group writes a burst of three commands, 0.3 s apart, every `--every`
seconds: /rules, /help, /history x (its usage). A reply's latency is from the command
being queued at the fake to the reply's sendMessage reaching it.

It prints the replies' p50, p95 and worst latency (and the first reply of each burst's,
as a command asked alone would wait), the bursts whose replies came out of
order, the group's calls (sends and edits) a minute, and the 429s. The exit status is 1
when a reply never came, one came out of order, or Telegram answered 429.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout's packages, whatever is installed

from tests.e2e.fake_bot_api import Someone  # noqa: E402
from tests.e2e.people import GroupGame  # noqa: E402
from tests.e2e.world import World  # noqa: E402
from texts import Texts  # noqa: E402

GROUP = -7001
PEOPLE = [Someone(7_000 + n, name) for n, name in enumerate(("Ann", "Ben", "Cat", "Dan"))]
ASKER = Someone(7_100, "Eve")
GAP = 0.3  # seconds between the commands of a burst
WAIT_FOR_REPLIES = 30.0  # seconds the last burst's replies may take at the end
GROUP_WRITES = (
    "sendMessage",
    "sendPhoto",
    "editMessageText",
    "editMessageCaption",
    "editMessageMedia",
    "editMessageReplyMarkup",
    "deleteMessages",
)


@dataclass
class Asked:
    """One command: its text, the reply it should get, when it was queued."""

    command: str
    reply: str
    at: float
    burst: int
    answered_at: float | None = None


def expected_replies() -> dict[str, str]:
    t = Texts().translator("en")
    return {"/rules": t("rules-choose"), "/help": t("group-help"), "/history x": t("history-usage")}


async def play(game: GroupGame, think: float, until: float) -> int:
    """The people's moves at their pace until `until`; returns how many they made."""
    moves = 0
    while time.monotonic() < until and not game.finished:
        await asyncio.sleep(think)
        table = game.table()
        if table is not None and "Next hand" in table.labels():
            game.press(game.people[0], table, str(table.button("Next hand")["callback_data"]))
            continue
        for who in game.people:
            message = game.hand(who)
            choices = message.data_starting("mv:") if message is not None else []
            if message is not None and choices:
                game.press(who, message, choices[0])
                moves += 1
                break
    return moves


async def ask(game: GroupGame, every: float, until: float, asked: list[Asked]) -> None:
    """Bursts of three commands in the group until `until`."""
    replies = expected_replies()
    burst = 0
    while time.monotonic() + every < until:
        await asyncio.sleep(every)
        burst += 1
        for command, reply in replies.items():
            game.api.write(ASKER, command, chat_id=GROUP)
            asked.append(Asked(command, reply, time.monotonic(), burst))
            await asyncio.sleep(GAP)


def match_replies(game: GroupGame, asked: list[Asked]) -> None:
    """Each command's reply: the first sendMessage of its text to the group after it."""
    sent = [c for c in game.api.calls("sendMessage") if c.ok and c.params.get("chat_id") == GROUP]
    used: set[int] = set()
    for one in asked:
        for n, call in enumerate(sent):
            if n not in used and call.at >= one.at and call.params.get("text") == one.reply:
                used.add(n)
                one.answered_at = call.at
                break


def answered_all(game: GroupGame, asked: list[Asked]) -> bool:
    match_replies(game, asked)
    return all(a.answered_at is not None for a in asked)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="reply-latency-"))
    try:
        async with World(
            "replies", folder, args.seed, args.redis_server, asyncio.Semaphore(1)
        ) as world:
            await world.start_bot()
            game = GroupGame(world.api, world.service, GROUP, PEOPLE, "Reply latency")
            for who in (*PEOPLE, ASKER):
                world.api.write(who, "/start")
            await game.open()
            began = time.monotonic()
            until = began + args.seconds
            asked: list[Asked] = []
            moves, _ = await asyncio.gather(
                play(game, args.think, until), ask(game, args.every, until, asked)
            )
            ended = time.monotonic()
            with suppress(AssertionError):  # told below: replies never sent
                await world.api.wait_until(
                    lambda: answered_all(game, asked), WAIT_FOR_REPLIES, "the last replies"
                )
            writes = [
                c
                for c in world.api.calls()
                if c.method in GROUP_WRITES
                and c.params.get("chat_id") == GROUP
                and began <= c.at <= ended
            ]
            floods = world.api.flood_count
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    latencies = [a.answered_at - a.at for a in asked if a.answered_at is not None]
    bursts: dict[int, list[Asked]] = {}
    for one in asked:
        bursts.setdefault(one.burst, []).append(one)
    disordered = [
        n
        for n, burst in bursts.items()
        if [a.answered_at for a in burst] != sorted(a.answered_at or 0.0 for a in burst)
    ]
    minutes = (ended - began) / 60
    print(
        f"{moves} moves in {ended - began:.0f} s ({args.think:g} s a press), "
        f"{len(asked)} commands in {len(bursts)} bursts of 3 every {args.every:g} s"
    )
    if latencies:
        print(
            f"reply latency: p50 {statistics.median(latencies):.2f} s, "
            f"p95 {percentile(latencies, 0.95):.2f} s, worst {max(latencies):.2f} s"
        )
    firsts = [b[0].answered_at - b[0].at for b in bursts.values() if b[0].answered_at is not None]
    if firsts:
        print(
            f"  the first of a burst (as a command alone): p50 {statistics.median(firsts):.2f} s, "
            f"p95 {percentile(firsts, 0.95):.2f} s"
        )
    print(
        f"replies never sent: {len(asked) - len(latencies)}; bursts out of order: {len(disordered)}"
    )
    print(f"group's calls: {len(writes) / minutes:.1f} a minute; 429s answered: {floods}")
    failed = len(latencies) < len(asked) or disordered or floods
    return 1 if failed else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=150.0)
    parser.add_argument("--think", type=float, default=4.0)
    parser.add_argument("--every", type=float, default=12.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--redis-server", default=shutil.which("redis-server") or "redis-server")
    sys.exit(asyncio.run(run(parser.parse_args())))


if __name__ == "__main__":
    main()
