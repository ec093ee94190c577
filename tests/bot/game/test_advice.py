"""What a person's seat keeps of hints and the coach (bot.game.advice)."""

from __future__ import annotations

from bot.game import advice
from bot.game.advice import COACH_THRESHOLD, coached, hinted
from bot.game.seats import HumanSeat
from core.engine import Match
from core.line import End
from core.players.advice import Appraisal
from core.tiles import Tile

SOME = COACH_THRESHOLD + 1  # expected points lost: over the threshold
MORE = COACH_THRESHOLD + 8
ALICE = HumanSeat(user_id=1, name="Alice", language="en", chat_id=1)
BEST = (Tile.parse("5-3"), End.RIGHT)
GOOD = (Tile.parse("2-5"), End.LEFT)
POOR = (Tile.parse("6-6"), None)


def appraised(good: float, poor: float) -> list[Appraisal]:
    return [Appraisal(BEST, 10.0), Appraisal(GOOD, 10.0 - good), Appraisal(POOR, 10.0 - poor)]


def test_a_hint_asked_twice_for_one_decision_counts_once() -> None:
    once = hinted(ALICE, (1, 4))
    assert once.hints == 1
    assert hinted(once, (1, 4)) is once
    assert hinted(once, (1, 6)).hints == 2
    assert hinted(once, (2, 4)).hints == 2  # the same decision number, another hand


def test_the_coach_keeps_nothing_at_or_below_its_threshold() -> None:
    near = appraised(good=COACH_THRESHOLD, poor=COACH_THRESHOLD)
    assert coached(ALICE, near, POOR, 1, (5, 3)).coach is None
    assert coached(ALICE, appraised(1, MORE), BEST, 1, (5, 3)).coach is None  # the best move


def test_the_coach_keeps_the_hands_costliest_move_with_the_better_one() -> None:
    lost_some = coached(ALICE, appraised(good=SOME, poor=MORE), GOOD, 1, (5, 3))
    assert lost_some.coach is not None
    assert lost_some.coach.cost == SOME
    assert lost_some.coach.played == ("2-5", "left")
    assert lost_some.coach.better == ("3-5", "right")
    lost_more = coached(lost_some, appraised(good=SOME, poor=MORE), POOR, 1, (6, 1))
    assert lost_more.coach is not None
    assert (lost_more.coach.cost, lost_more.coach.played, lost_more.coach.ends) == (
        MORE,
        ("6-6", None),
        (6, 1),
    )
    assert coached(lost_more, appraised(good=SOME, poor=MORE), GOOD, 1, (5, 3)) is lost_more


def test_a_new_hand_starts_a_new_note() -> None:
    first = coached(ALICE, appraised(good=SOME, poor=MORE), POOR, 1, (5, 3))
    second = coached(first, appraised(good=SOME, poor=MORE), GOOD, 2, (5, 3))
    assert second.coach is not None
    assert (second.coach.hand_no, second.coach.cost) == (2, SOME)


def test_the_decision_key_is_the_hand_and_the_decisions_made_in_it() -> None:
    match, _ = Match.new("draw", 2, 100, seed=1)
    assert advice.decision_key(match) == (1, 0)
