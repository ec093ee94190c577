"""Variant rules behind one protocol: who leads, how a hand is scored, when a
match ends. Dealing, play, drawing and passing are common and live in the engine."""

from __future__ import annotations

from typing import Protocol

from core.deal import Deal
from core.events import EndReason, HandResult, MatchResult, MisdealReason
from core.rules.classic import ClassicRules
from core.rules.kozel import KozelRules
from core.state import MatchState
from core.tiles import Tile
from core.variants import Variant


class VariantRules(Protocol):
    def misdeal(self, deal: Deal) -> tuple[int, MisdealReason] | None:
        """The first seat whose hand makes the deal void (R2.3), or None."""
        ...

    def opening(self, state: MatchState) -> tuple[int, Tile | None]:
        """Who leads the hand just dealt, and the tile they must lead (None: free)."""
        ...

    def end_hand(self, state: MatchState, reason: EndReason) -> HandResult:
        """Score the finished hand into `state` (scores, eggs, next leader)."""
        ...

    def match_result(self, state: MatchState) -> MatchResult | None:
        """The match's result once its end is reached, else None."""
        ...


_RULES: dict[Variant, VariantRules] = {
    Variant.DRAW: ClassicRules(),
    Variant.BLOCK: ClassicRules(),
    Variant.KOZEL: KozelRules(),
}


def rules_for(variant: Variant) -> VariantRules:
    return _RULES[variant]


__all__ = ["VariantRules", "rules_for"]
