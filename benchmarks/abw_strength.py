"""Bot strength inside abw333's `dominoes` engine (PyPI `dominoes==6.1.0`), where its
own players run unchanged.

    .venv/bin/python benchmarks/abw_strength.py [--hands 400] [--jobs 2] [--seed-base 50000]
        [--a hard] [--b abw-pimc:8:10 --b greedy] [--matchups hard:abw-pimc:8:10,hard:greedy]
    .venv/bin/python benchmarks/abw_strength.py --hands 60 --matchups hard:greedy,hard:abw-pimc:8:10

Their game is one hand of the 4-player block game: all 28 tiles dealt, 7 each, no
boneyard, teams 0+2 against 1+3, player 0 leads any tile, a seat that cannot play
passes; the hand ends when a seat goes out (its team wins) or nobody can play (the
team with fewer pips wins; equal pips: a tie). Both seats of a team are the same
player. Each deal (seeds from `--seed-base`, so tuning seeds are not reused) is played
twice on the same hands, side A at seats 0 and 2, then at 1 and 3; `--hands` is the
number of hands played (both sides play every one), rounded up to whole deal pairs.

Players, named on the command line (`--matchups A:B,...`, or `--a` with one or more
`--b`):

- our levels, any name `core.players.player_for` accepts (`easy`, `medium`, `hard`,
  `expert`), with no clock (deterministic effort) and `random.Random(f"{seed}:{move}")`,
  deciding on a Kozel `SeatView` (first hand of a match at 0-0, target 100) built from
  the game: Kozel is our 4-player team block game and its scorer values a hand for
  the team. At every decision of ours the view is checked against abw's game (legal
  moves, unseen tiles, hand sizes, proven voids) and against our own engine's
  `seat_view`, the same moves mirrored in a 4-player block match with a free lead.
- bounds, not players: `omniscient` (hard's search on the true hands, exact from 20
  tiles) and `seer:S:P`, player P told the hands of the seats S counted from its own
  (`seer:2:hard` the partner's, `seer:13:hard` the opponents'), the rest sampled.
- `greedy`: abw's `dominoes.players.bota_gorda` (heaviest tile first).
- `abw-pimc:M:S`: abw's `bota_gorda`, then abw's
  `probabilistic_alphabeta(start_move=M, sample_size=S)`: before move M (counted in
  `game.moves`, passes included) it plays heaviest first; from move M on, with more
  than one valid move, it deals S random hands consistent with what it saw and runs a
  full alphabeta search on each, preferring the move most often best (ties: heaviest).
  abw's players draw from the module-level `random`, seeded per deal.

The workers (`--jobs` subprocesses of `_abw_match.py`, each a slice of the deals) run
with the interpreter of `benchmarks/.venv-compare` (created as `engine_speed.py` does).
Per matchup it prints side A's share of hands won with its 95% interval (headline: ties
count half, over all hands; also over decided hands only), the ties, points per hand
(abw's points: the team that wins scores them), each side's decision times measured in
the workers (under the load of the parallel jobs): p50 and p99 over decisions with more
than one valid move, and over all decisions; and A's p99 over B's. Our Kozel rules
would name another winner in a few stuck hands (a lone 0-0 counts 25, a lone 6-6 50):
those are counted, not used.
"""

from __future__ import annotations

import argparse
import json
import math
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.engine_speed import compare_python  # noqa: E402
from core.arena import percentile, share_with_interval  # noqa: E402

WORKER = Path(__file__).resolve().parent / "_abw_match.py"
DEFAULT_MATCHUPS = "hard:abw-pimc:8:10,expert:abw-pimc:8:10,hard:greedy"


@dataclass(frozen=True)
class Target:
    """Side A's targets in a matchup: its least share of hands, and its greatest p99
    decision time (with a choice to make), in seconds and as a share of B's p99."""

    hands: float
    p99: float | None = None
    p99_of_b: float | None = None


# The bot-player issue's targets against abw333's PIMC player.
TARGETS = {
    ("hard", "abw-pimc:8:10"): Target(0.67, p99_of_b=0.1),
    ("expert", "abw-pimc:8:10"): Target(0.70, p99=1.0),
}


@dataclass
class Side:
    every: list[float] = field(default_factory=list)  # decision seconds
    multi: list[float] = field(default_factory=list)  # with more than one valid move
    points: int = 0
    wins: int = 0


@dataclass
class Tally:
    hands: int = 0
    ties: int = 0
    kozel_differs: int = 0
    a: Side = field(default_factory=Side)
    b: Side = field(default_factory=Side)
    a_first: list[int] = field(default_factory=lambda: [0, 0])  # A at 0+2: hands, A wins

    def add(self, record: dict[str, Any]) -> None:
        self.hands += 1
        winner = record["winner"]
        if winner is None:
            self.ties += 1
        elif winner == "A":
            self.a.wins += 1
        else:
            self.b.wins += 1
        if record["kozel_winner"] != winner:
            self.kozel_differs += 1
        if record["a_team"] == 0:
            self.a_first[0] += 1
            self.a_first[1] += winner == "A"
        self.a.points += record["a_points"]
        self.b.points += record["b_points"]
        for side, times in ((self.a, record["a_times"]), (self.b, record["b_times"])):
            for seconds, valid in times:
                side.every.append(seconds)
                if valid > 1:
                    side.multi.append(seconds)


def split_matchup(text: str) -> tuple[str, str]:
    """`A:B`, where a name may hold colons itself (`abw-pimc:8:10`)."""
    parts = text.strip().split(":")
    take = 3 if parts[0] == "abw-pimc" else 1
    a, b = ":".join(parts[:take]), ":".join(parts[take:])
    if not a or not b:
        raise SystemExit(f"bad matchup {text!r}: expected A:B")
    return a, b


