"""The `dominoes` command: `dominoes play` plays a match in the terminal, `dominoes
verify` deals a hand again from the secret its result showed, `dominoes picture` draws
a seeded position."""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from core.players import Level, player_for
from core.variants import HAND_SIZES, TARGETS, Variant
from terminal.console import Console, InputClosedError
from terminal.game import Options, TerminalMatch, next_seed
from terminal.picture import write_picture
from terminal.style import Style, wants_colour
from terminal.verify import verify
from texts import LANGUAGES, Texts, Translate
from texts.render import variant_name

DEFAULT_LEVEL = Level.MEDIUM
DEFAULT_TARGET = 100
EXIT_INTERRUPTED = 130  # the shell's code for a program stopped by Ctrl-C


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="dominoes", description="Dominoes: play in the terminal, or verify a deal."
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play a match against bots in this terminal",
        description=(
            "Play a match against bots in this terminal. Without a game, asks what the "
            "Telegram /play menu asks; with one, the other options default to 2 players "
            "(4 in Kozel), medium bots and a target of 100."
        ),
    )
    play.add_argument("variant", nargs="?", choices=[v.value for v in Variant], help="the game")
    play.add_argument("--players", type=int, choices=[2, 3, 4], help="players, you included")
    play.add_argument("--level", choices=[lv.value for lv in Level], help="the bots' level")
    play.add_argument("--target", type=int, choices=TARGETS, help="points to play to")
    play.add_argument("--seed", type=int, help="deal and play the same match again")
    play.add_argument("--lang", choices=LANGUAGES, help="language (default: from LANG)")
    check = commands.add_parser(
        "verify",
        help="deal a hand again from the secret its result showed",
        description=(
            "Deal a hand again from the deal secret its result showed (e.g. kozel-4-3f9c...): "
            "every seat's tiles, the boneyard in draw order, any redeal, and the deal code "
            "the table showed while the hand was played."
        ),
    )
    check.add_argument("secret", help="the hand's deal secret")
    check.add_argument("--lang", choices=LANGUAGES, help="language (default: from LANG)")
    draw = commands.add_parser(
        "picture",
        help="write the PNG of a seeded position",
        description=(
            "Deal a match from a seed, let easy bots make some moves, and write the "
            "picture of the table as the bot draws it for a group (with --over: the first "
            "hand played to its end, every hand shown and its result)."
        ),
    )
    draw.add_argument("path", type=Path, help="the PNG file to write")
    draw.add_argument("variant", nargs="?", default="draw", choices=[v.value for v in Variant])
    draw.add_argument("--players", type=int, choices=[2, 3, 4], default=4)
    draw.add_argument("--seed", type=int, default=7)
    draw.add_argument("--moves", type=int, default=24, help="decisions made before drawing")
    draw.add_argument("--over", action="store_true", help="the first hand played to its end")
    draw.add_argument("--lang", choices=LANGUAGES, help="language (default: from LANG)")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """The command line's entry point; returns the exit code."""
    args = parser().parse_args(argv)
    if args.command == "verify":
        texts = Texts()
        t = texts.translator(args.lang or language_from_environment(texts))
        return verify(args.secret, t, sys.stdout, sys.stderr, Style(wants_colour(sys.stdout)))
    if args.command == "picture":
        texts = Texts()
        t = texts.translator(args.lang or language_from_environment(texts))
        variant, players = Variant(args.variant), args.players
        moves = None if args.over else args.moves
        size = write_picture(args.path, variant, players, args.seed, moves, t)
        print(f"{args.path}: {size:,} bytes")
        return 0
    try:
        return play(args, sys.stdin, sys.stdout)
    except BrokenPipeError:
        # The reader went away (`dominoes play | head`): nobody is left to tell.
        # Python's own recipe: point stdout at nothing so the exit flush stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def language_from_environment(texts: Texts) -> str:
    """The language of the terminal's locale (LC_ALL, LC_MESSAGES, LANG), if we speak it."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return texts.resolve(value.split(".")[0])
    return texts.default


def play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Matches until the person quits; a clean message when input ends or on Ctrl-C."""
    for stream in (stdin, stdout):
        if isinstance(stream, io.TextIOWrapper):
            # A byte that is not UTF-8, or a terminal that cannot show a character, is
            # replaced rather than allowed to end the game with a traceback.
            stream.reconfigure(errors="replace")
    texts = Texts()
    t = texts.translator(args.lang or language_from_environment(texts))
    console = Console(stdin, stdout, Style(wants_colour(stdout)), t)
    if args.variant == Variant.KOZEL.value and args.players not in (None, 4):
        console.warn(t("term-kozel-players"))
        return 2
    try:
        options = _options(args, console)
        players = {level: player_for(level, clock=time.perf_counter) for level in Level}
        seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(63)
        while True:
            TerminalMatch(console, options, players, seed).play()
            console.rule()
            again = console.menu(t("term-again"), [t("btn-rematch"), t("term-quit")])
            if again == 1:
                break
            seed = next_seed(seed)
    except InputClosedError:
        console.say(t("term-end-of-input"))
        return 0
    except KeyboardInterrupt:
        console.show("")
        console.say(t("term-interrupted"))
        return EXIT_INTERRUPTED
    console.say(t("term-bye"))
    return 0


def _options(args: argparse.Namespace, console: Console) -> Options:
    """The options given on the command line; without a game, the rest is asked."""
    t: Translate = console.t
    asking = args.variant is None
    if asking:
        variants = list(Variant)
        variant = variants[
            console.menu(t("menu-ask-variant"), [variant_name(v, t) for v in variants])
        ]
    else:
        variant = Variant(args.variant)
    counts = sorted(HAND_SIZES[variant])
    players = args.players
    if players is None:
        if asking and len(counts) > 1:
            labels = [t("btn-opponents", count=n - 1) for n in counts]
            players = counts[console.menu(t("menu-ask-opponents"), labels)]
        else:
            players = 4 if variant is Variant.KOZEL else 2
    level = Level(args.level) if args.level else None
    if level is None:
        if asking:
            levels = list(Level)
            level = levels[
                console.menu(t("menu-ask-level"), [t(f"level-{lv.value}") for lv in levels])
            ]
        else:
            level = DEFAULT_LEVEL
    target = args.target
    if target is None:
        target = (
            TARGETS[console.menu(t("menu-ask-target"), [str(x) for x in TARGETS])]
            if asking
            else DEFAULT_TARGET
        )
    return Options(variant, players, level, target)
