"""A deal anyone can check. A match dealt from a secret (`core.deal.SecretDealer`)
shows, while a hand is played, a commitment to that hand's secret; once the hand is
over it shows the secret, from which `HandSecret.rebuild` deals the hand again.

A hand's secret is its key (`core.deal.hand_key`: HMAC-SHA256 of the match secret)
written with what the deal depends on besides: `kozel-4-<64 hex digits>`. The match
secret is never shown, so a revealed key tells nothing of the other hands' keys, nor
of the bots' chance (`bots_seed`, another HMAC of the same secret).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from core.deal import Deal, derive, hand_key, keyed_deal
from core.engine import MAX_REDEALS
from core.events import MisdealReason
from core.rules import rules_for
from core.variants import HAND_SIZES, Settings, Variant

COMMITMENT_DIGITS: Final = 16  # hex digits of SHA-256 shown: 64 bits, short enough to compare
_KEY_DIGITS: Final = 64
_SHAPE = re.compile(r"([a-z]+)-([0-9])-([0-9a-f]+)")


class SecretProblem(StrEnum):
    """Why a text is not a hand's secret."""

    SHAPE = "shape"  # not <game>-<players>-<hex digits>
    GAME = "game"  # no such game
    PLAYERS = "players"  # the game is not played by that many
    KEY = "key"  # not 64 hex digits


class BadSecretError(ValueError):
    """A text that is not a hand's secret; `problem` says what is wrong with it."""

    def __init__(self, problem: SecretProblem, text: str) -> None:
        super().__init__(f"not a deal secret ({problem.value}): {text[:100]!r}")
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Redeal:
    """A deal voided by R2.3: the seat whose hand voided it, and why."""

    deal: Deal
    seat: int
    reason: MisdealReason


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A hand's deals in order: the voided ones (Kozel, R2.3), then the one played."""

    redeals: tuple[Redeal, ...]
    deal: Deal


@dataclass(frozen=True, slots=True)
class HandSecret:
    """One hand's secret: its game, its number of players and its key."""

    variant: Variant
    n_players: int
    key: bytes

    def __str__(self) -> str:
        return f"{self.variant.value}-{self.n_players}-{self.key.hex()}"

    @property
    def commitment(self) -> str:
        return commitment(str(self))

    @classmethod
    def parse(cls, text: str) -> HandSecret:
        """The secret a text writes; `BadSecretError` says what is wrong otherwise."""
        shape = _SHAPE.fullmatch(text.strip().lower())
        if shape is None:
            raise BadSecretError(SecretProblem.SHAPE, text)
        game, players, digits = shape.groups()
        if game not in {v.value for v in Variant}:
            raise BadSecretError(SecretProblem.GAME, text)
        variant = Variant(game)
        if int(players) not in HAND_SIZES[variant]:
            raise BadSecretError(SecretProblem.PLAYERS, text)
        if len(digits) != _KEY_DIGITS:
            raise BadSecretError(SecretProblem.KEY, text)
        return cls(variant, int(players), bytes.fromhex(digits))

    def rebuild(self) -> DealtHand:
        """The hand's deal from this secret alone, as the engine dealt it: in Kozel,
        the deals R2.3 voided first, each from the same key and its attempt number."""
        rules = rules_for(self.variant)
        hand_size = HAND_SIZES[self.variant][self.n_players]
        redeals: list[Redeal] = []
        for attempt in range(MAX_REDEALS):
            deal = keyed_deal(self.key, attempt, self.n_players, hand_size)
            misdeal = rules.misdeal(deal)
            if misdeal is None:
                return DealtHand(tuple(redeals), deal)
            redeals.append(Redeal(deal, *misdeal))
        raise AssertionError("no valid deal from this key")  # about 60**-10000: never


def commitment(secret_text: str) -> str:
    """What a hand shows while it is played: the first hex digits of SHA-256 of its
    secret as written, which binds the game and players too."""
    return hashlib.sha256(secret_text.encode()).hexdigest()[:COMMITMENT_DIGITS]


def hand_secret(match_secret: bytes, settings: Settings, hand_no: int) -> HandSecret:
    """The secret of hand `hand_no` of a match dealt from `match_secret`."""
    return HandSecret(settings.variant, settings.n_players, hand_key(match_secret, hand_no))


def bots_seed(match_secret: bytes) -> int:
    """The seed of the bots' chance (`core.players.decision_rng`): derived apart from
    every hand's key, so that no revealed secret tells what a bot will choose."""
    return int.from_bytes(derive(match_secret, b"bots"), "big")
