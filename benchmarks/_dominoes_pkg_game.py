"""Times complete random games of the `dominoes` package from PyPI (by abw333).

`engine_speed.py` runs this file with the interpreter of `benchmarks/.venv-compare`,
where that package is installed; it is no dependency of the project. A game of that
package is one hand of the 4-player block game: all 28 tiles dealt, 7 each, no
boneyard, player 0 leads.

    python _dominoes_pkg_game.py GAMES SEED POLICY

POLICY `uniform`: each decision picks one of `game.valid_moves` uniformly with a
seeded `random.Random`, as the engine benchmark does. POLICY `package`: the
package's own `dominoes.players.random`, then the first of `game.valid_moves`.
Prints one JSON line: games, seconds, moves, version.
"""

from __future__ import annotations

import json
import random
import sys
import time
from importlib.metadata import version

import dominoes


def play_one(rng: random.Random, policy: str) -> int:
    """One complete game; returns the number of tiles laid."""
    game = dominoes.Game.new()
    laid = 0
    while game.result is None:
        if policy == "package":
            dominoes.players.random(game)
            move = game.valid_moves[0]
        else:
            valid = game.valid_moves
            move = valid[rng.randrange(len(valid))]
        game.make_move(*move)
        laid += 1
    return laid


def main(argv: list[str]) -> None:
    games, seed, policy = int(argv[1]), int(argv[2]), argv[3]
    if policy not in ("uniform", "package"):
        raise SystemExit(f"unknown policy {policy!r}")
    random.seed(seed)  # Game.new and players.random use the module-level generator
    rng = random.Random(seed)
    for _ in range(max(1, games // 10)):  # warm-up
        play_one(rng, policy)
    laid = 0
    start = time.perf_counter()
    for _ in range(games):
        laid += play_one(rng, policy)
    seconds = time.perf_counter() - start
    print(
        json.dumps(
            {"games": games, "seconds": seconds, "moves": laid, "version": version("dominoes")}
        )
    )


if __name__ == "__main__":
    main(sys.argv)
