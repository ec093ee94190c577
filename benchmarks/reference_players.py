"""Reference players for the strength benchmark only; the bot never uses them.

- greedy: always lays its heaviest legal tile.
- sampler: plain determinized sampling: 200 deals consistent with the counts and
  the proven voids, each legal move played out with greedy play for every seat,
  best average result.
- omniscient: sees every hand (the ceiling): exact search on the true deal once
  few tiles remain, else play-outs on the true hands.
- seer: a searching level told some seats' true hands, the rest sampled (a bound on
  what knowing them is worth).
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
from core.players.knowledge import Knowledge
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


def omniscient_decider(shuffles: int = 8, exact_tiles: int = 12) -> Decide:
    """Searched exactly on the true deal once `exact_tiles` are left in hands."""
    nodes = 20_000 if exact_tiles <= 12 else 10**7
    player = HardPlayer(
        policy=HOLDER, exact_tiles=exact_tiles, exact_nodes=nodes, decision_nodes=max(nodes, 25_000)
    )

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
class Seer(HardPlayer):
    """A bound, not a player: a searching level told some hands (`reveal`: seats counted
    from its own, 2 the partner, 1 and 3 the opponents), the others sampled as usual;
    what knowing them is worth."""

    reveal: tuple[int, ...] = ()
    true_hands: list[int] = dataclasses.field(default_factory=list)  # set per decision

    def sample(self, know: Knowledge, rng: random.Random, count: int) -> list[Sample]:
        seats = [(know.seat + k) % know.n_players for k in self.reveal]
        told = 0
        sizes, lacks = list(know.hand_sizes), list(know.lacks)
        for seat in seats:
            told |= self.true_hands[seat]
            sizes[seat], lacks[seat] = 0, 0
        rest = dataclasses.replace(
            know, unseen=know.unseen & ~told, hand_sizes=tuple(sizes), lacks=tuple(lacks)
        )
        samples = super().sample(rest, rng, count)
        for sample in samples:
            for seat in seats:
                sample.hands[seat] = self.true_hands[seat]
        return samples


def seer(name: str) -> Seer:
    """`seer:<seats>:<player>`, e.g. `seer:2:hard` (the partner's hand told)."""
    _, seats, base = name.split(":", 2)
    found = tuned_player(base)
    fields = {f.name: getattr(found, f.name) for f in dataclasses.fields(HardPlayer)}
    return Seer(**fields, reveal=tuple(int(c) for c in seats))


def seer_decider(name: str) -> Decide:
    """`seer(name)` deciding in our own engine, told the true hands of its `reveal`."""
    player = seer(name)

    def decide(match: Match, seat: int, rng: random.Random) -> Move:
        player.true_hands = [mask_of(h) for h in match.state.hands]
        return player.choose(seat_view(match, seat), rng)

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
