"""Deals: the deal table (R2), checked deals, scripted and seeded dealers."""

from __future__ import annotations

from collections import Counter

import pytest

from core.deal import (
    _SLACK,
    _WORD_MASK,
    _WORDS,
    Deal,
    ScriptedDealer,
    SeededDealer,
    _shuffled,
    dealer_from_dict,
)
from core.engine import Match
from core.errors import ErrorCode, GameError
from core.events import Drew
from core.tiles import ALL_TILES
from core.variants import HAND_SIZES, Settings, Variant
from core.views import public_view
from tests.core.helpers import BLOCK2_RUN, deal, filled_deal, of_type, tiles

# R2: (variant, players) -> (tiles each, size of the rest)
DEAL_TABLE = [
    ("draw", 2, 7, 14),
    ("draw", 3, 5, 13),
    ("draw", 4, 5, 8),
    ("block", 2, 7, 14),
    ("block", 3, 6, 10),
    ("block", 4, 7, 0),
    ("kozel", 4, 7, 0),
]


@pytest.mark.parametrize(("variant", "n_players", "each", "rest"), DEAL_TABLE)
def test_deal_table_gives_each_seat_its_tiles_and_leaves_the_rest(
    variant: str, n_players: int, each: int, rest: int
) -> None:
    """R2: tiles each and the rest, per variant and number of players."""
    settings = Settings(Variant(variant), n_players)
    assert settings.hand_size == each
    for seed in range(5):
        d = SeededDealer(seed).deal(1, 0, n_players, each)
        d.check(n_players, each)
        assert [len(h) for h in d.hands] == [each] * n_players
        assert len(d.rest) == rest


def test_deal_table_lists_exactly_the_allowed_player_counts() -> None:
    """R2: the draw and block games for 2 to 4 players, Kozel for exactly 4."""
    assert {v.value: sorted(sizes) for v, sizes in HAND_SIZES.items()} == {
        "draw": [2, 3, 4],
        "block": [2, 3, 4],
        "kozel": [4],
    }


@pytest.mark.parametrize(("variant", "n_players", "each", "rest"), DEAL_TABLE)
def test_new_match_shows_the_dealt_sizes(
    variant: str, n_players: int, each: int, rest: int
) -> None:
    """R2, R8.1: the boneyard is the rest in the draw game; elsewhere it is out of play."""
    match, events = Match.new(variant, n_players, seed=3)
    view = public_view(match)
    drawn = len(of_type(events, Drew))
    assert sum(view.hand_sizes) + len(view.line) == each * n_players + drawn
    if variant == "draw":
        assert view.boneyard_size == rest - drawn
        assert view.out_of_play == 0
    else:
        assert drawn == 0
        assert view.boneyard_size == 0
        assert view.out_of_play == rest


def test_check_accepts_a_complete_deal() -> None:
    BLOCK2_RUN.check(2, 7)


@pytest.mark.parametrize(
    ("bad", "n_players", "hand_size"),
    [
        (BLOCK2_RUN, 3, 7),  # wrong number of hands
        (BLOCK2_RUN, 2, 6),  # wrong hand size
        (Deal(BLOCK2_RUN.hands, BLOCK2_RUN.rest[:-1]), 2, 7),  # a tile missing
        (Deal(BLOCK2_RUN.hands, (*BLOCK2_RUN.rest[:-1], BLOCK2_RUN.rest[0])), 2, 7),  # twice
        (Deal(BLOCK2_RUN.hands, (*BLOCK2_RUN.rest, BLOCK2_RUN.rest[0])), 2, 7),  # 29 tiles
        (Deal((BLOCK2_RUN.hands[0], BLOCK2_RUN.hands[0]), BLOCK2_RUN.rest), 2, 7),
    ],
)
def test_check_refuses_a_bad_deal(bad: Deal, n_players: int, hand_size: int) -> None:
    """R1.1, R2: each of the 28 tiles once, the table's number of tiles to each seat."""
    with pytest.raises(GameError) as info:
        bad.check(n_players, hand_size)
    assert info.value.code is ErrorCode.BAD_DEAL


def test_match_refuses_a_scripted_deal_of_the_wrong_shape() -> None:
    """R2: a block game for 3 deals 6 tiles each, not 7."""
    with pytest.raises(GameError) as info:
        Match.new("block", 3, deals=[BLOCK2_RUN])
    assert info.value.code is ErrorCode.BAD_DEAL


def test_scripted_dealer_hands_out_its_deals_in_order_then_is_exhausted() -> None:
    first, second = BLOCK2_RUN, deal(["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6 2-2"])
    dealer = ScriptedDealer([first, second])
    assert dealer.deal(1, 0, 2, 7) is first
    assert dealer.deal(2, 0, 2, 7) is second
    assert dealer.position == 2
    with pytest.raises(GameError) as info:
        dealer.deal(3, 0, 2, 7)
    assert info.value.code is ErrorCode.DEALER_EXHAUSTED


