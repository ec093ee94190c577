"""The engine's lookup tables, worked out once from the placement rule (R4): which
tiles fit a line, what a decision `(tile, end)` places, and the moves of a hand.

Each table is indexed by small ints and read through a named function, so that the
engine asks its questions in the rules' terms and a move costs a few list lookups.
Lists rather than dicts keyed by tiles or ends: hashing an `End` runs Python code.
A pair of numbers `(a, b)`, a tile's halves or a line's ends, has the index
`a * 7 + b`; a line with no tile yet has the ends index 49.
"""

from __future__ import annotations

from typing import Final

from core.bits import SUIT
from core.line import End, Line, Move
from core.tiles import ALL_TILES, Tile

_LEFT: Final = End.LEFT
_RIGHT: Final = End.RIGHT


def fitting(left: int, right: int) -> int:
    """The tiles, as a mask (`core.bits`), that fit a line whose ends show `left` and
    `right` (R4.1)."""
    return _FITS[left * 7 + right]


def placement(tile: Tile, said: End | None, line: Line) -> Move | None:
    """What the decision `(tile, said)` means on `line`: the move it makes, or None
    when the tile does not fit, when `said` names an end it does not fit, or when
    `said` is None and the tile fits two different ends."""
    low, high = tile
    ends = line.left * 7 + line.right if line.chain else 49
    said_no = 0 if said is None else 1 if said is _LEFT else 2
    # `_placement_slot`, written out: a call costs more than the lookup itself.
    return _PLACEMENTS[((low * 7 + high) * 3 + said_no) * 50 + ends]


def known_moves(left: int, right: int, playable: int) -> tuple[Move, ...] | None:
    """The moves of a hand whose playable tiles are the mask `playable`, on a line
    whose ends show `left` and `right`, if `moves_of` has worked them out already."""
    return _MOVES[left * 7 + right].get(playable)


def moves_of(line: Line, hand: list[Tile], mask: int) -> tuple[Move, ...]:
    """`line.moves(hand)` on a line that is not empty, for a sorted `hand` whose mask
    is `mask`: hands that differ only in tiles they cannot play share their moves."""
    ends = line.left * 7 + line.right
    playable = mask & _FITS[ends]
    known = _MOVES[ends]
    moves = known.get(playable)
    if moves is None:
        if len(known) >= _MOVES_LIMIT:
            known.clear()
        moves = known[playable] = tuple(line.moves(hand))
    return moves


def _placement_slot(tile: int, said_no: int, ends: int) -> int:
    """Where `_PLACEMENTS` keeps a tile's index, what was said of the end (0: nothing,
    1: left, 2: right) and the line's ends index."""
    return (tile * 3 + said_no) * 50 + ends


def _placements() -> list[Move | None]:
    """`placement` as a table, built from `Line.moves`, the one placement rule. With
    one placement the end may be omitted; it is ignored on a lead and when both ends
    show the same number (R4.4, R9.13)."""
    table: list[Move | None] = [None] * (49 * 3 * 50)
    lines = [Line()] + [Line.from_list([[left, right]]) for left in range(7) for right in range(7)]
    for line in lines:
        ends = line.left * 7 + line.right if line.chain else 49
        for tile in ALL_TILES:
            fits = [end for _, end in line.moves((tile,))]
            for said_no, said in enumerate((None, _LEFT, _RIGHT)):
                slot = _placement_slot(tile.low * 7 + tile.high, said_no, ends)
                if said in fits:
                    table[slot] = (tile, said)
                elif len(fits) == 1 and (said is None or line.left == line.right):
                    table[slot] = (tile, fits[0])
    return table


_FITS: Final[tuple[int, ...]] = tuple(
    SUIT[left] | SUIT[right] for left in range(7) for right in range(7)
)
_PLACEMENTS: Final = _placements()
# Per line ends: the moves of each mask of playable tiles, filled as they come up.
_MOVES: Final[list[dict[int, tuple[Move, ...]]]] = [{} for _ in range(49)]
_MOVES_LIMIT: Final = 2048  # per ends; at most about 100,000 short tuples in all
