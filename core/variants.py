"""The three variants, their player counts and deal sizes (R2), and match targets (R2.4)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from core.errors import ErrorCode, GameError


class Variant(StrEnum):
    DRAW = "draw"  # with a boneyard
    BLOCK = "block"
    KOZEL = "kozel"


TARGETS: tuple[int, ...] = (50, 100, 150)  # R2.4
DEFAULT_TARGET = 100

# R2: tiles dealt to each seat, per variant and number of players.
HAND_SIZES: dict[Variant, dict[int, int]] = {
    Variant.DRAW: {2: 7, 3: 5, 4: 5},
    Variant.BLOCK: {2: 7, 3: 6, 4: 7},
    Variant.KOZEL: {4: 7},
}


@dataclass(frozen=True)
class Settings:
    """What a match is created with."""

    variant: Variant
    n_players: int
    target: int = DEFAULT_TARGET

    def __post_init__(self) -> None:
        if not isinstance(self.variant, Variant):
            raise GameError(ErrorCode.BAD_SETTINGS, f"unknown variant {self.variant!r}")
        if type(self.n_players) is not int or self.n_players not in HAND_SIZES[self.variant]:
            allowed = sorted(HAND_SIZES[self.variant])
            raise GameError(
                ErrorCode.BAD_SETTINGS,
                f"{self.variant.value} is played by {allowed} players, not {self.n_players!r}",
            )
        if type(self.target) is not int or self.target not in TARGETS:
            raise GameError(ErrorCode.BAD_SETTINGS, f"target must be one of {TARGETS}")

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.variant][self.n_players]

    @property
    def has_teams(self) -> bool:
        """R2.2, R9.6: only Kozel has partnerships."""
        return self.variant is Variant.KOZEL

    @property
    def draws(self) -> bool:
        """R5.1: only the draw game has a boneyard to draw from."""
        return self.variant is Variant.DRAW

    @property
    def n_sides(self) -> int:
        """How many scores are kept: one per team in Kozel, else one per seat."""
        return 2 if self.has_teams else self.n_players

    def side_of(self, seat: int) -> int:
        """The score slot a seat plays for: its team (R2.2) in Kozel, else itself."""
        return seat % 2 if self.has_teams else seat