def test_scripted_dealer_checks_a_deal_before_handing_it_out() -> None:
    dealer = ScriptedDealer([BLOCK2_RUN])
    with pytest.raises(GameError) as info:
        dealer.deal(1, 0, 4, 7)
    assert info.value.code is ErrorCode.BAD_DEAL
    assert dealer.position == 0


def test_match_with_no_scripted_deal_cannot_start() -> None:
    with pytest.raises(GameError) as info:
        Match.new("block", 2, deals=[])
    assert info.value.code is ErrorCode.DEALER_EXHAUSTED


def test_seeded_dealer_is_reproducible_per_hand_and_attempt() -> None:
    """Any deal of a seeded match can be dealt again on its own."""
    a, b = SeededDealer(42), SeededDealer(42)
    assert a.deal(3, 1, 4, 7) == b.deal(3, 1, 4, 7)
    assert a.deal(3, 0, 4, 7) != a.deal(3, 1, 4, 7)
    assert a.deal(1, 0, 4, 7) != a.deal(2, 0, 4, 7)
    assert SeededDealer(1).deal(1, 0, 4, 7) != SeededDealer(2).deal(1, 0, 4, 7)


def test_the_seeded_shuffle_has_hashed_bits_for_every_draw() -> None:
    """The draws' schedule does not depend on the key: count the words it takes."""
    room, words = 0, 0
    for i in range(len(ALL_TILES) - 1, 0, -1):
        if room < _SLACK * (i + 1):
            room, words = _WORD_MASK + 1, words + 1
        room //= i + 1
    assert words == _WORDS


def test_the_seeded_shuffle_puts_every_tile_anywhere_alike() -> None:
    """Where tiles 0-0 and 6-6 land over 5600 shuffles: each of the 28 places about 200
    times. Chi-square with 27 degrees of freedom; 75 is passed with p below 1e-6."""
    for index in (0, len(ALL_TILES) - 1):
        places = Counter(_shuffled(b"%d" % key).index(index) for key in range(5600))
        chi2 = sum((places[p] - 200) ** 2 / 200 for p in range(len(ALL_TILES)))
        assert chi2 < 75


def test_seeded_deal_holds_every_tile_once_with_sorted_hands() -> None:
    d = SeededDealer(7).deal(1, 0, 3, 6)
    every = [t for h in d.hands for t in h] + list(d.rest)
    assert sorted(every) == sorted(ALL_TILES)
    assert all(list(h) == sorted(h) for h in d.hands)


def test_deal_round_trips_through_a_dict() -> None:
    d = deal(["6-6 0-1", "2-2 3-4"], rest="5-5 0-0")
    data = d.to_dict()
    assert data["hands"] == [["0-1", "6-6"], ["2-2", "3-4"]]
    assert data["rest"][:2] == ["5-5", "0-0"]  # the rest keeps its order
    assert Deal.from_dict(data) == d


def test_dealers_round_trip_through_a_dict() -> None:
    scripted = ScriptedDealer([BLOCK2_RUN], position=1)
    again = dealer_from_dict(scripted.to_dict())
    assert isinstance(again, ScriptedDealer)
    assert again.deals == [BLOCK2_RUN]
    assert again.position == 1
    seeded = dealer_from_dict(SeededDealer(99).to_dict())
    assert isinstance(seeded, SeededDealer)
    assert seeded.seed == 99


def test_unknown_dealer_kind_is_a_bad_state() -> None:
    with pytest.raises(GameError) as info:
        dealer_from_dict({"kind": "marked-cards"})
    assert info.value.code is ErrorCode.BAD_STATE


def test_deal_helper_puts_unnamed_tiles_after_the_named_rest() -> None:
    d = deal(["6-6", "0-0"], rest="3-4 1-1")
    assert list(d.rest[:2]) == tiles("3-4 1-1")
    assert len(d.rest) == 26
    assert sorted([*d.hands[0], *d.hands[1], *d.rest]) == sorted(ALL_TILES)


def test_deal_helper_refuses_a_tile_named_twice() -> None:
    with pytest.raises(ValueError, match="0-1"):
        deal(["0-1 2-2", "1-0"])


def test_filled_deal_tops_every_hand_up() -> None:
    d = filled_deal(["1-1", "", "6-6 5-5"], 6)
    assert [len(h) for h in d.hands] == [6, 6, 6]
    d.check(3, 6)
    assert tiles("1-1")[0] in d.hands[0]
