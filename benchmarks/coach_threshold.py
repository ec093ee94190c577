"""The coach's threshold: how many expected points a move must give away before the
coach names it (`bot.game.advice.COACH_THRESHOLD`).

    .venv/bin/python benchmarks/coach_threshold.py [--hands 60] [--seed 70000]

A medium bot stands in for the person (it plays as a beginner does: its heaviest tile,
mostly) against medium bots, in each direct game's variant. At each of its decisions
with a choice, the coach's appraisal (as in a game: the expert with a share of its
effort) rates the move it made,
and a second appraisal from other sampled deals rates it again. Per threshold T it
prints: the share of decisions the coach would name (cost over T), the share of hands
with a coach line, how often the second appraisal confirms a named move (it too finds
the move cost more than T / 2), and how often both name the same better move. A coach
line is a lesson: it should be right almost always, and not come with every hand.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.game.advice import COACH_THRESHOLD, coach_player  # noqa: E402
from core.engine import Match  # noqa: E402
from core.players import expert_player, player_for  # noqa: E402
from core.players.advice import appraise, cost  # noqa: E402
from core.views import seat_view  # noqa: E402

THRESHOLDS = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
GAMES = (("draw", 2), ("block", 3), ("kozel", 4))


@dataclass
class Decision:
    cost: float  # by the coach's appraisal
    recost: float  # by a second, independent one
    same_better: bool  # both name the same better move


@dataclass
class Hand:
    decisions: list[Decision] = field(default_factory=list)


def play_hand(variant: str, n_players: int, seed: int) -> Hand:
    """One hand: seat 0 a medium bot standing in for a person, appraised twice."""
    coach = coach_player(expert_player())  # no clock: its effort alone, as in a game
    medium = player_for("medium")
    match, _ = Match.new(variant, n_players, 100, seed=seed)
    rng = random.Random(seed)
    hand = Hand()
    while not match.hand_over:
        seat = match.turn
        assert seat is not None
        view = seat_view(match, seat)
        move = medium.choose(view, rng)
        if seat == 0 and len(view.legal_moves) > 1:
            first = appraise(coach, view, random.Random(f"{seed}:{len(hand.decisions)}:a"))
            second = appraise(coach, view, random.Random(f"{seed}:{len(hand.decisions)}:b"))
            hand.decisions.append(
                Decision(cost(first, move), cost(second, move), first[0].move == second[0].move)
            )
        match.play(seat, *move)
    return hand


def report(name: str, hands: list[Hand]) -> None:
    decisions = [d for h in hands for d in h.decisions]
    print(f"{name}: {len(hands)} hands, {len(decisions)} decisions with a choice")
    for threshold in THRESHOLDS:
        named = [d for d in decisions if d.cost > threshold]
        lines = sum(1 for h in hands if any(d.cost > threshold for d in h.decisions))
        confirmed = [d for d in named if d.recost > threshold / 2]
        same = [d for d in named if d.same_better]
        mark = "  <- COACH_THRESHOLD" if threshold == COACH_THRESHOLD else ""
        print(
            f"  T {threshold:4.1f}: named {len(named) / max(len(decisions), 1):6.1%} of decisions,"
            f" a line in {lines / max(len(hands), 1):6.1%} of hands,"
            f" confirmed {len(confirmed) / max(len(named), 1):6.1%},"
            f" same better move {len(same) / max(len(named), 1):6.1%} ({len(named)}){mark}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=60, help="hands per game")
    parser.add_argument("--seed", type=int, default=70_000)
    args = parser.parse_args()
    every: list[Hand] = []
    for variant, n_players in GAMES:
        start = time.perf_counter()
        hands = [play_hand(variant, n_players, args.seed + i) for i in range(args.hands)]
        report(f"{variant} {n_players} players ({time.perf_counter() - start:.0f} s)", hands)
        every += hands
    report("all games", every)


if __name__ == "__main__":
    main()
