"""What the /play menu chooses for a direct game."""

from __future__ import annotations

from dataclasses import dataclass

from core.players import Level
from core.variants import HAND_SIZES, Variant


@dataclass(frozen=True, slots=True)
class GameOptions:
    """A direct game's variant, bot opponents, their level and the target."""

    variant: Variant
    opponents: int
    level: Level
    target: int

    @property
    def n_players(self) -> int:
        return 1 + self.opponents


def opponent_choices(variant: Variant) -> list[int]:
    """How many bot opponents a person alone can have in `variant` (from `core`'s table).
    In Kozel the three are a partner and two opponents."""
    return sorted(n - 1 for n in HAND_SIZES[variant])
