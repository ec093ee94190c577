"""A game's stored form (its record as compressed JSON) and back, and the records this
process read or wrote lately. A game's version is written once and never again, so a
record known by (id, version) needs no second parse: a press's save is read back by the
worker, a refused press's reload meets the version its neighbour saved."""

from __future__ import annotations

import zlib
from collections import OrderedDict

from pydantic import ValidationError

from bot.game.record import GameRecord
from bot.game.state import Game

# zlib level. Every save compresses the whole record: a finished four-player match's
# 6.8 KB of JSON become 1.6 KB in 38 µs at level 3, 1.4 KB in 76 µs at level 6.
COMPRESSION = 3
KEPT = 2_000  # records kept here at most (the least recently used go first)


def encode(record: GameRecord) -> bytes:
    """The stored form of a record: JSON, compressed."""
    return zlib.compress(record.to_json(), COMPRESSION)


def decode(raw: bytes) -> GameRecord:
    """A record from its stored form (ValueError or ValidationError when damaged)."""
    try:
        data = zlib.decompress(raw)
    except zlib.error as exc:
        raise ValueError(f"not a stored game: {exc}") from exc
    return GameRecord.from_json(data)


class RecentRecords:
    """The records this process read or wrote lately, by game id and version."""

    def __init__(self, size: int = KEPT) -> None:
        self._size = size
        self._known: OrderedDict[tuple[str, int], GameRecord] = OrderedDict()

    def put(self, record: GameRecord) -> None:
        key = (record.game_id, record.version)
        self._known[key] = record
        self._known.move_to_end(key)
        while len(self._known) > self._size:
            self._known.popitem(last=False)

    def game(
        self, game_id: str, version: bytes | str | None, raw: bytes | str | None
    ) -> Game | None:
        """The game stored as `raw` at `version` (as the hash holds them): the record
        from here when it is known, else parsed (None: unknown, expired or unreadable)."""
        if raw is None:
            return None
        if version is not None:
            known = self._known.get((game_id, int(version)))
            if known is not None:
                self._known.move_to_end((game_id, known.version))
                return Game.load(known)
        try:
            record = decode(raw if isinstance(raw, bytes) else raw.encode())
        except (ValidationError, ValueError, KeyError, TypeError):
            return None  # an old or damaged record is treated as gone, never crashes a handler
        self.put(record)
        return Game.load(record)
