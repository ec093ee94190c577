"""Seeded positions (`core.positions`): the hand stays on the table, the same seed gives
the same position."""

from __future__ import annotations

import pytest

from core.positions import seeded_position
from core.state import Phase
from core.variants import Variant
from core.views import public_view


@pytest.mark.parametrize(
    ("variant", "players"), [(Variant.DRAW, 2), (Variant.BLOCK, 3), (Variant.KOZEL, 4)]
)
@pytest.mark.parametrize("moves", [1, 12, 80])
def test_a_position_keeps_its_first_hand_on_the_table(
    variant: Variant, players: int, moves: int
) -> None:
    view = public_view(seeded_position(variant, players, seed=3, moves=moves))
    assert view.phase is Phase.PLAYING
    assert view.hand_no == 1
    assert view.line


def test_without_a_number_of_moves_the_first_hand_is_played_out() -> None:
    view = public_view(seeded_position(Variant.DRAW, 2, seed=3, moves=None))
    assert view.phase is not Phase.PLAYING


def test_the_same_seed_gives_the_same_position() -> None:
    one = seeded_position(Variant.DRAW, 4, seed=11, moves=20)
    two = seeded_position(Variant.DRAW, 4, seed=11, moves=20)
    assert public_view(one).line == public_view(two).line
