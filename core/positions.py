"""Seeded positions: a match dealt from a seed, then easy bots' decisions at every seat,
for a picture of a position (`dominoes picture`) and the tests that draw one."""

from __future__ import annotations

import random

from core.engine import Match
from core.players import Level, player_for
from core.state import Phase
from core.variants import Variant
from core.views import seat_view


def seeded_position(variant: Variant, players: int, seed: int, moves: int | None) -> Match:
    """A match dealt from `seed`, then `moves` decisions of easy bots, or fewer if the
    first hand would end before (the hand stays on the table); `moves` None: until the
    first hand is over."""
    match, _ = Match.new(variant, players, seed=seed)
    rng = random.Random(seed)
    bot = player_for(Level.EASY)
    done = 0
    while moves is None or done < moves:
        seat = match.turn
        if seat is None or match.state.phase is not Phase.PLAYING:
            break
        if moves is None:
            match.play(seat, *bot.choose(seat_view(match, seat), rng))
        else:
            trial = Match.from_dict(match.to_dict())
            trial.play(seat, *bot.choose(seat_view(trial, seat), rng))
            if trial.state.phase is not Phase.PLAYING or trial.state.hand_no != 1:
                break
            match = trial
        done += 1
    return match
