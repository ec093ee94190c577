"""The lone 0|0 and 6|6 note of a hand's result ("a lone 6|6 counts 50", R7.5) is shown
only beside a hand whose count goes into what the hand writes: in a Kozel domino the
losing pair's two hands (R7.1), never the winning pair's; in a fish or eggs, all four
hands (R7.2, R7.3)."""

from __future__ import annotations

from core.engine import Match
from core.events import EndReason, HandResult
from core.rules.kozel import kozel_count
from core.tiles import Tile
from core.views import PublicView, public_view
from texts import Texts
from texts.render import Names, hand_summary

T = Texts().translator("en")
LABELS = ("P0", "P1", "P2", "P3")
SIX_SIX_NOTE = "(a lone 6|6 counts 50)"
ZERO_ZERO_NOTE = "(a lone 0|0 counts 25)"
# Seats 0 and 2 play against 1 and 3 (R2.2).
HANDS = ((), (Tile.of(6, 6),), (Tile.of(0, 0),), (Tile.of(1, 2),))


def kozel_view() -> PublicView:
    match, _ = Match.new("kozel", 4, 100, seed=1)
    return public_view(match)


def result(
    reason: EndReason, winner: int | None, hands: tuple[tuple[Tile, ...], ...] = HANDS
) -> HandResult:
    counts = tuple(kozel_count(hand) for hand in hands)
    return HandResult(
        hand_no=2,
        reason=reason,
        winner=winner,
        points=sum(counts),
        counts=counts,
        scores_after=(0, 0),
        hands_after=hands,
        rest=(),
        last_player=0,
        next_leader=0,
    )


def summary(hand: HandResult) -> str:
    return hand_summary(kozel_view(), hand, Names(LABELS, None, T), T, secret=False)


def line_of(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"{label}:"))


def test_a_domino_notes_the_lone_tile_of_the_pair_that_writes_the_points() -> None:
    text = summary(result(EndReason.DOMINO, winner=0))
    assert SIX_SIX_NOTE in line_of(text, "P1")  # seats 1 and 3 lost: their 50 is written


def test_a_domino_does_not_note_the_lone_tile_of_the_winning_pair() -> None:
    text = summary(result(EndReason.DOMINO, winner=0))
    assert ZERO_ZERO_NOTE not in text  # seat 2 won with seat 0: its count is not written
    assert "(a lone" not in line_of(text, "P2")
    # Its plain pips, not a weight nobody writes.
    assert line_of(text, "P2") == T("reveal", name="P2", tiles="0|0", count=0)


def test_the_note_follows_the_losing_pair_whichever_pair_it_is() -> None:
    hands = ((Tile.of(6, 6),), (), (Tile.of(2, 3),), (Tile.of(0, 0),))
    text = summary(result(EndReason.DOMINO, winner=1, hands=hands))
    assert SIX_SIX_NOTE in line_of(text, "P0")
    assert ZERO_ZERO_NOTE not in text


def test_a_fish_notes_every_lone_tile_since_all_four_hands_are_written() -> None:
    hands = ((Tile.of(3, 4),), (Tile.of(6, 6),), (Tile.of(0, 0),), (Tile.of(1, 2),))
    text = summary(result(EndReason.BLOCKED, winner=0, hands=hands))
    assert SIX_SIX_NOTE in line_of(text, "P1")
    assert ZERO_ZERO_NOTE in line_of(text, "P2")


def test_eggs_note_every_lone_tile_since_all_four_hands_are_carried() -> None:
    # 50 + 1 against 25 + 26: a tie, carried over whole.
    hands = (
        (Tile.of(6, 6),),
        (Tile.of(0, 0),),
        (Tile.of(0, 1),),
        (Tile.of(5, 6), Tile.of(4, 6), Tile.of(2, 3)),
    )
    text = summary(result(EndReason.BLOCKED, winner=None, hands=hands))
    assert SIX_SIX_NOTE in line_of(text, "P0")
    assert ZERO_ZERO_NOTE in line_of(text, "P1")
