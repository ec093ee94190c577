"""Two players compared on the same deals, from `abw_strength.py --records` files.

    .venv/bin/python benchmarks/compare_records.py base.jsonl new.jsonl

Each hand is a deal seed and a side's seats; a hand both files hold scores 1 for side
A's win, 0.5 for a tie, 0 for a loss, in each. The difference of the means is printed
with a 95% interval from the per-hand differences: the luck of the deal, the same in
both, cancels, so the interval is narrower than either file's own.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

Key = tuple[int, int]  # (deal seed, side A's team)


def scores(path: Path) -> dict[Key, float]:
    out = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        value = {"A": 1.0, "B": 0.0, None: 0.5}[record["winner"]]
        out[(record["seed"], record["a_team"])] = value
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("base", type=Path)
    parser.add_argument("new", type=Path)
    args = parser.parse_args()
    base, new = scores(args.base), scores(args.new)
    shared = sorted(base.keys() & new.keys())
    if len(shared) < 2:
        raise SystemExit("fewer than two hands in both files")
    diffs = [new[k] - base[k] for k in shared]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    same = sum(1 for d in diffs if d == 0)
    print(
        f"{n} hands in both: base {sum(base[k] for k in shared) / n:.1%},"
        f" new {sum(new[k] for k in shared) / n:.1%}; new - base {mean:+.1%} ± {half:.1%}"
        f" (95%); same outcome in {same / n:.0%} of the hands"
    )


if __name__ == "__main__":
    main()
