"""What a seat can infer from its view alone: the unseen tiles, every seat's
hand size, and the numbers each other seat is proven to lack (passes, draws)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from core.bits import BIT, SUIT, mask_of
from core.events import Drew, Passed, Played, PlayKind
from core.line import End
from core.tiles import ALL_TILES, Tile
from core.views import SeatView


@dataclass(frozen=True, slots=True)
class ObservedPlay:
    """A tile some seat chose to lay, with the ends it was laid against."""

    seat: int
    tile: Tile
    ends_before: tuple[int, int] | None  # None for a lead
    informative: bool  # a chosen play against two ends, not followed by a draw of the seat
    line_before: int = 0  # the tiles on the line when it was laid
    lacks_before: tuple[int, ...] = ()  # what each seat was proven to lack then
    chosen_lead: bool = False  # a lead the seat chose (any tile of its hand)
    ends_after: tuple[int, int] = (0, 0)


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    n_players: int
    own: int  # bitmask of the seat's own tiles
    unseen: int  # bitmask of tiles in other hands, the boneyard or out of play
    hand_sizes: tuple[int, ...]
    rest_size: int  # boneyard (draw game) or out-of-play tiles
    lacks: tuple[int, ...]  # per seat: bitmask of the numbers (bit n) proven absent
    plays: tuple[ObservedPlay, ...]
    teams: bool = False  # Kozel: seats two apart are partners

    def allowed(self, seat: int) -> int:
        """The unseen tiles `seat` may hold, given what it is proven to lack."""
        mask = self.unseen
        lacks = self.lacks[seat]
        for number in range(7):
            if lacks >> number & 1:
                mask &= ~SUIT[number]
        return mask


def infer(view: SeatView) -> Knowledge:
    """Read everything a bot player may use out of the seat's view."""
    n = view.n_players
    own = mask_of(view.hand)
    on_line = 0
    for a, b in view.line:
        on_line |= BIT[Tile.of(a, b)]
    unseen = ((1 << len(ALL_TILES)) - 1) & ~own & ~on_line
    lacks = [0] * n
    plays: list[ObservedPlay] = []
    ends: tuple[int, int] | None = None
    line = 0
    for event in view.history:
        if isinstance(event, Played):
            choice = event.kind is PlayKind.CHOICE
            plays.append(
                ObservedPlay(
                    event.seat,
                    event.tile,
                    ends,
                    choice and ends is not None,
                    line,
                    tuple(lacks),
                    choice and ends is None,
                    event.ends_after,
                )
            )
            ends = event.ends_after
            line |= BIT[event.tile]
        elif isinstance(event, Passed):
            lacks[event.seat] |= 1 << event.ends[0] | 1 << event.ends[1]
        elif isinstance(event, Drew):
            # Before drawing the seat held neither end; tiles drawn now lack them too,
            # but may bear numbers it was proven to lack earlier: restart from these.
            lacks[event.seat] = 1 << event.ends[0] | 1 << event.ends[1]
            # What the seat held at its earlier plays is no longer its hand minus
            # its later plays: those plays stop telling anything.
            plays = [
                dataclasses.replace(p, informative=False, chosen_lead=False)
                if p.seat == event.seat
                else p
                for p in plays
            ]
    lacks[view.seat] = 0
    return Knowledge(
        seat=view.seat,
        n_players=n,
        own=own,
        unseen=unseen,
        hand_sizes=view.hand_sizes,
        rest_size=view.boneyard_size + view.out_of_play,
        lacks=tuple(lacks),
        plays=tuple(plays),
        teams=view.has_teams,
    )


def ends_after(view: SeatView, tile: Tile, end: End | None) -> tuple[int, int]:
    """The line's (left, right) numbers once `tile` is laid at `end` (None: a lead)."""
    if view.ends is None:
        return tile.low, tile.high
    left, right = view.ends
    if end is End.LEFT:
        return tile.other(left), right
    return left, tile.other(right)
