"""Medium: a good heuristic player. Sheds heavy tiles and doubles early, keeps
ends it can follow, opens numbers the next opponent is known to lack, and in
Kozel spares its partner and avoids being caught with a lone 0-0 or 6-6."""

from __future__ import annotations

import random

from core.engine import Move
from core.line import End
from core.players.knowledge import Knowledge, ends_after, infer
from core.tiles import Tile
from core.views import SeatView

HEAVY = 1.0  # per pip shed
DOUBLE = 4.0  # doubles fit only one number: shed them while they still can be
FOLLOW = 2.5  # per own tile that will fit the new ends
BLOCK = 6.0  # per opponent proven to lack both new ends
SPARE_PARTNER = 5.0  # Kozel: penalty when the partner is proven to lack both new ends
LONE_TILE = 30.0  # Kozel: get rid of 0-0 / 6-6 before being left with it alone


def score_move(view: SeatView, know: Knowledge, tile: Tile, end: End | None) -> float:
    left, right = ends_after(view, tile, end)
    rest = [t for t in view.hand if t != tile]
    score = HEAVY * tile.value + (DOUBLE if tile.is_double else 0.0)
    score += FOLLOW * sum(1 for t in rest if t.has(left) or t.has(right))
    ends_bits = 1 << left | 1 << right
    n = view.n_players
    for offset in range(1, n):
        other = (view.seat + offset) % n
        proven_void = know.lacks[other] & ends_bits == ends_bits
        if not proven_void:
            continue
        partner = view.has_teams and offset == 2
        score += -SPARE_PARTNER if partner else BLOCK / offset
    if view.has_teams and len(rest) <= 3 and tile in (Tile(0, 0), Tile(6, 6)):
        score += LONE_TILE
    return score


class MediumPlayer:
    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        know = infer(view)
        scored = [
            (score_move(view, know, tile, end), rng.random(), (tile, end)) for tile, end in moves
        ]
        return max(scored)[2]
