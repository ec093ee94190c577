"""Deals: from a match secret (each hand's deal checkable on its own), from a seed
(matches stored before deals could be checked), or scripted (explicit hands and the
rest in order)."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from core.errors import ErrorCode, GameError
from core.tiles import ALL_TILES, Tile, format_tiles, parse_tiles


@dataclass(frozen=True)
class Deal:
    """Every seat's tiles, and the rest in the dealer's order: the boneyard in draw
    order (draw game), the out-of-play tiles (block game with 2 or 3), or nothing."""

    hands: tuple[tuple[Tile, ...], ...]
    rest: tuple[Tile, ...]

    def check(self, n_players: int, hand_size: int) -> None:
        """Refuse a deal that is not all 28 tiles once, `hand_size` to each seat."""
        if len(self.hands) != n_players or any(len(h) != hand_size for h in self.hands):
            raise GameError(ErrorCode.BAD_DEAL, f"expected {n_players} hands of {hand_size} tiles")
        every = [t for h in self.hands for t in h] + list(self.rest)
        if len(every) != len(ALL_TILES) or set(every) != set(ALL_TILES):
            raise GameError(ErrorCode.BAD_DEAL, "a deal must hold each of the 28 tiles once")

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [format_tiles(h) for h in self.hands], "rest": [str(t) for t in self.rest]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deal:
        return cls(
            hands=tuple(tuple(sorted(parse_tiles(h))) for h in data["hands"]),
            rest=tuple(parse_tiles(data["rest"])),
        )


class Dealer(Protocol):
    """Where deals come from. `attempt` counts Kozel redeals within one hand (R2.3)."""

    def deal(self, hand_no: int, attempt: int, n_players: int, hand_size: int) -> Deal: ...

    def to_dict(self) -> dict[str, Any]: ...


SECRET_BYTES: Final = 32  # a match secret: 256 bits, beyond any search


def derive(match_secret: bytes, label: bytes) -> bytes:
    """One-way: HMAC-SHA256 of `label` under the match secret. Knowing some outputs
    (the revealed hands' keys) tells nothing of the others, nor of the secret."""
    return hmac.new(match_secret, label, hashlib.sha256).digest()


def hand_key(match_secret: bytes, hand_no: int) -> bytes:
    """The key of hand `hand_no`'s deal, revealed when the hand is over."""
    return derive(match_secret, b"deal:%d" % hand_no)


def keyed_deal(key: bytes, attempt: int, n_players: int, hand_size: int) -> Deal:
    """A hand's deal from its key alone: `attempt` counts its Kozel redeals (R2.3)."""
    return _deal_of(_shuffled(key + b":%d" % attempt), n_players, hand_size)


@dataclass
class SecretDealer:
    """Deals each hand from a key derived from the match secret (`hand_key`), so that
    a hand's deal can be checked from its key once the hand is over, while the keys of
    the other hands stay unknown. The secret itself is never shown."""

    secret: bytes

    def deal(self, hand_no: int, attempt: int, n_players: int, hand_size: int) -> Deal:
        return keyed_deal(hand_key(self.secret, hand_no), attempt, n_players, hand_size)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "secret", "secret": self.secret.hex()}


@dataclass
class SeededDealer:
    """Shuffles the set with bits hashed from the seed, the hand and the attempt, so
    any deal of a match can be reproduced on its own. Matches stored before deals
    could be checked were dealt so, and still are."""

    seed: int

    def deal(self, hand_no: int, attempt: int, n_players: int, hand_size: int) -> Deal:
        order = _shuffled(b"%d:%d:%d" % (self.seed, hand_no, attempt))
        return _deal_of(order, n_players, hand_size)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "seeded", "seed": self.seed}


def _deal_of(order: list[int], n_players: int, hand_size: int) -> Deal:
    """Hands in turn from the front of a shuffled order of tile indexes, each sorted;
    the rest in that order."""
    hands = tuple(
        tuple([ALL_TILES[k] for k in sorted(order[i * hand_size : (i + 1) * hand_size])])
        for i in range(n_players)
    )
    return Deal(hands, tuple([ALL_TILES[k] for k in order[n_players * hand_size :]]))


@dataclass
class ScriptedDealer:
    """Hands out the given deals in order, whatever the hand (tests, replays)."""

    deals: list[Deal]
    position: int = field(default=0)

    def deal(self, hand_no: int, attempt: int, n_players: int, hand_size: int) -> Deal:
        if self.position >= len(self.deals):
            raise GameError(ErrorCode.DEALER_EXHAUSTED, "no scripted deal left")
        deal = self.deals[self.position]
        deal.check(n_players, hand_size)
        self.position += 1
        return deal

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "scripted",
            "deals": [d.to_dict() for d in self.deals],
            "position": self.position,
        }


def dealer_from_dict(data: dict[str, Any]) -> Dealer:
    if data["kind"] == "secret":
        secret = bytes.fromhex(data["secret"])
        if len(secret) != SECRET_BYTES:
            raise GameError(ErrorCode.BAD_STATE, "a match secret is 32 bytes")
        return SecretDealer(secret)
    if data["kind"] == "seeded":
        return SeededDealer(int(data["seed"]))
    if data["kind"] == "scripted":
        return ScriptedDealer([Deal.from_dict(d) for d in data["deals"]], int(data["position"]))
    raise GameError(ErrorCode.BAD_STATE, f"unknown dealer {data['kind']!r}")


_WORD_BYTES: Final = 7  # 56-bit words stay machine integers in the compiled build
_WORDS: Final = 5  # what the draws below take (a test checks it)
_WORD_MASK: Final = (1 << (8 * _WORD_BYTES)) - 1
_SLACK: Final = 1 << 32  # spare range kept below each draw: bias under 2**-32 a draw


def _shuffled(key: bytes) -> list[int]:
    """A permutation of the 28 tile indexes, by Fisher-Yates on words of a hash of
    `key`. A hash rather than a seeded `random.Random`, whose seeding alone costs more
    than the whole shuffle. A word serves draws while more than `_SLACK` times the
    draw's range is left of it; the 27 draws take five words."""
    code = int.from_bytes(hashlib.blake2b(key, digest_size=_WORDS * _WORD_BYTES).digest(), "big")
    order = list(range(len(ALL_TILES)))
    word, room = 0, 0
    for i in range(len(order) - 1, 0, -1):
        if room < _SLACK * (i + 1):
            word = code & _WORD_MASK
            code >>= 8 * _WORD_BYTES
            room = _WORD_MASK + 1
        j = word % (i + 1)  # not divmod: % and // stay machine operations when compiled
        word //= i + 1
        room //= i + 1
        order[i], order[j] = order[j], order[i]
    return order
