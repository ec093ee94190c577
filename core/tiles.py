"""Tiles of the double-six set (R1)."""

from __future__ import annotations

from typing import Final, NamedTuple

from core.errors import ErrorCode, GameError

HIGHEST_PIP: Final = 6


class Tile(NamedTuple):
    """A tile `low-high` with `0 <= low <= high <= 6` (R1.1).

    Build tiles with `Tile.of` or `Tile.parse`, which normalise the order of the
    halves; the 28 instances are shared, so tiles compare and hash cheaply.
    """

    low: int
    high: int

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The tile with halves `a` and `b`, in either order."""
        if not (0 <= a <= HIGHEST_PIP and 0 <= b <= HIGHEST_PIP):
            raise GameError(ErrorCode.BAD_TILE, f"no tile {a}-{b} in a double-six set")
        return _BY_HALVES[a][b]

    @staticmethod
    def parse(text: str) -> Tile:
        """Parse `"a-b"` (also `"a|b"`); raises `GameError(BAD_TILE)` on anything else."""
        # Stored games hold hundreds of tiles as text: the usual spellings are looked up.
        known = _SPELLINGS.get(text)
        if known is not None:
            return known
        for sep in ("-", "|"):
            parts = text.strip().split(sep)
            if len(parts) == 2 and all(p.isascii() and p.isdigit() and len(p) == 1 for p in parts):
                return Tile.of(int(parts[0]), int(parts[1]))
        raise GameError(ErrorCode.BAD_TILE, f"not a tile: {text[:20]!r}")

    @property
    def is_double(self) -> bool:
        """R1.2."""
        return self.low == self.high

    @property
    def value(self) -> int:
        """R1.3: the sum of both halves."""
        return self.low + self.high

    @property
    def ordinal(self) -> int:
        """Position in `ALL_TILES` (0..27), a compact id for tables and bitmasks."""
        return _INDEX[self]

    def has(self, number: int) -> bool:
        """Whether either half bears `number`."""
        return self.low == number or self.high == number

    def other(self, number: int) -> int:
        """The half opposite the half bearing `number`."""
        return self.high if self.low == number else self.low

    def heavier_key(self) -> tuple[int, int]:
        """Sort key for "heaviest tile": value, then the higher half (R9.1)."""
        return (self.low + self.high, self.high)

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"


ALL_TILES: Final[tuple[Tile, ...]] = tuple(
    Tile(low, high) for low in range(HIGHEST_PIP + 1) for high in range(low, HIGHEST_PIP + 1)
)
_INDEX: dict[Tile, int] = {tile: i for i, tile in enumerate(ALL_TILES)}
_BY_HALVES: list[list[Tile]] = [
    [Tile(min(a, b), max(a, b)) for b in range(HIGHEST_PIP + 1)] for a in range(HIGHEST_PIP + 1)
]
# Interning: make every lookup return the instance stored in ALL_TILES.
_BY_HALVES = [[ALL_TILES[_INDEX[t]] for t in row] for row in _BY_HALVES]
DOUBLES: Final[tuple[Tile, ...]] = tuple(t for t in ALL_TILES if t.is_double)
_SPELLINGS: Final[dict[str, Tile]] = {
    f"{a}{sep}{b}": _BY_HALVES[a][b]
    for a in range(HIGHEST_PIP + 1)
    for b in range(HIGHEST_PIP + 1)
    for sep in ("-", "|")
}


def pip_count(tiles: list[Tile] | tuple[Tile, ...] | frozenset[Tile]) -> int:
    """R1.3: the sum of the tiles' values (a tile is the pair of its halves, so `sum`
    of a tile is its value)."""
    return sum(map(sum, tiles))


def format_tiles(tiles: list[Tile] | tuple[Tile, ...]) -> list[str]:
    """Tiles as sorted `"a-b"` texts, the form used in cases and serialisation."""
    return [str(t) for t in sorted(tiles)]


def parse_tiles(texts: list[str]) -> list[Tile]:
    """Parse a list of `"a-b"` texts."""
    return [Tile.parse(t) for t in texts]
