"""The line of play: a chain with exactly two open ends (R4.1, R4.3)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Final

from core.tiles import Tile


class End(StrEnum):
    """One of the line's two open ends."""

    LEFT = "left"
    RIGHT = "right"


# A tile and the end it goes to; the end is None for a lead.
Move = tuple[Tile, End | None]

_LEFT: Final = End.LEFT
_RIGHT: Final = End.RIGHT


class Line:
    """Tiles laid so far, left to right, each as `(left half, right half)`.

    Doubles lie crosswise but never open branches (R4.3): the line only ever has
    a left and a right end.
    """

    __slots__ = ("chain", "left", "right")

    def __init__(self) -> None:
        self.left: int = -1
        self.right: int = -1
        self.chain: list[tuple[int, int]] = []

    @property
    def is_empty(self) -> bool:
        return not self.chain

    def ends(self) -> tuple[int, int] | None:
        """The numbers of the open ends `(left, right)`, or None before the lead."""
        return (self.left, self.right) if self.chain else None

    def number_at(self, end: End) -> int:
        """The number shown by `end` (the line must not be empty)."""
        return self.left if end is End.LEFT else self.right

    def fits(self, tile: Tile) -> bool:
        """Whether `tile` can be attached somewhere (anything fits an empty line)."""
        if not self.chain:
            return True
        return tile.has(self.left) or tile.has(self.right)

    def placements(self, tile: Tile) -> list[End | None]:
        """The distinct ways to attach `tile`: `[None]` for a lead; one end when both
        ends show the same number (R4.4); empty when it does not fit."""
        return [end for _, end in self.moves((tile,))]

    def moves(self, tiles: Iterable[Tile]) -> list[Move]:
        """Every distinct placement of each of `tiles`, in their order (R4.4)."""
        if not self.chain:
            return [(tile, None) for tile in tiles]
        left, right = self.left, self.right
        both = left != right  # equal ends give one placement
        moves: list[Move] = []
        for tile in tiles:
            low, high = tile
            if low == left or high == left:
                moves.append((tile, _LEFT))
                if both and (low == right or high == right):
                    moves.append((tile, _RIGHT))
            elif low == right or high == right:
                moves.append((tile, _RIGHT))
        return moves

    def attach(self, tile: Tile, end: End | None) -> None:
        """Lay `tile` (already checked to fit) at `end`; `None` leads."""
        low, high = tile
        chain = self.chain
        if not chain:
            chain.append((low, high))
            self.left, self.right = low, high
        elif end is _LEFT:
            left = self.left
            other = high if low == left else low
            chain.insert(0, (other, left))
            self.left = other
        else:
            right = self.right
            other = high if low == right else low
            chain.append((right, other))
            self.right = other

    def copy(self) -> Line:
        new = Line()
        new.left, new.right, new.chain = self.left, self.right, list(self.chain)
        return new

    def to_list(self) -> list[list[int]]:
        return [[a, b] for a, b in self.chain]

    @classmethod
    def from_list(cls, chain: list[list[int]]) -> Line:
        line = cls()
        line.chain = [(int(a), int(b)) for a, b in chain]
        if line.chain:
            line.left, line.right = line.chain[0][0], line.chain[-1][1]
        return line
