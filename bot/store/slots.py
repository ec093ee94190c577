"""Where the keys live in a Redis Cluster.

A Redis Cluster keeps each key in one of 16,384 slots, by the CRC16 of its hash tag
(the part between braces), and refuses a script or a transaction whose keys are in
several slots. The bot's schedules (which games are due, live, finished) are split
into `SHARDS` shards, each in the slot of its own tag; every chat belongs to one
shard, and a new game's id is chosen so that the game's own tag (`{id}`) falls in the
slot of its chat's shard. So a game's save, its chat's pointer and its place in the
schedules change in one script on one slot, as on a single Redis.

Ids are ten hex digits: six drawn at random, then four that put the id in the slot
wanted. CRC16 is linear, so the four are looked up in a table rather than searched.
"""

from __future__ import annotations

import binascii
import random
from functools import cache

SHARDS = 16  # schedules per kind; a cluster spreads them over its nodes
SLOTS = 16384  # Redis Cluster's
_SLOT_MASK = SLOTS - 1
_DRAWN_DIGITS = 6
_FITTED_DIGITS = 4


def slot(tag: str) -> int:
    """The Redis Cluster slot of a hash tag (redis-py's `key_slot` of `{tag}`)."""
    return binascii.crc_hqx(tag.encode(), 0) & _SLOT_MASK


def tag(shard: int) -> str:
    """The hash tag of a shard's keys."""
    return f"shard-{shard}"


SHARD_SLOTS = tuple(slot(tag(s)) for s in range(SHARDS))
_SHARD_BY_SLOT = {at: s for s, at in enumerate(SHARD_SLOTS)}


def shard_of_chat(chat_id: int) -> int:
    """The shard a chat's games are placed in."""
    return slot(str(chat_id)) % SHARDS


def shard_of_game(game_id: str) -> int:
    """The shard of a game: the one whose slot its id falls in. An id no shard's slot
    holds (a forged one) still gets a shard, by its slot."""
    at = slot(game_id)
    return _SHARD_BY_SLOT.get(at, at % SHARDS)


@cache
def _fitting() -> dict[int, str]:
    """For a slot's worth of CRC bits, four hex digits whose CRC16 (from 0) has them.
    About four in five of the 16,384 values have such digits."""
    found: dict[int, str] = {}
    for value in range(16**_FITTED_DIGITS):
        digits = f"{value:0{_FITTED_DIGITS}x}"
        found.setdefault(slot(digits), digits)
    return found


# CRC16 of `prefix + digits` from 0 is CRC16 of `digits` from 0, XOR what the prefix
# leaves in the register carried over four zero bytes (linearity over GF(2)).
_ZEROS = b"\0" * _FITTED_DIGITS


def game_id_in(shard: int, rng: random.Random) -> str:
    """A new game id in the slot of `shard`: six random hex digits from `rng`, then
    four that fit. Deterministic for a given `rng`."""
    wanted = SHARD_SLOTS[shard]
    fitting = _fitting()
    while True:
        drawn = f"{rng.getrandbits(4 * _DRAWN_DIGITS):0{_DRAWN_DIGITS}x}"
        carried = binascii.crc_hqx(_ZEROS, binascii.crc_hqx(drawn.encode(), 0))
        digits = fitting.get((wanted ^ carried) & _SLOT_MASK)
        if digits is not None:
            return drawn + digits
