"""Replay a match from its dealer and the list of player decisions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.deal import dealer_from_dict
from core.engine import Match
from core.state import Decision
from core.variants import Settings


def replay(
    settings: Settings,
    dealer: dict[str, Any],
    decisions: Iterable[Decision],
    until_hand: int = 0,
) -> Match:
    """Rebuild a match exactly: the same deals, then each decision in order, dealing
    the next hand whenever a decision belongs to a later hand, and at the end until
    hand `until_hand` is dealt. Every decision goes through the checked `Match.play`,
    so a tampered log raises `GameError`."""
    fresh = dealer_from_dict({**dealer, "position": 0} if dealer["kind"] == "scripted" else dealer)
    match, _ = Match.new(settings.variant, settings.n_players, settings.target, dealer=fresh)
    for decision in decisions:
        while match.state.hand_no < decision.hand_no and not match.match_over:
            match.next_hand()
        match.play(decision.seat, decision.tile, decision.end)
    while match.state.hand_no < until_hand and not match.match_over:
        match.next_hand()
    return match


def replay_of(match: Match) -> Match:
    """Replay `match` from its own dealer and decision log, to the same position."""
    s = match.state
    return replay(s.settings, s.dealer.to_dict(), s.decisions, until_hand=s.hand_no)
