"""Engine speed: complete random *hands* and complete random *matches* per second for
every variant and player count, for both builds of the engine (pure Python, and
compiled by mypyc: see setup.py), and a side-by-side comparison with the `dominoes`
package from PyPI (by abw333) on its 4-player game.

    .venv/bin/python benchmarks/engine_speed.py [--rounds N] [--quick] [--no-compare]
                                                 [--profile]

Every decision is a uniformly random legal move drawn from a seeded `random.Random`,
played through the checked entry point `Match.play`; deals come from the same
generator (`Match.new(..., rng=...)`). A *hand* is `Match.new` (deal, forced lead)
up to the end of its first hand; a *match* is played to target 100 with `next_hand`.
Each figure is the median of several timed runs of a fixed number of games, after a
warm-up, timed with `time.perf_counter`.

The compiled build is made by `scripts/compile-engine.sh` into `build/compiled` when
it is missing or older than a source; it runs in a subprocess with that directory
first on `sys.path` (the subprocess says which build it ran). The comparison measures
our 4-player block hand (all 28 tiles dealt, 7 each, no boneyard: the same deal as the
package's game) and our Kozel hand against one game of the package. The package is no
dependency of the project: it runs in its own venv, `benchmarks/.venv-compare`
(created with `pip install` when missing), through `benchmarks/_dominoes_pkg_game.py`.
Every contender runs in its own subprocess that times itself in-process, round after
round, interleaved; the ratio reported is the median of the rounds' ratios (the
machine may be shared and noisy).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
COMPILED = ROOT / "build" / "compiled"


def _engine_root(argv: list[str]) -> Path:
    """Where `core` is imported from: `--root DIR` (a worker run), else the checkout."""
    return Path(argv[argv.index("--root") + 1]) if "--root" in argv else ROOT


sys.path.insert(0, str(_engine_root(sys.argv)))  # before the import below
import core.engine  # noqa: E402
from core.engine import Match  # noqa: E402

HERE = Path(__file__).resolve().parent
COMPARE_VENV = HERE / ".venv-compare"
COMPARE_SCRIPT = HERE / "_dominoes_pkg_game.py"
COMPARE_PACKAGE = "dominoes==6.1.0"  # pinned, so that figures stay comparable
SPEC_RATIO = 2.0  # the spec: our engine at least 2x the package on its 4-player game

CONFIGS: list[tuple[str, int]] = [
    ("draw", 2),
    ("draw", 3),
    ("draw", 4),
    ("block", 2),
    ("block", 3),
    ("block", 4),
    ("kozel", 4),
]
MATCH_TARGET = 100


@dataclass
class Counts:
    games: int = 0
    hands: int = 0
    decisions: int = 0


def play_hand(variant: str, n_players: int, rng: random.Random, counts: Counts) -> None:
    """One complete random hand: a new match, played to the end of its first hand."""
    match, _ = Match.new(variant, n_players, rng=rng)
    while not match.hand_over:
        moves = match.legal_moves()
        match.play(match.turn, *moves[rng.randrange(len(moves))])
        counts.decisions += 1
    counts.games += 1
    counts.hands += 1


def play_match(variant: str, n_players: int, rng: random.Random, counts: Counts) -> None:
    """One complete random match to `MATCH_TARGET`."""
    match, _ = Match.new(variant, n_players, MATCH_TARGET, rng=rng)
    while True:
        while not match.hand_over:
            moves = match.legal_moves()
            match.play(match.turn, *moves[rng.randrange(len(moves))])
            counts.decisions += 1
        counts.hands += 1
        if match.match_over:
            break
        match.next_hand()
    counts.games += 1


Player = Callable[[str, int, random.Random, Counts], None]


def games_per_second(
    play: Player, variant: str, n_players: int, games: int, seed: int
) -> tuple[float, Counts]:
    """Warm up, then time `games` complete games."""
    warm = random.Random(seed ^ 0x5EED)
    for _ in range(max(1, games // 10)):
        play(variant, n_players, warm, Counts())
    rng = random.Random(seed)
    counts = Counts()
    start = time.perf_counter()
    for _ in range(games):
        play(variant, n_players, rng, counts)
    return games / (time.perf_counter() - start), counts


def build_name() -> str:
    """Which build of the engine this process runs."""
    return "compiled" if Path(core.engine.__file__).suffix != ".py" else "pure Python"


def speed_table(hand_games: int, match_games: int, repeats: int) -> None:
    print(
        f"Our engine ({build_name()}): complete random games per second (median of {repeats} runs)"
    )
    print(
        f"{'variant':<8}{'players':>8}{'hands/s':>11}{'decisions/hand':>16}"
        f"{'matches/s':>11}{'hands/match':>13}"
    )
    for variant, n in CONFIGS:
        hand_rates, match_rates = [], []
        hand_counts = match_counts = Counts()
        for r in range(repeats):
            rate, hand_counts = games_per_second(play_hand, variant, n, hand_games, seed=r)
            hand_rates.append(rate)
            rate, match_counts = games_per_second(play_match, variant, n, match_games, seed=r)
            match_rates.append(rate)
        print(
            f"{variant:<8}{n:>8}{statistics.median(hand_rates):>11.0f}"
            f"{hand_counts.decisions / hand_counts.hands:>16.1f}"
            f"{statistics.median(match_rates):>11.1f}"
            f"{match_counts.hands / match_counts.games:>13.1f}"
        )
    print(f"(a hand: Match.new to the end of hand 1; a match: to target {MATCH_TARGET})")


# -- the builds -------------------------------------------------------------------------------

ENGINE_SOURCES = ("core/*.py", "core/rules/*.py")


def compiled_build() -> Path | None:
    """`build/compiled`, made or remade when a source of `core` is newer; None (after
    saying why) when it cannot be built."""
    engines = list((COMPILED / "core").glob("engine*.so")) + list(
        (COMPILED / "core").glob("engine*.pyd")
    )
    sources = [p for pattern in ENGINE_SOURCES for p in ROOT.glob(pattern)]
    newest = max(p.stat().st_mtime for p in sources)
    if engines and min(e.stat().st_mtime for e in engines) >= newest:
        return COMPILED
    print("compiling the engine into build/compiled (scripts/compile-engine.sh) ...")
    script = ROOT / "scripts" / "compile-engine.sh"
    done = subprocess.run(["bash", str(script)], check=False, capture_output=True, text=True)
    if done.returncode:
        why = (done.stderr or done.stdout).strip().splitlines()
        print(f"COMPILED BUILD SKIPPED: {why[-1] if why else 'compile-engine.sh failed'}")
        return None
    return COMPILED


def worker(root: Path, *args: str) -> dict[str, Any]:
    """Run this script in a subprocess with `core` imported from `root`."""
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--root", str(root), *args],
        check=True,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def time_hands(variant: str, n_players: int, games: int, seed: int) -> None:
    """Worker: time `games` hands and print one JSON line."""
    rate, _ = games_per_second(play_hand, variant, n_players, games, seed)
    print(json.dumps({"games": games, "seconds": games / rate, "build": build_name()}))


# -- the comparison with the `dominoes` package --------------------------------------------


def compare_python() -> Path | None:
    """The interpreter of the comparison venv, with the package installed; None (after
    saying why) when it cannot be set up."""
    bindir = "Scripts" if os.name == "nt" else "bin"
    python = COMPARE_VENV / bindir / ("python.exe" if os.name == "nt" else "python")
    try:
        if not python.exists():
            print(f"creating {COMPARE_VENV.relative_to(ROOT)} for the comparison ...")
            subprocess.run(
                [sys.executable, "-m", "venv", str(COMPARE_VENV)],
                check=True,
                capture_output=True,
                timeout=300,
            )
        probe = [str(python), "-c", "import dominoes"]
        if subprocess.run(probe, check=False, capture_output=True, timeout=60).returncode:
            print(f"installing {COMPARE_PACKAGE} into {COMPARE_VENV.relative_to(ROOT)} ...")
            subprocess.run(
                [str(python), "-m", "pip", "install", "--quiet", COMPARE_PACKAGE],
                check=True,
                capture_output=True,
                timeout=600,
            )
    except (OSError, subprocess.SubprocessError) as exc:
        detail = exc.stderr if isinstance(exc, subprocess.CalledProcessError) else exc
        text = str(detail.decode() if isinstance(detail, bytes) else detail).strip()
        why = text.splitlines()[-1] if text else repr(exc)
        print(
            f"COMPARISON SKIPPED: could not install {COMPARE_PACKAGE} into "
            f"{COMPARE_VENV.relative_to(ROOT)}: {why}"
        )
        return None
    return python


def theirs_per_second(python: Path, games: int, seed: int, policy: str) -> tuple[float, str]:
    out = subprocess.run(
        [str(python), str(COMPARE_SCRIPT), str(games), str(seed), policy],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return result["games"] / result["seconds"], result["version"]


def comparison(games: int, rounds: int, compiled: Path | None) -> None:
    python = compare_python()
    if python is None:
        return
    builds = {"pure": ROOT} | ({"compiled": compiled} if compiled else {})
    rows: dict[str, list[float]] = {}
    pkg_version = "?"
    for r in range(rounds):
        seed = 1000 + r
        for name, root in builds.items():
            for variant in ("block", "kozel"):
                result = worker(root, "--time-hands", variant, "4", str(games), str(seed))
                rows.setdefault(f"ours {name}, {variant}-4 hand", []).append(
                    result["games"] / result["seconds"]
                )
        rate, pkg_version = theirs_per_second(python, games, seed, "uniform")
        rows.setdefault("theirs, uniform moves", []).append(rate)
        rate, _ = theirs_per_second(python, games, seed, "package")
        rows.setdefault("theirs, players.random", []).append(rate)

    print()
    print(
        f"Comparison with the `dominoes` package {pkg_version} (PyPI), 4 players, "
        f"{games} complete games per run, {rounds} interleaved rounds, each in its own process"
    )
    print(f"{'':<30}{'median/s':>10}{'min/s':>10}{'max/s':>10}")
    for name, rates in rows.items():
        print(f"{name:<30}{statistics.median(rates):>10.0f}{min(rates):>10.0f}{max(rates):>10.0f}")
    print("ratio per round, ours / theirs (median [min .. max]):")
    ours_rows = [name for name in rows if name.startswith("ours")]
    for ours in ours_rows:
        for theirs_name in ("theirs, uniform moves", "theirs, players.random"):
            ratios = [a / b for a, b in zip(rows[ours], rows[theirs_name], strict=True) if b > 0]
            print(
                f"  {ours + ' / ' + theirs_name:<58}{statistics.median(ratios):>6.2f}x"
                f"  [{min(ratios):.2f} .. {max(ratios):.2f}]"
            )
    for name in builds:
        headline = statistics.median(
            a / b
            for a, b in zip(
                rows[f"ours {name}, block-4 hand"], rows["theirs, uniform moves"], strict=True
            )
        )
        verdict = "MET" if headline >= SPEC_RATIO else "NOT MET"
        shipped = " (the build the Docker image runs)" if name == "compiled" else ""
        print(
            f"spec: ours >= {SPEC_RATIO:.1f}x the package on its 4-player game (block-4 hand vs "
            f"its game, same move policy), {name}{shipped}: {headline:.2f}x -> {verdict}"
        )


def wall_split(games: int) -> None:
    """Wall time of a block-4 hand split by public call, without a profiler's distortion:
    `check` + `_apply` is `Match.play` (validation, then the engine's own steps)."""
    rng = random.Random(7)
    clock = time.perf_counter
    parts = dict.fromkeys(("Match.new", "legal_moves", "play: check", "play: _apply"), 0.0)
    decisions = 0
    start = clock()
    for _ in range(games):
        t0 = clock()
        match, _ = Match.new("block", 4, rng=rng)
        parts["Match.new"] += clock() - t0
        while not match.hand_over:
            seat = match.turn
            assert seat is not None
            t0 = clock()
            moves = match.legal_moves()
            t1 = clock()
            tile, end = match.check(seat, *moves[rng.randrange(len(moves))])
            t2 = clock()
            match._apply(seat, tile, end)
            t3 = clock()
            parts["legal_moves"] += t1 - t0
            parts["play: check"] += t2 - t1
            parts["play: _apply"] += t3 - t2
            decisions += 1
    total = clock() - start
    parts["driver (random choice, loop, timers)"] = total - sum(parts.values())
    print()
    print(f"Wall time of {games} block-4 hands, {decisions / games:.1f} decisions each:")
    print(f"  {'part':<40}{'us/hand':>9}{'share':>8}")
    for name, seconds in parts.items():
        print(f"  {name:<40}{seconds / games * 1e6:>9.1f}{seconds / total:>8.0%}")
    print(f"  {'total':<40}{total / games * 1e6:>9.1f}")


def profile(games: int) -> None:
    """Where our 4-player block hand spends its time, per engine function (cProfile)."""
    rng = random.Random(7)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(games):
        play_hand("block", 4, rng, Counts())
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(own for _cc, _nc, own, _cum, _callers in raw.values())
    rows = []
    for (filename, line, name), (_cc, calls, own, cum, _callers) in raw.items():
        path = Path(filename)
        if ROOT / "core" in path.parents:
            where = f"{path.relative_to(ROOT)}:{line} {name}"
            rows.append((cum, own, calls, where))
    rows.sort(reverse=True)
    print()
    print(f"cProfile of {games} block-4 hands: engine functions by inclusive time")
    print(f"  {'function':<52}{'calls/hand':>11}{'incl.':>7}{'own':>7}")
    for cum, own, calls, where in rows[:22]:
        print(f"  {where:<52}{calls / games:>11.1f}{cum / total:>7.0%}{own / total:>7.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="interleaved comparison rounds")
    parser.add_argument("--quick", action="store_true", help="fewer games per measurement")
    parser.add_argument("--no-compare", action="store_true", help="skip the package comparison")
    parser.add_argument("--profile", action="store_true", help="also profile block-4 hands")
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)  # a worker's engine
    parser.add_argument("--time-hands", nargs=4, help=argparse.SUPPRESS)  # worker
    parser.add_argument("--table-only", action="store_true", help=argparse.SUPPRESS)  # worker
    args = parser.parse_args()
    scale = 5 if args.quick else 1
    if args.time_hands:
        variant, n_players, games, seed = args.time_hands
        time_hands(variant, int(n_players), int(games), int(seed))
        return
    if args.table_only:
        speed_table(hand_games=1000 // scale, match_games=60 // scale, repeats=3)
        return
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    speed_table(hand_games=1000 // scale, match_games=60 // scale, repeats=3)
    compiled = compiled_build()
    if compiled is not None:
        print()
        table = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--root", str(compiled)]
            + ["--table-only"]
            + (["--quick"] if args.quick else []),
            check=True,
            capture_output=True,
            text=True,
        )
        print(table.stdout.rstrip())
    if not args.no_compare:
        comparison(games=5000 // scale, rounds=args.rounds, compiled=compiled)
    if args.profile:
        wall_split(games=2000 // scale)
        profile(games=2000 // scale)


if __name__ == "__main__":
    main()