def _pump(stream: IO[str], sink: queue.Queue[tuple[int, str | None]], job: int) -> None:
    for text in stream:
        sink.put((job, text))
    sink.put((job, None))


def play(
    python: Path, a: str, b: str, hands: int, jobs: int, seed_base: int, records: Path | None
) -> Tally:
    """Deal pairs until `hands` hands are played, over `jobs` worker processes; with
    `records`, each hand's JSON line is appended there (for comparing two players on the
    same deals)."""
    deals = math.ceil(hands / 2)
    lines: queue.Queue[tuple[int, str | None]] = queue.Queue()
    workers = []
    for job in range(min(jobs, deals)):
        command = [str(python), str(WORKER), "--a", a, "--b", b]
        command += ["--seeds", str(seed_base + job), str(seed_base + deals), "--stride", str(jobs)]
        proc = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
        )
        assert proc.stdout is not None
        threading.Thread(target=_pump, args=(proc.stdout, lines, job), daemon=True).start()
        workers.append(proc)
    tally = Tally()
    running = len(workers)
    start = time.perf_counter()
    while running:
        job, text = lines.get()
        if text is None:
            running -= 1
            continue
        tally.add(json.loads(text))
        if records is not None:
            with records.open("a") as out:
                out.write(text if text.endswith("\n") else text + "\n")
        if tally.hands % 100 == 0:
            share, _ = share_with_interval(tally.a.wins + tally.ties / 2, tally.hands)
            print(
                f"  {a} vs {b}: {tally.hands}/{2 * deals} hands, A {share:.1%},"
                f" {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    for proc in workers:
        assert proc.stderr is not None
        error = proc.stderr.read()
        if proc.wait():
            raise SystemExit(f"worker failed ({a} vs {b}):\n{error}")
    return tally


def ms(values: list[float], q: float) -> str:
    return f"{percentile(values, q) * 1e3:.2f}"


def report(a: str, b: str, tally: Tally, seconds: float) -> str:
    n = tally.hands
    share, half = share_with_interval(tally.a.wins + tally.ties / 2, n)
    decided = tally.a.wins + tally.b.wins
    d_share, d_half = share_with_interval(tally.a.wins, decided)
    a_p99, b_p99 = percentile(tally.a.multi, 0.99), percentile(tally.b.multi, 0.99)
    ratio = f"{a_p99 / b_p99:.3g}" if b_p99 > 0 else "inf"
    a_first = tally.a_first[1] / max(tally.a_first[0], 1)
    a_second = (tally.a.wins - tally.a_first[1]) / max(n - tally.a_first[0], 1)
    return (
        f"{a} vs {b}: A won {share:.1%} ± {half:.1%} of {n} hands (ties half);"
        f" {d_share:.1%} ± {d_half:.1%} of {decided} decided; ties {tally.ties}"
        f" | A won {tally.a.wins}, B won {tally.b.wins}"
        f" (A wins as seats 0+2 {a_first:.1%}, as 1+3 {a_second:.1%})"
        f" | points/hand A {tally.a.points / max(n, 1):.2f}, B {tally.b.points / max(n, 1):.2f}"
        f" | decisions with a choice p50/p99 ms:"
        f" A {ms(tally.a.multi, 0.5)}/{ms(tally.a.multi, 0.99)}"
        f" ({len(tally.a.multi)}), B {ms(tally.b.multi, 0.5)}/{ms(tally.b.multi, 0.99)}"
        f" ({len(tally.b.multi)}); all: A {ms(tally.a.every, 0.5)}/{ms(tally.a.every, 0.99)},"
        f" B {ms(tally.b.every, 0.5)}/{ms(tally.b.every, 0.99)}"
        f" | A p99 / B p99 (with a choice) {ratio}"
        f" | Kozel count would change the winner in {tally.kozel_differs}"
        f" | {seconds:.0f} s" + verdicts(TARGETS.get((a, b)), share, a_p99, b_p99)
    )


def verdicts(target: Target | None, share: float, a_p99: float, b_p99: float) -> str:
    """Each target of the matchup, met or not."""
    if target is None:
        return ""
    found = [f"hands >= {target.hands:.0%}: {_met(share >= target.hands)}"]
    if target.p99 is not None:
        found.append(f"p99 <= {target.p99:g} s: {_met(a_p99 <= target.p99)}")
    if target.p99_of_b is not None:
        ok = b_p99 > 0 and a_p99 / b_p99 <= target.p99_of_b
        found.append(f"p99 <= {target.p99_of_b:g} of B's: {_met(ok)}")
    return f" | targets: {'; '.join(found)}"


def _met(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=400, help="hands per matchup (each side)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed-base", type=int, default=50_000, help="first deal seed")
    parser.add_argument("--a", default="hard", help="side A with every --b")
    parser.add_argument("--records", type=Path, help="append every hand's JSON line here")
    parser.add_argument("--b", action="append", default=[], help="side B (repeatable)")
    parser.add_argument("--matchups", default="", help=f"A:B,... (default {DEFAULT_MATCHUPS})")
    args = parser.parse_args()
    matchups = [(args.a, b) for b in args.b]
    if args.matchups or not matchups:
        matchups += [split_matchup(m) for m in (args.matchups or DEFAULT_MATCHUPS).split(",")]
    python = compare_python()
    if python is None:
        raise SystemExit(1)
    for a, b in matchups:
        start = time.perf_counter()
        tally = play(python, a, b, args.hands, args.jobs, args.seed_base, args.records)
        print(report(a, b, tally, time.perf_counter() - start), flush=True)


if __name__ == "__main__":
    main()
