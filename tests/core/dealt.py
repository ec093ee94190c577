"""Each hand's deal as a match was played with it, found from the play itself: the
match replayed from its dealer and decision log, and each seat's tiles at the hand's
end put back together with those it laid, less those it drew. What a deal secret
rebuilds (`core.fair`) is checked against this."""

from __future__ import annotations

from dataclasses import dataclass

from core.deal import Deal, dealer_from_dict
from core.engine import Match
from core.events import Drew, Event, HandResult, MisdealReason, Played, Redealt
from core.tiles import Tile


@dataclass(frozen=True)
class PlayedHand:
    """A hand as it was played: its deal, and the redeals (seat, reason) before it."""

    hand_no: int
    deal: Deal
    redeals: tuple[tuple[int, MisdealReason], ...]


def played_hands(match: Match) -> list[PlayedHand]:
    """Every finished hand of `match`, in order."""
    s = match.state
    fresh, first = Match.new(
        s.settings.variant,
        s.settings.n_players,
        s.settings.target,
        dealer=dealer_from_dict(s.dealer.to_dict()),
    )
    events: dict[int, list[Event]] = {1: list(first)}

    def deal_until(hand_no: int) -> None:
        while fresh.state.hand_no < hand_no:
            dealt = fresh.next_hand()
            events[fresh.state.hand_no] = dealt

    for decision in s.decisions:
        deal_until(decision.hand_no)
        events[fresh.state.hand_no] += fresh.play(decision.seat, decision.tile, decision.end)
    deal_until(s.hand_no)
    return [_played(result, events[result.hand_no]) for result in s.results]


def _played(result: HandResult, events: list[Event]) -> PlayedHand:
    hands = [list(h) for h in result.hands_after]
    for event in events:
        if isinstance(event, Played):
            hands[event.seat].append(event.tile)
    drawn: list[Tile] = []
    for event in events:  # after the plays: a drawn tile may be laid at once
        if isinstance(event, Drew):
            assert event.tile is not None  # the engine's own events hide nothing
            hands[event.seat].remove(event.tile)
            drawn.append(event.tile)
    redeals = tuple((e.seat, e.reason) for e in events if isinstance(e, Redealt))
    deal = Deal(tuple(tuple(sorted(h)) for h in hands), tuple(drawn) + result.rest)
    return PlayedHand(result.hand_no, deal, redeals)
