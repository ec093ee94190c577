"""What one seat may know, and what everyone may know (R8). Renderers and bot
players get these views, never the state: nothing hidden can leak through them."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from core.deal import SecretDealer
from core.engine import Match, Move
from core.errors import ErrorCode, GameError
from core.events import Drew, Event, HandResult, MatchResult
from core.fair import HandSecret, hand_secret
from core.state import Phase
from core.tiles import Tile
from core.variants import Variant


@dataclass(frozen=True, slots=True)
class PublicView:
    """R8.1: what everyone at the table sees. `history` is this hand's events, with
    drawn tiles hidden (R8.4); `revealed` is the result once the hand is over (R8.3).
    In a match dealt from a secret, `commitment` is the current hand's (`core.fair`)
    and `deal_secrets` the secrets of the hands over, one per result; else None and
    nothing."""

    variant: Variant
    n_players: int
    target: int
    hand_no: int
    phase: Phase
    turn: int | None
    line: tuple[tuple[int, int], ...]
    ends: tuple[int, int] | None
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    out_of_play: int
    scores: tuple[int, ...]
    eggs: int
    history: tuple[Event, ...]
    results: tuple[HandResult, ...]
    revealed: HandResult | None
    match_result: MatchResult | None
    commitment: str | None = None
    deal_secrets: tuple[HandSecret, ...] = ()

    @property
    def has_teams(self) -> bool:
        return self.variant is Variant.KOZEL


@dataclass(frozen=True, slots=True)
class SeatView(PublicView):
    """R8.2: the public view plus one seat's own hand, its own drawn tiles and,
    when it is to move, its legal moves."""

    seat: int = 0
    hand: tuple[Tile, ...] = ()
    legal_moves: tuple[Move, ...] = ()


def public_view(match: Match, seat: int | None = None) -> PublicView:
    """What everyone may know (with `seat`: also that seat's own drawn tiles)."""
    s = match.state
    settings = s.settings
    over = s.phase is not Phase.PLAYING
    dealer = s.dealer
    commitment: str | None = None
    deal_secrets: tuple[HandSecret, ...] = ()
    if isinstance(dealer, SecretDealer):
        commitment = hand_secret(dealer.secret, settings, s.hand_no).commitment
        # R8.3: a hand's deal is revealed with its hands, once it is over, never before.
        deal_secrets = tuple(hand_secret(dealer.secret, settings, r.hand_no) for r in s.results)
    return PublicView(
        variant=settings.variant,
        n_players=settings.n_players,
        target=settings.target,
        hand_no=s.hand_no,
        phase=s.phase,
        turn=match.turn,
        line=tuple(s.line.chain),
        ends=s.line.ends(),
        hand_sizes=tuple(len(h) for h in s.hands),
        boneyard_size=len(s.rest) if settings.draws else 0,
        out_of_play=0 if settings.draws else len(s.rest),
        scores=tuple(s.scores),
        eggs=s.eggs,
        history=tuple(_as_seen_by(e, seat) for e in s.log),
        results=tuple(s.results),
        revealed=s.results[-1] if over and s.results else None,
        match_result=s.match_result,
        commitment=commitment,
        deal_secrets=deal_secrets,
    )


def seat_view(match: Match, seat: int) -> SeatView:
    """What `seat` may know."""
    s = match.state
    if type(seat) is not int or not 0 <= seat < s.settings.n_players:
        raise GameError(ErrorCode.BAD_SEAT, f"no seat {seat!r}")
    public = public_view(match, seat)
    return SeatView(
        **_fields_of(public),
        seat=seat,
        hand=tuple(sorted(s.hands[seat])),
        legal_moves=match.legal_moves() if match.turn == seat else (),
    )


def _fields_of(public: PublicView) -> dict[str, Any]:
    return {f.name: getattr(public, f.name) for f in dataclasses.fields(PublicView)}


def _as_seen_by(event: Event, seat: int | None) -> Event:
    """R8.4: a drawn tile is shown to its drawer only."""
    if isinstance(event, Drew) and event.seat != seat and event.tile is not None:
        return dataclasses.replace(event, tile=None)
    return event
