"""Reference players for the strength benchmark only; the bot never uses them.

- greedy: always lays its heaviest legal tile.
- sampler: plain determinized sampling: 200 deals consistent with the counts and
  the proven voids, each legal move played out with greedy play for every seat,
  best average result.
- omniscient: sees every hand (the ceiling): exact search on the true deal once
  few tiles remain, else play-outs on the true hands.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

from core.arena import Decide
from core.bits import mask_of
from core.engine import Match, Move
from core.players import BotPlayer, player_for
from core.players.hard import HardPlayer, Sample
from core.players.ismcts import IsmctsPlayer
from core.players.sim import GREEDY, HOLDER, shuffled_bits
from core.tiles import Tile
from core.views import seat_view


def greedy_decider() -> Decide:
    def decide(match: Match, seat: int, _rng: random.Random) -> Move:
        moves = seat_view(match, seat).legal_moves
        return max(moves, key=lambda m: Tile.heavier_key(m[0]))

    return decide


def sampler_decider(samples: int = 200) -> Decide:
    player = HardPlayer(
        samples=samples,
        candidates_per_sample=1,
        weighting=False,
        policy=GREEDY,
        exact_tiles=0,
    )

    def decide(match: Match, seat: int, rng: random.Random) -> Move:
        return player.choose(seat_view(match, seat), rng)

    return decide


def omniscient_decider(shuffles: int = 8) -> Decide:
    player = HardPlayer(policy=HOLDER, exact_tiles=12, exact_nodes=20_000)

    def decide(match: Match, seat: int, rng: random.Random) -> Move:
        view = seat_view(match, seat)
        if len(view.legal_moves) == 1:
            return view.legal_moves[0]
        hands = [mask_of(h) for h in match.state.hands]
        rest = mask_of(match.state.rest)
        # The boneyard's order stays unknown even to this player: average over shuffles.
        count = shuffles if view.boneyard_size else 1
        samples = [Sample(list(hands), shuffled_bits(rest, rng), 1.0) for _ in range(count)]
        return player.best_move(view, samples)

    return decide


def tuned_player(name: str) -> BotPlayer:
    """A level (`hard`), or a level's player with some fields changed, for tuning:
    `hard+work=16000+samples=800`; `ismcts` is the information-set search, its sampler
    (and its late decisions, with `endgame=1`) the expert's:
    `ismcts+iterations=2000+exploration=1.5+endgame=1`."""
    level, *changes = name.split("+")
    fields: dict[str, Any] = {
        k: float(v) if "." in v else int(v) for k, v in (c.split("=") for c in changes)
    }
    if level == "ismcts":
        base = IsmctsPlayer(sampler=cast(HardPlayer, player_for("expert")))
        return dataclasses.replace(base, **fields)
    if not changes:
        return player_for(level)
    return dataclasses.replace(cast(HardPlayer, player_for(level)), **fields)


def tuned_decider(name: str) -> Decide:
    """`tuned_player(name)` deciding on the seat's view, as every bot player must."""
    player = tuned_player(name)

    def decide(match: Match, seat: int, rng: random.Random) -> Move:
        return player.choose(seat_view(match, seat), rng)

    return decide
