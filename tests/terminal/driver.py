"""Drives `dominoes play` as a subprocess, as a person at a terminal would: it waits for
each question, answers it (sometimes wrongly first), and keeps the whole transcript."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
from pexpect.popen_spawn import PopenSpawn

from texts import Texts

ROOT = Path(__file__).resolve().parents[2]
TEXTS = Texts()
# Wrong answers a person might type; each must be refused and the question asked again.
BAD_ANSWERS = ["", "abc", "0", "99", "-1", "²", "1.5", "two"]
TIMEOUT = 30  # seconds for one answer to be asked for; a hard bot decides in < 0.1 s


def _pattern(lang: str, key: str) -> str:
    """A regex for text `key` in `lang`, its count a number group."""
    marker = 97  # below 1000: Fluent groups the digits of larger numbers
    text = re.escape(TEXTS.get(lang, key, count=marker))
    return text.replace(str(marker), r"(\d+)")


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update({"PYTHONPATH": str(ROOT), "NO_COLOR": "", "TERM": "dumb", **extra})
    return env


def spawn(args: list[str], timeout: int = TIMEOUT) -> PopenSpawn:
    """`dominoes ARGS` with its standard input and output on pipes."""
    return PopenSpawn(
        [sys.executable, "-m", "terminal", *args],
        encoding="utf-8",
        env=environment(),
        cwd=str(ROOT),
        timeout=timeout,
    )


def run(args: list[str], typed: str = "") -> subprocess.CompletedProcess[str]:
    """`dominoes ARGS` run to its end on the `typed` input."""
    return subprocess.run(
        [sys.executable, "-m", "terminal", *args],
        input=typed,
        capture_output=True,
        text=True,
        env=environment(),
        cwd=ROOT,
        timeout=TIMEOUT,
        check=False,
    )


@dataclass
class Session:
    """What happened in one run: the transcript, the exit status, the answers given."""

    transcript: str = ""
    status: int | None = None
    questions: int = 0
    refused: int = 0
    matches: int = 0
    answers: list[str] = field(default_factory=list)


def play(
    args: list[str], lang: str, *, seed: int = 0, rematches: int = 0, bad_every: int = 5
) -> Session:
    """Runs `dominoes play ARGS --lang LANG` to its end: every numbered question gets a
    random valid number, every `bad_every`-th one a wrong answer first; "Another match?"
    is answered with Rematch `rematches` times, then Quit."""
    rng = random.Random(seed)
    child = spawn(["play", *args, "--lang", lang])
    again = re.escape(TEXTS.get(lang, "term-again"))
    choose_many = _pattern(lang, "term-choose")
    choose_one = re.escape(TEXTS.get(lang, "term-choose", count=1))
    next_hand = re.escape(TEXTS.get(lang, "term-next-hand"))
    session, parts, asking_again = Session(), [], False
    while True:
        index = child.expect([again, choose_many, choose_one, next_hand, pexpect.EOF])
        parts.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if index == 4:
            break
        if index == 0:
            asking_again = True
            continue
        if index == 3:
            answer = rng.choice(["", "ok", "1"])  # any line deals the next hand
        else:
            count = int(child.match.group(1)) if index == 1 else 1
            session.questions += 1
            if asking_again:
                answer = "1" if session.matches < rematches else "2"
                session.matches += 1
                asking_again = False
            elif session.questions % bad_every == 0:
                answer = rng.choice(BAD_ANSWERS)
                session.refused += 1
            else:
                answer = str(rng.randint(1, count))
        session.answers.append(answer)
        child.sendline(answer)
    session.status = child.wait()
    session.transcript = "".join(parts)
    return session
