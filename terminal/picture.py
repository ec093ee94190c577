"""`dominoes picture`: the PNG of a seeded position, as the bot would draw its line (the
README shows one)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from core.engine import Match
from core.events import HandStarted, Played
from core.line import End
from core.players import Level, player_for
from core.state import Phase
from core.variants import Variant
from core.views import public_view, seat_view
from picture.board import render_line


@dataclass(frozen=True, slots=True)
class Marks:
    """Where the lead tile and the tile just played sit in the line."""

    lead: int | None
    last: int | None


def seeded_position(variant: Variant, players: int, seed: int, moves: int) -> Match:
    """A match dealt from `seed`, then `moves` decisions of easy bots at every seat, or
    fewer if the first hand ends before (the position stays a hand in play)."""
    match, _ = Match.new(variant, players, seed=seed)
    rng = random.Random(seed)
    bot = player_for(Level.EASY)
    for _ in range(moves):
        seat = match.turn
        if seat is None or match.state.phase is not Phase.PLAYING:
            break
        tile, end = bot.choose(seat_view(match, seat), rng)
        before = match.state.hand_no
        trial = Match.from_dict(match.to_dict())
        trial.play(seat, tile, end)
        if trial.state.hand_no != before or trial.state.phase is not Phase.PLAYING:
            break  # keep the hand on the table
        match = trial
    return match


def marks(match: Match) -> Marks:
    """The lead's index (it moves right with every tile laid on the left) and the last
    tile's (an end of the line), from the current hand's public history."""
    view = public_view(match)
    lead: int | None = None
    last: int | None = None
    for event in view.history:
        if isinstance(event, HandStarted):
            lead = last = None
        elif isinstance(event, Played):
            if event.end is None:
                lead = last = 0
            elif event.end is End.LEFT:
                lead = None if lead is None else lead + 1
                last = 0
            else:
                last = len(view.line) - 1
    return Marks(lead, last)


def write_picture(path: Path, variant: Variant, players: int, seed: int, moves: int) -> int:
    """Write the PNG of the position; returns its size in bytes."""
    match = seeded_position(variant, players, seed, moves)
    where = marks(match)
    png = render_line(public_view(match).line, last=where.last, lead=where.lead)
    path.write_bytes(png)
    return len(png)
