"""Bot against bot, from the command line.

    python -m core.arena --variant kozel --a hard --b medium --games 2000 --seed 1

Every deal is played twice with the sides' seats swapped, so neither side keeps
the luck of a deal. Side A sits at even seats (Kozel: team 0), side B at odd ones
(in a 3-player game the sides take two seats and one in turn).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from core.engine import Match, Move
from core.players import BotPlayer, Level, player_for
from core.variants import HAND_SIZES, Variant
from core.views import seat_view

Decide = Callable[[Match, int, random.Random], Move]


def bot_player(level: str) -> BotPlayer:
    """The bot player of `level` as the bot builds it: hard gets the wall clock as its
    safety net, so that one slow decision here is cut short as it is in a game."""
    return player_for(level, clock=time.perf_counter)


def bot_decider(level: str) -> Decide:
    """A decider that sees only the seat's view, as every bot player must."""
    player = bot_player(level)

    def decide(match: Match, seat: int, rng: random.Random) -> Move:
        return player.choose(seat_view(match, seat), rng)

    return decide


@dataclass
class Tally:
    """What one side did over many matches."""

    hands: int = 0
    hand_wins: float = 0.0  # ties and eggs count half
    matches: int = 0
    match_wins: int = 0
    points: int = 0  # scored (draw, block) or recorded as penalty (Kozel)
    times: list[float] = field(default_factory=list)

    def merge(self, other: Tally) -> None:
        self.hands += other.hands
        self.hand_wins += other.hand_wins
        self.matches += other.matches
        self.match_wins += other.match_wins
        self.points += other.points
        self.times += other.times


def play_match(
    variant: Variant,
    n_players: int,
    target: int,
    seed: int,
    deciders: Sequence[Decide],
    side_of_seat: Sequence[int],
) -> tuple[Tally, Tally]:
    """One match; `deciders[side]` plays the seats where `side_of_seat[seat] == side`."""
    tallies = (Tally(), Tally())
    rngs = (random.Random(f"{seed}:a"), random.Random(f"{seed}:b"))
    match, _ = Match.new(variant, n_players, target, seed=seed)
    teams = variant is Variant.KOZEL
    while True:
        while not match.hand_over:
            seat = match.turn
            assert seat is not None
            side = side_of_seat[seat]
            start = time.perf_counter()
            tile, end = deciders[side](match, seat, rngs[side])
            tallies[side].times.append(time.perf_counter() - start)
            match.play(seat, tile, end)
        result = match.last_result
        assert result is not None
        for side in (0, 1):
            tallies[side].hands += 1
        if result.winner is None:
            for side in (0, 1):
                tallies[side].hand_wins += 0.5
        else:
            # A Kozel team t holds seats t and t + 2: its side is that of seat t.
            winning_side = side_of_seat[result.winner]
            tallies[winning_side].hand_wins += 1
            # Kozel points are penalties recorded by the losing team.
            tallies[1 - winning_side if teams else winning_side].points += result.points
        if match.match_over:
            break
        match.next_hand()
    final = match.match_result
    assert final is not None
    winner_side = side_of_seat[final.winner]
    for side in (0, 1):
        tallies[side].matches += 1
    tallies[winner_side].match_wins += 1
    return tallies


def seatings(n_players: int) -> tuple[list[int], list[int]]:
    """Side of each seat, and the swapped seating."""
    first = [seat % 2 for seat in range(n_players)]
    return first, [1 - side for side in first]


def _pair(args: tuple[str, int, int, int, str, str]) -> tuple[Tally, Tally]:
    variant, n_players, target, seed, level_a, level_b = args
    deciders = (bot_decider(level_a), bot_decider(level_b))
    return run_pair(Variant(variant), n_players, target, seed, deciders)


def run_pair(
    variant: Variant, n_players: int, target: int, seed: int, deciders: Sequence[Decide]
) -> tuple[Tally, Tally]:
    """The same deals twice, the sides' seats swapped."""
    total = (Tally(), Tally())
    for seating in seatings(n_players):
        a, b = play_match(variant, n_players, target, seed, deciders, seating)
        total[0].merge(a)
        total[1].merge(b)
    return total


def share_with_interval(wins: float, n: int) -> tuple[float, float]:
    """The share and the half-width of its 95% normal-approximation interval."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    return p, 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / n)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(names: Sequence[str], tallies: Sequence[Tally]) -> str:
    lines = []
    for name, tally in zip(names, tallies, strict=True):
        share, half = share_with_interval(tally.hand_wins, tally.hands)
        matches = tally.match_wins / tally.matches if tally.matches else 0.0
        lines.append(
            f"{name:>10}: hands won {share:6.1%} ± {half:4.1%} of {tally.hands}"
            f" | matches won {matches:6.1%} of {tally.matches}"
            f" | points/hand {tally.points / max(tally.hands, 1):5.2f}"
            f" | decision p50 {percentile(tally.times, 0.5) * 1000:6.2f} ms"
            f" p99 {percentile(tally.times, 0.99) * 1000:6.2f} ms"
            f" (mean {statistics.fmean(tally.times) * 1000 if tally.times else 0:5.2f} ms)"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m core.arena", description=__doc__)
    parser.add_argument("--variant", choices=[v.value for v in Variant], default="kozel")
    parser.add_argument("--players", type=int, default=None, help="default: 4 (Kozel), else 2")
    parser.add_argument("--target", type=int, default=100, choices=(50, 100, 150))
    parser.add_argument("--a", choices=[lv.value for lv in Level], default="hard")
    parser.add_argument("--b", choices=[lv.value for lv in Level], default="medium")
    parser.add_argument("--games", type=int, default=200, help="matches, played in swapped pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    variant = Variant(args.variant)
    n_players = args.players or (4 if variant is Variant.KOZEL else 2)
    if n_players not in HAND_SIZES[variant]:
        parser.error(f"{variant.value} is played by {sorted(HAND_SIZES[variant])} players")
    pairs = max(1, args.games // 2)
    jobs = [
        (variant.value, n_players, args.target, args.seed * 1_000_003 + i, args.a, args.b)
        for i in range(pairs)
    ]
    total = (Tally(), Tally())
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_pair, jobs, chunksize=4))
    else:
        results = [_pair(job) for job in jobs]
    for a, b in results:
        total[0].merge(a)
        total[1].merge(b)
    print(f"{variant.value}, {n_players} players, target {args.target}, {pairs * 2} matches")
    print(report((f"A {args.a}", f"B {args.b}"), total))


if __name__ == "__main__":
    main()
