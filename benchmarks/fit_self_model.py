"""Fits `core.players.self_model`'s weights to logged decisions, and prints how well
each model predicts held-out ones.

    DOMINOES_DECISION_LOG=/tmp/decisions/d .venv/bin/python benchmarks/abw_strength.py \\
        --hands 1200 --seed-base 700000 --a hard --b abw-pimc:8:10
    .venv/bin/python benchmarks/fit_self_model.py /tmp/decisions/d.*

The log (`_abw_match.log_decision`) holds one line per decision with a choice, of
both sides ("a": our level, "b": the other). Fitted on side A's: a model of our own
level, for reading a partner's plays. Side B's are fitted alongside, for comparison
only (a model of one opponent would be tuned to that opponent). Prints, on the last
fifth of each side's decisions (held out), the mean log-likelihood of the chosen move
under the fitted model, under the weights `core.players.self_model` keeps, under the
"heavy first" model the levels read the others with
(temperature 3), and under a uniform choice, and how often the model's favourite was
the move chosen.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from core.players.self_model import FOLLOW, LEAD, N_FEATURES, features

Decision = tuple[list[list[float]], int]  # each option's features, the chosen one


def load(paths: list[Path], who: str, lead: bool) -> list[Decision]:
    out: list[Decision] = []
    for path in paths:
        for line in path.read_text().splitlines():
            d = json.loads(line)
            if d["who"] != who or (d["ends"] is None) != lead or d["chosen"] < 0:
                continue
            ends = None if d["ends"] is None else (d["ends"][0], d["ends"][1])
            lacks = tuple(d["lacks"])
            options = [
                features(d["hand"], d["line"], ends, (o[0], o[1], o[2]), lacks, d["seat"])
                for o in d["options"]
            ]
            out.append((options, d["chosen"]))
    return out


def mean_log_likelihood(w: list[float], data: list[Decision]) -> tuple[float, list[float]]:
    """The mean log-probability of the chosen moves, and its gradient in `w`."""
    total = 0.0
    grad = [0.0] * len(w)
    for options, chosen in data:
        scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in options]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        z = sum(exps)
        total += scores[chosen] - top - math.log(z)
        for k in range(len(w)):
            expected = sum(e * f[k] for e, f in zip(exps, options, strict=True)) / z
            grad[k] += options[chosen][k] - expected
    n = max(len(data), 1)
    return total / n, [g / n for g in grad]


def fit(data: list[Decision], steps: int = 400) -> tuple[list[float], float]:
    """Gradient ascent with a step that grows on success and halves on failure (the
    likelihood is concave in the weights)."""
    w = [0.0] * N_FEATURES
    rate = 1.0
    best, grad = mean_log_likelihood(w, data)
    for _ in range(steps):
        trial = [a + rate * g for a, g in zip(w, grad, strict=True)]
        value, trial_grad = mean_log_likelihood(trial, data)
        if value > best:
            w, best, grad = trial, value, trial_grad
            rate *= 1.3
        else:
            rate *= 0.5
    return w, best


def heavy_first(data: list[Decision], temperature: float = 3.0) -> float:
    total = 0.0
    for options, chosen in data:
        scores = [f[0] * 12 / temperature for f in options]
        top = max(scores)
        total += scores[chosen] - top - math.log(sum(math.exp(s - top) for s in scores))
    return total / max(len(data), 1)


def hit_rate(w: list[float], data: list[Decision]) -> float:
    hits = 0
    for options, chosen in data:
        scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in options]
        hits += max(range(len(scores)), key=scores.__getitem__) == chosen
    return hits / max(len(data), 1)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("logs", type=Path, nargs="+")
    args = parser.parse_args()
    for who in ("a", "b"):
        for lead in (False, True):
            data = load(sorted(args.logs), who, lead)
            if len(data) < 10:
                continue
            cut = len(data) * 4 // 5
            w, train = fit(data[:cut])
            held, _ = mean_log_likelihood(w, data[cut:])
            kept, _ = mean_log_likelihood(list(LEAD if lead else FOLLOW), data[cut:])
            uniform = sum(-math.log(len(o)) for o, _ in data[cut:]) / (len(data) - cut)
            print(
                f"side {who}, {'leads' if lead else 'follows'}: {len(data)} decisions;"
                f" held-out log-likelihood {held:.3f} (fitted), {kept:.3f} (the kept"
                f" weights), {heavy_first(data[cut:]):.3f}"
                f" (heavy first), {uniform:.3f} (uniform); favourite chosen"
                f" {hit_rate(w, data[cut:]):.1%}; train {train:.3f}"
            )
            print(f"  weights = ({', '.join(f'{x:.3f}' for x in w)})")


if __name__ == "__main__":
    main()
