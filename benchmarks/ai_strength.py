"""Bot strength: the matchups and targets of the bot-player issue, side by side.

    .venv/bin/python benchmarks/ai_strength.py [--hands 2000] [--jobs 2] [--only NAME]
    .venv/bin/python benchmarks/ai_strength.py --only expert --hands 400 --timing-levels hard,expert
    .venv/bin/python benchmarks/ai_strength.py --versus ismcts+iterations=2000,hard --hands 400

Every matchup plays seat-swapped pairs of matches (the same deals twice, the sides'
seats exchanged) until each side has played at least `--hands` hands, and prints
the share of hands won with its 95% interval, the share of matches won, points per
hand and decision times (under the load of the parallel jobs; the searching levels'
own decision times are first measured alone, in one process). The expert's matchups
are slow and run only when `--only` names them. Reference players (greedy, sampler,
omniscient) live in `reference_players.py`; the gap closed by hard is measured against greedy:
(hard - 50%) / (omniscient - 50%).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.reference_players import (  # noqa: E402
    greedy_decider,
    omniscient_decider,
    sampler_decider,
    seer_decider,
    tuned_decider,
    tuned_player,
)
from core.arena import (  # noqa: E402
    Decide,
    Tally,
    bot_decider,
    percentile,
    run_pair,
    share_with_interval,
)
from core.engine import Match  # noqa: E402
from core.variants import Variant  # noqa: E402
from core.views import seat_view  # noqa: E402


@dataclass(frozen=True)
class Matchup:
    name: str
    variant: Variant
    n_players: int
    a: str
    b: str
    hands_target: float | None = None  # minimum share of hands for side A
    matches_target: float | None = None
    slow: bool = False  # run only when named by --only


MATCHUPS = [
    Matchup("block2 hard-greedy", Variant.BLOCK, 2, "hard", "greedy", 0.65),
    Matchup("draw2 hard-greedy", Variant.DRAW, 2, "hard", "greedy", 0.62),
    Matchup("kozel hard-greedy", Variant.KOZEL, 4, "hard", "greedy", 0.85, 0.93),
    Matchup("kozel hard-sampler", Variant.KOZEL, 4, "hard", "sampler", 0.55),
    Matchup("block2 hard-sampler", Variant.BLOCK, 2, "hard", "sampler", 0.55),
    Matchup("block2 hard-medium", Variant.BLOCK, 2, "hard", "medium", 0.55),
    Matchup("draw2 hard-medium", Variant.DRAW, 2, "hard", "medium", 0.55),
    Matchup("kozel hard-medium", Variant.KOZEL, 4, "hard", "medium", 0.55),
    Matchup("block2 medium-easy", Variant.BLOCK, 2, "medium", "easy", 0.5),
    Matchup("draw2 medium-easy", Variant.DRAW, 2, "medium", "easy", 0.5),
    Matchup("kozel medium-easy", Variant.KOZEL, 4, "medium", "easy", 0.5),
    # The expert thinks up to a second a move: run these with --only expert --hands 400.
    Matchup("kozel expert-hard", Variant.KOZEL, 4, "expert", "hard", 0.62, slow=True),
    Matchup("draw2 expert-hard", Variant.DRAW, 2, "expert", "hard", 0.5, slow=True),
    Matchup("block2 omniscient-greedy", Variant.BLOCK, 2, "omniscient", "greedy"),
    Matchup("draw2 omniscient-greedy", Variant.DRAW, 2, "omniscient", "greedy"),
    Matchup("kozel omniscient-greedy", Variant.KOZEL, 4, "omniscient", "greedy"),
]


def decider(name: str) -> Decide:
    if name == "greedy":
        return greedy_decider()
    if name == "sampler":
        return sampler_decider()
    if name == "omniscient":
        return omniscient_decider()
    if name.startswith("omniscient:"):  # exact on the true deal from this many tiles
        return omniscient_decider(exact_tiles=int(name.split(":")[1]))
    if name.startswith("seer:"):  # `seer:2:expert`: told its partner's hand
        return seer_decider(name)
    if "+" in name or name == "ismcts":  # a level with changed fields, or the tree search
        return tuned_decider(name)
    return bot_decider(name)


def _pair(job: tuple[str, int, int, str, str]) -> tuple[Tally, Tally]:
    variant, n_players, seed, a, b = job
    return run_pair(Variant(variant), n_players, 100, seed, (decider(a), decider(b)))


def play(
    matchup: Matchup, hands: int, jobs: int, pool: ProcessPoolExecutor, seed_base: int = 10_000
) -> tuple[Tally, Tally]:
    """Seat-swapped pairs of matches until side A has played `hands` hands, the first
    dealt from `seed_base`."""
    total = (Tally(), Tally())
    seed = 0
    while total[0].hands < hands:
        batch = [
            (matchup.variant.value, matchup.n_players, seed_base + seed + i, matchup.a, matchup.b)
            for i in range(max(jobs, 2) * 2)
        ]
        seed += len(batch)
        for a, b in pool.map(_pair, batch):
            total[0].merge(a)
            total[1].merge(b)
    return total


def line(matchup: Matchup, tally: Tally, other: Tally) -> str:
    share, half = share_with_interval(tally.hand_wins, tally.hands)
    matches = tally.match_wins / max(tally.matches, 1)
    verdicts = []
    if matchup.hands_target is not None:
        ok = share >= matchup.hands_target
        verdicts.append(f"hands >= {matchup.hands_target:.0%}: {'met' if ok else 'NOT MET'}")
    if matchup.matches_target is not None:
        ok = matches >= matchup.matches_target
        verdicts.append(f"matches >= {matchup.matches_target:.0%}: {'met' if ok else 'NOT MET'}")
    return (
        f"{matchup.name:<26} hands {share:6.1%} ± {half:4.1%} ({tally.hands})"
        f"  matches {matches:6.1%} ({tally.matches})"
        f"  pts/hand {tally.points / max(tally.hands, 1):5.2f} vs"
        f" {other.points / max(other.hands, 1):5.2f}"
        f"  A p50/p99 {percentile(tally.times, 0.5) * 1e3:5.1f}/"
        f"{percentile(tally.times, 0.99) * 1e3:5.1f} ms"
        + (f"  [{'; '.join(verdicts)}]" if verdicts else "")
    )


# The searching levels' decision time targets: p50 and p99 in ms (with a choice to make).
TIME_TARGETS = {"hard": (20, 100), "expert": (400, 1000)}


def decision_times(games: int, levels: tuple[str, ...] = ("hard",)) -> None:
    """The searching levels' decision times in one process with nothing else of ours
    running, per variant: every decision, and those with more than one legal move."""
    for level in levels:
        _decision_times(level, games)


def _decision_times(level: str, games: int) -> None:
    player = tuned_player(level)  # no clock: its counted effort alone
    target_p50, target_p99 = TIME_TARGETS[level.partition("+")[0]]
    for variant, n_players in ((Variant.BLOCK, 2), (Variant.DRAW, 2), (Variant.KOZEL, 4)):
        every: list[float] = []
        multi: list[float] = []
        for seed in range(games):
            match, _ = Match.new(variant, n_players, 100, seed=seed)
            rng = random.Random(seed)
            while not match.hand_over:
                view = seat_view(match, match.turn or 0)
                start = time.perf_counter()
                tile, end = player.choose(view, rng)
                spent = time.perf_counter() - start
                every.append(spent)
                if len(view.legal_moves) > 1:
                    multi.append(spent)
                match.play(view.seat, tile, end)
        print(
            f"{level} decision time, {variant.value}{n_players}:"
            f" p50 {percentile(every, 0.5) * 1e3:5.1f} ms,"
            f" p99 {percentile(every, 0.99) * 1e3:5.1f} ms"
            f" ({len(every)} decisions); with a choice to make: p50"
            f" {percentile(multi, 0.5) * 1e3:5.1f} ms, p99 {percentile(multi, 0.99) * 1e3:5.1f} ms"
            f" ({len(multi)}); target p50 <= {target_p50}, p99 <= {target_p99}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000, help="minimum hands per matchup")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="run the matchups whose name contains this")
    parser.add_argument("--timing-hands", type=int, default=30, help="hands per variant timed")
    parser.add_argument(
        "--timing-levels",
        default="hard",
        help="the levels timed, comma-separated (hard,expert,hard+levels=0.2)",
    )
    parser.add_argument(
        "--versus",
        default="",
        help="A,B: only this matchup, of any named players (hard+samples=400, ismcts, ...)",
    )
    parser.add_argument("--variant", default="kozel", help="--versus's variant")
    parser.add_argument("--players", type=int, default=4, help="--versus's players")
    parser.add_argument(
        "--seed-base",
        type=int,
        default=10_000,
        help="the first match's seed (another base: deals never used while tuning)",
    )
    args = parser.parse_args()
    matchups = MATCHUPS
    if args.versus:
        a, b = args.versus.split(",")
        name = f"{args.variant}{args.players} {a}-{b}"
        matchups = [Matchup(name, Variant(args.variant), args.players, a, b)]
        args.only, args.timing_levels = name, ""
    if args.timing_levels:
        decision_times(args.timing_hands, tuple(args.timing_levels.split(",")))
    shares: dict[str, float] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for matchup in matchups:
            if args.only not in matchup.name or (matchup.slow and not args.only):
                continue
            start = time.perf_counter()
            a, b = play(matchup, args.hands, args.jobs, pool, args.seed_base)
            shares[matchup.name] = a.hand_wins / max(a.hands, 1)
            print(line(matchup, a, b), f"({time.perf_counter() - start:.0f} s)", flush=True)
    for variant in ("block2", "draw2", "kozel"):
        hard = shares.get(f"{variant} hard-greedy")
        omni = shares.get(f"{variant} omniscient-greedy")
        if hard is not None and omni is not None and omni > 0.5:
            print(
                f"{variant}: hard closes {(hard - 0.5) / (omni - 0.5):.0%} of the gap from 50%"
                f" to the omniscient player's {omni:.1%} against greedy"
            )


if __name__ == "__main__":
    main()
