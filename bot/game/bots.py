"""The bot players at a table: which player plays each level, and their decisions,
each with chance derived from the game's seed so that a game replays exactly. A new
match is dealt from a match secret, and its seed derived from that secret apart from
the deals (`core.fair`): a hand's revealed secret tells nothing of the bots' chance."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from bot.game.record import TableSettings
from bot.game.seats import BotSeat, Seat
from core.engine import Match
from core.fair import bots_seed
from core.players import BotPlayer, Level, decision_rng, player_for
from core.views import seat_view

MAX_BOT_MOVES = 1000  # far more than any hand needs; only stops a broken player

Players = Mapping[Level, BotPlayer]


def default_players() -> dict[Level, BotPlayer]:
    """The bot players, the hard one with a wall-clock safety net (core reads no clock)."""
    return {level: player_for(level, clock=time.perf_counter) for level in Level}


def new_match(settings: TableSettings, secret: bytes) -> tuple[Match, int]:
    """A match dealt from the match secret `secret`, and its seed (of the bots' chance)."""
    match, _ = Match.new(settings.variant, settings.n_players, settings.target, secret=secret)
    return match, bots_seed(secret)


def bot_at(seats: Sequence[Seat], seat: int | None) -> BotSeat | None:
    """The bot at `seat`, if a bot sits there."""
    if seat is None:
        return None
    occupant = seats[seat]
    return occupant if isinstance(occupant, BotSeat) else None


def decide(players: Players, seats: Sequence[Seat], seed: int, match: Match, seat: int) -> None:
    """The bot at `seat` plays its move on `match`."""
    bot = bot_at(seats, seat)
    assert bot is not None
    state = match.state
    rng = decision_rng(seed, state.hand_no, len(state.decisions))
    tile, end = players[bot.level].choose(seat_view(match, seat), rng)
    match.play(seat, tile, end)


def run_bots(players: Players, seats: Sequence[Seat], seed: int, match: Match) -> None:
    """Bots decide on `match` until a person must, or the hand is over."""
    for _ in range(MAX_BOT_MOVES):
        seat = match.turn
        if bot_at(seats, seat) is None:
            return
        assert seat is not None
        decide(players, seats, seed, match, seat)
    raise RuntimeError(f"bots made {MAX_BOT_MOVES} moves without reaching a person")


def thinks_long(seats: Sequence[Seat | None]) -> bool:
    """Whether a bot at the table searches for milliseconds (worth a worker thread)."""
    return any(isinstance(s, BotSeat) and s.level in SEARCHING for s in seats)


SEARCHING = frozenset({Level.HARD, Level.EXPERT})
