"""The bot levels' ratings from a league of bot-only matches, rated as people's are
(`bot.game.ratings`: OpenSkill's Plackett-Luce, shown as round((mu - 3 sigma) x 40)
+ 1000, everyone starting at 1000).

    .venv/bin/python benchmarks/level_league.py [--rounds 10] [--jobs 2] [--seed-base 700000]

A round plays, for each pair of levels and each game people play against bots
(Kozel: a team of two bots of each level; the draw and the block game for two), one
pair of matches to 100 on the same deals with the seats swapped. The matches are
rated one by one in the order of the schedule (a round at a time), each as a table
of two sides: the winner first. Every level starts new (mu 25, sigma 25/3), as a
person does, so a level's figure is what a person of its strength would show after
as many matches. It prints each level's mu, sigma, rating and matches won, and the
mapping kept in `bot/game/level_ratings.py` (shown where people choose a level).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.game.ratings import Entity, LevelKey, Rating, Table, apply, plan  # noqa: E402
from core.arena import bot_decider, run_pair  # noqa: E402
from core.players import Level  # noqa: E402
from core.variants import DEFAULT_TARGET, Variant  # noqa: E402

GAMES = ((Variant.KOZEL, 4), (Variant.DRAW, 2), (Variant.BLOCK, 2))
Job = tuple[str, int, int, str, str]


def _pair(job: Job) -> tuple[int, int]:
    """Matches won by side A in the pair (0, 1 or 2) and the matches played (2)."""
    variant, n_players, seed, a, b = job
    tallies = run_pair(
        Variant(variant), n_players, DEFAULT_TARGET, seed, (bot_decider(a), bot_decider(b))
    )
    return tallies[0].match_wins, tallies[0].matches


def schedule(rounds: int, seed_base: int) -> list[Job]:
    """Every round: each pair of levels in each game, one seat-swapped pair of matches."""
    jobs: list[Job] = []
    seed = seed_base
    for _ in range(rounds):
        for (variant, n_players), (a, b) in itertools.product(
            GAMES, itertools.combinations(list(Level), 2)
        ):
            jobs.append((variant.value, n_players, seed, a.value, b.value))
            seed += 1
    return jobs


def table(variant: str, n_players: int, a: Level, b: Level, a_won: bool) -> Table:
    """A match between two levels as the ratings see it (no group: rated everywhere)."""
    seats = tuple(a if seat % 2 == 0 else b for seat in range(n_players))
    sides = tuple(seat % 2 for seat in range(n_players))
    return Table(None, seats, sides, (0, 1) if a_won else (1, 0), variant == Variant.KOZEL)


def rate(jobs: list[Job], results: list[tuple[int, int]]) -> dict[Level, Rating]:
    """The levels' ratings after every match, in the schedule's order."""
    ratings: dict[Entity, Rating] = {}
    for (variant, n_players, _, a, b), (won, played) in zip(jobs, results, strict=True):
        for match in range(played):
            outcome = table(variant, n_players, Level(a), Level(b), match < won)
            apply(ratings, plan(outcome, ratings))
    return {key.level: rating for key, rating in ratings.items() if isinstance(key, LevelKey)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed-base", type=int, default=700_000)
    args = parser.parse_args()
    jobs = schedule(args.rounds, args.seed_base)
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_pair, jobs))
    wins: dict[Level, int] = dict.fromkeys(Level, 0)
    played: dict[Level, int] = dict.fromkeys(Level, 0)
    for (_, _, _, a, b), (won, total) in zip(jobs, results, strict=True):
        wins[Level(a)] += won
        wins[Level(b)] += total - won
        played[Level(a)] += total
        played[Level(b)] += total
    ratings = rate(jobs, results)
    print(f"{len(jobs) * 2} matches in {time.perf_counter() - start:.0f} s")
    for level in Level:
        r = ratings[level]
        print(
            f"{level.value:<7} mu {r.mu:6.2f}  sigma {r.sigma:5.2f}  rating {r.shown:5d}"
            f"  won {wins[level]}/{played[level]} matches"
        )
    shown = ", ".join(f"Level.{level.name}: {ratings[level].shown}" for level in Level)
    print(f"LEAGUE = {{{shown}}}")


if __name__ == "__main__":
    main()
