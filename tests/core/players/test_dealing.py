"""The hard player's sampled deals fit everything the seat knows, and only that."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from core.bits import mask_of
from core.engine import Match
from core.events import Drew, Passed
from core.players.dealing import ConstrainedDealer, NoConsistentDealError
from core.players.hard import HardPlayer
from core.players.knowledge import Knowledge, infer
from core.tiles import Tile
from core.variants import HAND_SIZES, Variant
from core.views import SeatView, seat_view

SETUPS = [(variant, n) for variant in Variant for n in sorted(HAND_SIZES[variant])]
HANDS = 80  # random hands per setup to find such views in


def crowded_views(variant: Variant, n_players: int, count: int) -> list[SeatView]:
    """Views of the seat to move after many passes and draws in random legal hands: the
    `count` views whose voids rule out the largest share of deals (constraints that
    tight made samplers that retry at random give up)."""
    rng = random.Random(f"crowded {variant} {n_players}")
    views: list[tuple[float, int, SeatView]] = []
    for hand in range(HANDS):
        match, _ = Match.new(variant, n_players, seed=rng.getrandbits(32))
        while not match.hand_over:
            seat = match.turn
            assert seat is not None
            view = seat_view(match, seat)
            # Many passes and draws: as many as there are seats, or more.
            if sum(isinstance(e, (Passed, Drew)) for e in view.history) >= n_players:
                know = infer(view)
                share = ConstrainedDealer(know).first.deals / unconstrained_deals(know)
                views.append((share, hand, view))
            match.play(seat, *rng.choice(match.legal_moves()))
    views.sort(key=lambda entry: entry[:2])
    return [view for _, _, view in views[:count]]


def unconstrained_deals(know: Knowledge) -> int:
    """The deals of the unseen tiles with the right sizes, voids or not."""
    left, deals = know.unseen.bit_count(), 1
    for seat, size in enumerate(know.hand_sizes):
        if seat != know.seat:
            deals *= math.comb(left, size)
            left -= size
    return deals


def check_deal(know: Knowledge, hands: list[int]) -> None:
    """Exact hand sizes, the seat's own hand, the unseen tiles dealt at most once, and
    no seat given a tile bearing a number it is proven to lack."""
    assert hands[know.seat] == know.own
    dealt = 0
    for seat, hand in enumerate(hands):
        assert hand.bit_count() == know.hand_sizes[seat]
        assert not dealt & hand
        dealt |= hand
        if seat != know.seat:
            assert not hand & ~know.allowed(seat), (seat, know.lacks[seat])
    assert (dealt & ~know.own) | know.unseen == know.unseen


@pytest.mark.parametrize(("variant", "n_players"), SETUPS)
def test_every_sample_honours_every_proven_void_and_the_hand_sizes(
    variant: Variant, n_players: int
) -> None:
    """R2, R5.1, R5.3, R8.2: after many passes and draws, every deal the hard player
    samples gives each seat exactly its number of tiles, none bearing a number it is
    proven to lack, and leaves exactly the rest's number of tiles to the rest."""
    player = HardPlayer()
    rng = random.Random(f"samples {variant} {n_players}")
    voids = 0
    for view in crowded_views(variant, n_players, 25):
        know = infer(view)
        voids += sum(1 for s in range(n_players) if s != know.seat and know.lacks[s])
        for sample in player.sample(know, rng, 100):
            check_deal(know, sample.hands)
            rest = sum(sample.rest)
            assert len(sample.rest) == know.rest_size
            others = sum(h for s, h in enumerate(sample.hands) if s != know.seat)
            assert rest | others == know.unseen
            assert not rest & others
    assert voids > 0


def test_samples_are_the_same_for_the_same_rng() -> None:
    """The sampler draws chance from the rng alone."""
    view = crowded_views(Variant.KOZEL, 4, 1)[0]
    know = infer(view)
    first = HardPlayer().sample(know, random.Random(3), 20)
    again = HardPlayer().sample(know, random.Random(3), 20)
    assert first == again


def small_knowledge() -> Knowledge:
    """Seat 0 sees seven unseen tiles; seats 1 to 3 hold two each and one is out of play.
    Seat 1 lacks 6s, seat 2 lacks 5s, seat 3 lacks 1s."""
    unseen = [Tile(1, 5), Tile(1, 6), Tile(2, 5), Tile(2, 6), Tile(3, 4), Tile(5, 6), Tile(0, 3)]
    return Knowledge(
        seat=0,
        n_players=4,
        own=mask_of([Tile(0, 0)]),
        unseen=mask_of(unseen),
        hand_sizes=(1, 2, 2, 2),
        rest_size=1,
        lacks=(0, 1 << 6, 1 << 5, 1 << 1),
        plays=(),
    )


def consistent_deals(know: Knowledge) -> set[tuple[int, ...]]:
    """Every deal of the unseen tiles that fits `know`, by brute force."""
    tiles = [1 << i for i in range(28) if know.unseen >> i & 1]
    others = [s for s in range(know.n_players) if s != know.seat]
    deals = set()
    for owners in itertools.product([*others, -1], repeat=len(tiles)):
        hands = [0] * know.n_players
        hands[know.seat] = know.own
        for tile, owner in zip(tiles, owners, strict=True):
            if owner >= 0:
                hands[owner] |= tile
        sizes_fit = all(hands[s].bit_count() == know.hand_sizes[s] for s in others)
        if sizes_fit and all(not hands[s] & ~know.allowed(s) for s in others):
            deals.add(tuple(hands))
    return deals


def test_deals_are_drawn_uniformly_from_the_consistent_ones() -> None:
    """R5.1, R5.3: every deal that fits the proven voids comes up, as often as any
    other, and no other deal ever does."""
    know = small_knowledge()
    possible = consistent_deals(know)
    assert len(possible) > 10
    dealer = ConstrainedDealer(know)
    assert dealer.first.deals == len(possible)
    rng = random.Random(8)
    draws = 300 * len(possible)
    seen = Counter(tuple(dealer.deal(rng)) for _ in range(draws))
    assert set(seen) == possible
    assert all(abs(count - 300) < 90 for count in seen.values()), sorted(seen.values())


def test_a_view_no_deal_fits_fails_loudly() -> None:
    """Seats 2 and 3 may each hold their two tiles, but only the same two: no deal."""
    know = small_knowledge()
    impossible = Knowledge(
        seat=know.seat,
        n_players=know.n_players,
        own=know.own,
        unseen=know.unseen,
        hand_sizes=know.hand_sizes,
        rest_size=know.rest_size,
        lacks=(0, 1 << 6, 1 << 5 | 1 << 6, 1 << 1 | 1 << 2 | 1 << 5 | 1 << 6),
        plays=(),
    )
    with pytest.raises(NoConsistentDealError):
        ConstrainedDealer(impossible)
