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
from core.bits import mask_of, pips
from core.engine import Match, Move
from core.players import BotPlayer, player_for
from core.players.hard import HardPlayer, Sample
from core.players.ismcts import IsmctsPlayer
from core.players.outcome import Scorer
from core.players.sim import GREEDY, HOLDER, shuffled_bits
from core.tiles import Tile
from core.views import SeatView, seat_view


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


@dataclasses.dataclass
class HandWinner(HardPlayer):
    """A searching level that values a hand by who wins it alone (1, a tie 0.5, 0), as
    abw333's game counts hands: no points, no match in view."""

    def best_move(self, view: SeatView, samples: list[Sample]) -> Move:
        moves = list(view.legal_moves)
        totals, _ = self._totals(view, samples, _hand_won(view.seat, view.has_teams))
        return moves[max(range(len(moves)), key=lambda k: (totals[k], -k))]


def _hand_won(me: int, teams: bool) -> Scorer:
    def score(hands: list[int], last: int, domino: bool) -> float:
        counts = [pips(h) for h in hands]
        if teams:
            counts = [counts[0] + counts[2], counts[1] + counts[3]] * 2
        side = me % 2 if teams else me
        if domino:
            return 1.0 if (last % 2 if teams else last) == side else 0.0
        low = min(counts)
        if counts[side] != low:
            return 0.0
        return 0.5 if counts.count(low) > (2 if teams else 1) else 1.0

    return score


def tuned_player(name: str) -> BotPlayer:
    """A level (`hard`), or a level's player with some fields changed, for tuning:
    `hard+work=16000+samples=800`; `ismcts` is the information-set search, its sampler
    (and its late decisions, with `endgame=1`) the expert's:
    `ismcts+iterations=2000+exploration=1.5+endgame=1`."""
    if name.startswith("handwin:"):  # handwin:expert, handwin:hard+samples=400
        found = tuned_player(name.removeprefix("handwin:"))
        fields = {f.name: getattr(found, f.name) for f in dataclasses.fields(HardPlayer)}
        return HandWinner(**fields)
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
