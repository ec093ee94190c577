"""Scripted deals and moves for the engine tests, written as short strings.

Tiles are written `"a-b"`; a hand is a space-separated string of tiles. Moves are
oriented: `"6-5"` lays the tile 5-6 against an end that shows 6 (on an empty line it
leads the tile), so a list of moves reads like the line growing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from core.deal import Deal
from core.engine import Match
from core.events import Event, HandResult
from core.line import End
from core.tiles import ALL_TILES, Tile

_E = TypeVar("_E")


def tile(text: str) -> Tile:
    return Tile.parse(text)


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def deal(hands: Sequence[str], rest: str = "") -> Deal:
    """A deal from one string per seat. `rest` names the first tiles of the rest, in
    order (the boneyard's draw order); every tile named nowhere follows them in set
    order. A tile named twice is refused; sizes are checked by the engine (R2)."""
    parsed = [tiles(h) for h in hands]
    head = tiles(rest)
    named = [t for h in parsed for t in h] + head
    twice = sorted({str(t) for t in named if named.count(t) > 1})
    if twice:
        raise ValueError(f"tiles named twice: {twice}")
    tail = [t for t in ALL_TILES if t not in named]
    return Deal(tuple(tuple(sorted(h)) for h in parsed), tuple(head + tail))


def filled_deal(hands: Sequence[str], hand_size: int, rest: str = "") -> Deal:
    """Like `deal`, but each hand is topped up to `hand_size` with tiles named nowhere,
    handed out one at a time round the table in set order."""
    named = {t for h in hands for t in tiles(h)} | set(tiles(rest))
    spare = [t for t in ALL_TILES if t not in named]
    parsed = [tiles(h) for h in hands]
    while any(len(h) < hand_size for h in parsed):
        for h in parsed:
            if len(h) < hand_size:
                h.append(spare.pop(0))
    return deal([" ".join(str(t) for t in h) for h in parsed], rest)


def chain_deal(chain: str, keep: Sequence[str], leader: int = 0, n_players: int = 4) -> Deal:
    """A deal in which the moves of `chain` are made in turn by seats `leader`,
    `leader + 1`, ... (each seat holds the tiles it lays, so nobody passes), and seat
    `leader + k` also keeps the tiles `keep[k]`."""
    hands: list[list[str]] = [[] for _ in range(n_players)]
    for i, move in enumerate(chain.split()):
        hands[(leader + i) % n_players].append(move)
    for k, kept in enumerate(keep):
        hands[(leader + k) % n_players] += kept.split()
    return deal([" ".join(h) for h in hands])


def start(
    variant: str, n_players: int, *deals: Deal, target: int = 100
) -> tuple[Match, list[Event]]:
    """A match dealt from `deals` (Kozel: rejected deals first, in order)."""
    return Match.new(variant, n_players, target, deals=list(deals))


def end_showing(match: Match, number: int) -> End:
    """An end of the line that shows `number`."""
    for end in End:
        if match.end_number(end) == number:
            return end
    raise AssertionError(f"no end shows {number}: ends are {match.state.line.ends()}")


def play(match: Match, moves: str) -> list[Event]:
    """Make each move for the seat to move; return every event, forced ones included.
    `"a-b"` leads the tile on an empty line, else lays it against an end showing `a`."""
    events: list[Event] = []
    for move in moves.split():
        seat = match.turn
        assert seat is not None, f"{move}: no decision is awaited"
        end = None if match.state.line.is_empty else end_showing(match, int(move.split("-")[0]))
        events += match.play(seat, Tile.parse(move), end)
    return events


def of_type(events: Sequence[object], kind: type[_E]) -> list[_E]:
    return [e for e in events if isinstance(e, kind)]


def result(match: Match) -> HandResult:
    """The result of the hand just ended."""
    assert match.hand_over, "the hand is not over"
    assert match.last_result is not None
    return match.last_result


def ends(match: Match) -> list[int] | None:
    """The numbers shown by the two ends, ascending (mirror lines compare equal, R9.13)."""
    pair = match.state.line.ends()
    return sorted(pair) if pair else None


def restored(match: Match, **changes: Any) -> Match:
    """The match saved and loaded back, with some state fields replaced (a position
    part-way through a match, such as scores already written)."""
    data = match.to_dict()
    assert set(changes) <= set(data), f"unknown fields {set(changes) - set(data)}"
    data.update(changes)
    return Match.from_dict(data)


def tiles_in(value: object) -> Iterator[Tile]:
    """Every tile reachable inside a view, an event or nested containers."""
    if isinstance(value, Tile):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from tiles_in(getattr(value, f.name))
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from tiles_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from tiles_in(item)


# -- deals shared by several test modules ----------------------------------------------

# Block game, 2 players. Seat 0 holds the 4s, 5s and 6s it needs and leads 6-6 (R3.1);
# seat 1 holds nothing above 3 and passes until seat 0 goes out with "6-6"
# then BLOCK2_RUN_MOVES (domino, 27 points), or blocks the line by laying 4-6 on the 6.
BLOCK2_RUN = deal(["6-6 5-6 5-5 4-5 4-4 4-6 3-6", "3-3 2-3 1-3 2-2 0-3 1-2 0-2"])
BLOCK2_RUN_MOVES = "6-5 5-5 5-4 4-4 4-6 6-3"
BLOCK2_RUN_SWAPPED = deal(["3-3 2-3 1-3 2-2 0-3 1-2 0-2", "6-6 5-6 5-5 4-5 4-4 4-6 3-6"])

# Draw game, 2 players: after 6-6, seat 1 holds no 6 and draws 3-3, 4-4, then 5-6,
# which fits one way and is laid at once (R5.1); seat 0 then holds 0-6 (R5.2).
DRAW2_DRAW_THEN_AUTO = deal(
    ["6-6 0-6 1-1 1-2 1-3 2-2 2-3", "0-0 0-1 0-2 0-3 0-4 0-5 1-4"], rest="3-3 4-4 5-6"
)

# Draw game, 2 players: 6-6, "6-5", "5-4" leave ends 4 and 6; seat 1 holds neither,
# draws 1-5 and then 4-6, which fits both ends: seat 1 must choose where (R5.1, R4.4).
DRAW2_DRAWN_FITS_BOTH = deal(
    ["6-6 4-5 0-0 0-1 1-1 0-2 1-2", "5-6 0-3 1-3 2-3 3-3 2-2 0-5"], rest="1-5 4-6"
)
DRAW2_DRAWN_FITS_BOTH_MOVES = "6-5 5-4"

# Draw game, 2 players: seat 0 holds every 6 and leads 6-6; seat 1 holds no 6, draws
# the whole boneyard (no 6 in it either) and passes (R5.1, R9.8).
DRAW2_DRAW_ALL_THEN_PASS = deal(["6-6 0-6 1-6 2-6 3-6 4-6 5-6", "0-0 0-1 0-2 0-3 1-1 1-2 1-3"])

# Draw game, 2 players: the moves lay all seven 6s and leave 6 at both ends while the
# boneyard (no 6 in it) is full; seat 0 draws all 14 tiles and the hand blocks at once,
# no pass shown (R9.8). Seat 0 then counts 0-0, 1-1 and the 14 drawn tiles: 72;
# seat 1 counts 5-5 and 4-4: 18, and wins 72 - 18 = 54 (R6.2).
DRAW2_BLOCKED_AFTER_LAST_DRAW = deal(["6-6 0-1 2-6 3-6 4-5 0-0 1-1", "0-6 1-6 2-3 4-6 5-6 5-5 4-4"])
DRAW2_BLOCKED_AFTER_LAST_DRAW_MOVES = "6-0 0-1 1-6 6-2 2-3 3-6 6-4 4-5 5-6"

# Block game, 4 players: seat 0 leads 6-6 and every seat lays a tile in turn, 1, 2, 3,
# 0, 1 ... until 5-6 laid on the 5 leaves 6 at both ends with all seven 6s laid: blocked.
# Counts 7, 31, 30, 22: seat 0 wins 31 + 30 + 22 - 7 = 76 (R6.2, R9.2), alone (R9.6).
BLOCK4_BLOCKED = deal(
    [
        "6-6 2-3 4-5 0-0 0-2 1-1 0-3",
        "1-6 0-6 5-6 5-5 3-5 2-5 1-5",
        "2-6 3-6 4-4 3-4 2-4 1-4 0-4",
        "0-1 4-6 0-5 1-2 1-3 2-2 3-3",
    ]
)
BLOCK4_BLOCKED_MOVES = "6-1 6-2 1-0 2-3 0-6 3-6 6-4 4-5 5-6"

# Kozel: a fish in ten moves, the line growing from 1-1 back to 1 with every 1 laid.
# The two teams keep 60 points each: eggs (R7.3), 120 carried.
KOZEL_FISH_CHAIN = "1-1 1-3 3-4 4-1 1-5 5-6 6-1 1-0 0-2 2-1"
KOZEL_EGGS_KEEP = (
    "6-6 0-3 0-4 2-6",
    "0-5 0-6 2-3 2-4",
    "5-5 4-6 4-5 0-0 2-2",
    "2-5 3-3 3-5 3-6 4-4",
)
KOZEL_EGGS = chain_deal(KOZEL_FISH_CHAIN, KOZEL_EGGS_KEEP)

# Kozel: 25 moves from 1-1 back to 1, every seat laying a tile each round; seat 0 goes
# out with the last one, which also closes the line (R9.7). Seat 1 keeps a lone 0-0 (25),
# seat 2 a 3-3, seat 3 a lone 6-6 (50): team 1 records 75 (R7.1, R7.5).
KOZEL_DOMINO_75_CHAIN = (
    "1-1 1-4 4-0 0-5 5-2 2-0 0-3 3-6 6-4 4-3 3-2 2-4 4-4 4-5 5-3 3-1 1-2 2-2 2-6 6-5 5-5 5-1"
    " 1-6 6-0 0-1"
)
KOZEL_DOMINO_75_KEEP = ("", "0-0", "3-3", "6-6")
KOZEL_DOMINO_75 = chain_deal(KOZEL_DOMINO_75_CHAIN, KOZEL_DOMINO_75_KEEP)

# Kozel: 25 moves again; seat 0 goes out, seats 1 and 3 keep 0-1 and 0-2: a hand total
# of 3 for team 1 (rule of 13, R7.4); seat 2 keeps 1-2.
KOZEL_DOMINO_3_CHAIN = (
    "1-1 1-6 6-3 3-3 3-5 5-5 5-4 4-6 6-0 0-3 3-1 1-5 5-6 6-6 6-2 2-5 5-0 0-0 0-4 4-3 3-2 2-2"
    " 2-4 4-4 4-1"
)
KOZEL_DOMINO_3_KEEP = ("", "0-1", "1-2", "0-2")
KOZEL_DOMINO_3 = chain_deal(KOZEL_DOMINO_3_CHAIN, KOZEL_DOMINO_3_KEEP)


# Kozel misdeals (R2.3); 1-1 is held by seat 3 and by seat 1.
KOZEL_FIVE_DOUBLES = deal(
    [
        "0-1 0-2 0-3 0-4 1-2 1-3 2-3",
        "0-0 2-2 3-3 4-4 5-5 0-5 1-4",  # five doubles
        "0-6 1-5 1-6 2-4 2-5 2-6 3-4",
        "1-1 3-5 3-6 4-5 4-6 5-6 6-6",
    ]
)
KOZEL_SIX_THREES = deal(
    [
        "0-1 0-2 0-4 0-5 1-2 1-4 2-4",
        "1-1 2-2 0-6 1-5 1-6 2-5 2-6",
        "3-3 0-3 1-3 2-3 3-4 3-5 0-0",  # six tiles bear a 3
        "3-6 4-4 4-5 4-6 5-5 5-6 6-6",
    ]
)


def after_lead(chain: str) -> str:
    """The moves of a chain after its first tile (laid by force in a first hand)."""
    return chain.split(" ", 1)[1]
