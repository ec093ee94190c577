"""Fast play-outs of one hand on bitmasks, for bot players' searches.

A position is every seat's hand as a bitmask (see `core.bits`), the rest
in draw order, the two ends and the seat to act. Play-outs follow the rules of the
engine (R4, R5, R6.2) but skip its bookkeeping; a hand ends on a domino or once
every seat has passed in a row, which leaves the same hands as the engine's
immediate blocked end.
"""

from __future__ import annotations

import random

from core.bits import HIGH, LOW, SUIT, bits_of

GREEDY = 0  # the heaviest playable tile, first fitting end
HOLDER = 1  # the heaviest playable tile, towards the end whose number it holds most of
SMART = 2  # weighs every placement with the sample's hands in view (see `smart_choice`)

# SMART's weights, in pips.
_BLOCKS_NEXT = 8  # the next seat (an opponent, or anyone outside Kozel) cannot follow
_BLOCKS_PARTNER = 6  # Kozel: the partner could not follow
_FOLLOW = 2  # per own tile that fits the new ends
_DOUBLE = 3  # a double placed while it still can be


def playout(
    hands: list[int],
    rest: list[int],
    left: int,
    right: int,
    turn: int,
    draws: bool,
    policy: int,
    teams: bool = False,
) -> tuple[int, bool]:
    """Play the hand out from `turn` (who has not acted yet). Mutates `hands` and
    `rest`. Returns (the seat that laid the last tile or -1, whether it went out)."""
    n = len(hands)
    passes = 0
    last = -1
    seat = turn
    while True:
        hand = hands[seat]
        playable = hand & (SUIT[left] | SUIT[right])
        if not playable and draws:
            while rest:
                bit = rest.pop()
                hand |= bit
                i = bit.bit_length() - 1
                if LOW[i] in (left, right) or HIGH[i] in (left, right):
                    playable = bit
                    break
            hands[seat] = hand
        if not playable:
            passes += 1
            if passes >= n:
                return last, False
            seat = (seat + 1) % n
            continue
        passes = 0
        if policy == SMART and playable & (playable - 1):
            hand, left, right = smart_choice(hands, seat, playable, left, right, teams)
            hands[seat] = hand
            last = seat
            if not hand:
                return seat, True
            seat = (seat + 1) % n
            continue
        i = playable.bit_length() - 1
        lo, hi = LOW[i], HIGH[i]
        fits_left = lo == left or hi == left
        fits_right = lo == right or hi == right
        if fits_left and fits_right and left != right and policy == HOLDER:
            # Leave open the number this seat holds more of.
            rest_hand = hand & ~(1 << i)
            new_if_left = hi if lo == left else lo
            new_if_right = hi if lo == right else lo
            if (rest_hand & SUIT[new_if_right]).bit_count() > (
                rest_hand & SUIT[new_if_left]
            ).bit_count():
                fits_left = False
        if fits_left:
            left = hi if lo == left else lo
        else:
            right = hi if lo == right else lo
        hand &= ~(1 << i)
        hands[seat] = hand
        last = seat
        if not hand:
            return seat, True
        seat = (seat + 1) % n


def smart_choice(
    hands: list[int], seat: int, playable: int, left: int, right: int, teams: bool
) -> tuple[int, int, int]:
    """The placement a strong player who could see the sample's hands would favour:
    heavy tiles and doubles early, ends it can follow, the next opponent shut out,
    the partner (Kozel) kept in. Returns (the seat's hand after, new left, new right)."""
    n = len(hands)
    hand = hands[seat]
    nxt = hands[(seat + 1) % n]
    partner = hands[(seat + 2) % n] if teams else 0
    best_value = -1_000
    best = (hand, left, right)
    m = playable
    while m:
        bit = m & -m
        m ^= bit
        i = bit.bit_length() - 1
        lo, hi = LOW[i], HIGH[i]
        rest_hand = hand & ~bit
        base = lo + hi + (_DOUBLE if lo == hi else 0)
        for new_left, new_right in placements(lo, hi, left, right):
            fits = SUIT[new_left] | SUIT[new_right]
            value = base + _FOLLOW * (rest_hand & fits).bit_count()
            if not nxt & fits:
                value += _BLOCKS_NEXT
            if teams and partner and not partner & fits:
                value -= _BLOCKS_PARTNER
            if value > best_value:
                best_value, best = value, (rest_hand, new_left, new_right)
    return best


def placements(lo: int, hi: int, left: int, right: int) -> list[tuple[int, int]]:
    """The distinct ends after laying lo-hi (R4.4: one placement when both ends match)."""
    out = []
    if lo == left or hi == left:
        out.append((hi if lo == left else lo, right))
    if (lo == right or hi == right) and left != right:
        out.append((left, hi if lo == right else lo))
    return out


def shuffled_bits(mask: int, rng: random.Random) -> list[int]:
    """The bits of `mask` in a random order (a sampled boneyard's draw order)."""
    bits = bits_of(mask)
    rng.shuffle(bits)
    return bits
