"""Kozel: teams, redeals, leads and penalty points (R2.2, R2.3, R3.3, R3.4, R7, R9.3,
R9.4, R9.5, R9.7, R9.11)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from core.events import (
    EndReason,
    HandStarted,
    MatchResult,
    MisdealReason,
    Played,
    PlayKind,
    Redealt,
)
from core.rules.kozel import kozel_count, losing_mark, misdeal_reason
from core.variants import Settings, Variant
from tests.core.helpers import (
    KOZEL_DOMINO_3,
    KOZEL_DOMINO_3_CHAIN,
    KOZEL_DOMINO_3_KEEP,
    KOZEL_DOMINO_75,
    KOZEL_DOMINO_75_CHAIN,
    KOZEL_DOMINO_75_KEEP,
    KOZEL_EGGS,
    KOZEL_EGGS_KEEP,
    KOZEL_FISH_CHAIN,
    KOZEL_FIVE_DOUBLES,
    KOZEL_SIX_THREES,
    after_lead,
    chain_deal,
    deal,
    ends,
    of_type,
    play,
    restored,
    result,
    start,
    tile,
    tiles,
)

# The fish of KOZEL_EGGS with 6-6 and 0-5 swapped between seats 0 and 1: counts 20, 29,
# 33, 38; team 1 holds 67 against 53 and records all four hands: 120 (R7.2).
KOZEL_FISH_TEAM1_HEAVIER = chain_deal(
    KOZEL_FISH_CHAIN,
    ["0-5 0-3 0-4 2-6", "6-6 0-6 2-3 2-4", KOZEL_EGGS_KEEP[2], KOZEL_EGGS_KEEP[3]],
)

# A 21-move fish from 1-1 back to 1; seat 0 lays the last tile and keeps a lone 0-0.
# Counts 25, 10, 10, 8: team 0 holds 35 (10 if 0-0 counted 0) against team 1's 18, so
# team 0 records all four: 53 (R9.3).
KOZEL_FISH_LONE_00_CHAIN = (
    "1-1 1-0 0-4 4-6 6-5 5-4 4-2 2-6 6-1 1-2 2-5 5-0 0-6 6-6 6-3 3-1 1-5 5-5 5-3 3-4 4-1"
)
KOZEL_FISH_LONE_00 = chain_deal(KOZEL_FISH_LONE_00_CHAIN, ["0-0", "4-4 0-2", "2-2 3-3", "2-3 0-3"])

# Not a misdeal: four doubles in seat 1's hand; five tiles bearing 3 (six halves) in
# seat 0's, the double bearing its number once.
BORDERLINE = deal(
    [
        "3-3 0-3 1-3 2-3 3-4 0-0 5-6",
        "1-1 2-2 4-4 6-6 0-1 0-2 4-5",
        "0-4 0-5 0-6 1-2 1-4 1-5 3-5",
        "1-6 2-4 2-5 2-6 3-6 4-6 5-5",
    ]
)


def lead_of(events: Sequence[object]) -> tuple[int, str] | None:
    forced = [p for p in of_type(events, Played) if p.kind is PlayKind.FORCED_LEAD]
    return (forced[0].seat, str(forced[0].tile)) if forced else None


# -- R2.2: teams -----------------------------------------------------------------------


def test_partners_sit_opposite_seats_0_and_2_against_1_and_3() -> None:
    """R2.2."""
    settings = Settings(Variant.KOZEL, 4)
    assert settings.has_teams
    assert [settings.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert settings.n_sides == 2


def test_partner_going_out_wins_the_hand_for_the_team() -> None:
    """R2.2, R7.1: seat 2 goes out; team 0 wins and team 1 (seats 1 and 3) records."""
    match, _ = start("kozel", 4, chain_deal(KOZEL_DOMINO_75_CHAIN, KOZEL_DOMINO_75_KEEP, 2))
    play(match, after_lead(KOZEL_DOMINO_75_CHAIN))
    r = result(match)
    assert (r.reason, r.winner, r.last_player) == (EndReason.DOMINO, 0, 2)
    assert r.counts == (6, 50, 0, 25)
    assert r.scores_after == (0, 75)


# -- R2.3, R9.5: redeals -----------------------------------------------------------------


def test_hand_with_five_doubles_is_redealt() -> None:
    """R2.3, R8.4: the redeal is automatic and announced; the next deal is played."""
    match, events = start("kozel", 4, KOZEL_FIVE_DOUBLES, KOZEL_EGGS)
    assert of_type(events, Redealt) == [Redealt(1, MisdealReason.DOUBLES)]
    assert events.index(of_type(events, Redealt)[0]) < events.index(of_type(events, Played)[0])
    assert sorted(match.state.hands[1]) == sorted(KOZEL_EGGS.hands[1])


def test_hand_with_six_tiles_of_one_number_is_redealt() -> None:
    """R2.3: 3-3, 0-3, 1-3, 2-3, 3-4, 3-5: six tiles bear a 3."""
    _, events = start("kozel", 4, KOZEL_SIX_THREES, KOZEL_EGGS)
    assert of_type(events, Redealt) == [Redealt(2, MisdealReason.SUIT)]


def test_redeal_is_repeated_as_often_as_needed() -> None:
    """R2.3."""
    match, events = start("kozel", 4, KOZEL_FIVE_DOUBLES, KOZEL_SIX_THREES, KOZEL_EGGS)
    assert [(r.seat, r.reason) for r in of_type(events, Redealt)] == [
        (1, MisdealReason.DOUBLES),
        (2, MisdealReason.SUIT),
    ]
    assert match.state.hand_no == 1


def test_four_doubles_or_five_tiles_of_a_number_are_not_a_misdeal() -> None:
    """R2.3: a double bears its number once, so 3-3 with four other 3s makes five."""
    match, events = start("kozel", 4, BORDERLINE)
    assert not of_type(events, Redealt)
    assert tuple(sorted(match.state.hands[0])) == BORDERLINE.hands[0]
    assert lead_of(events) == (1, "1-1")
    assert misdeal_reason(tuple(tiles("3-3 0-3 1-3 2-3 3-4 0-0 5-6"))) is None
    assert misdeal_reason(tuple(tiles("1-1 2-2 4-4 6-6 0-1 0-2 4-5"))) is None


def test_misdeal_reasons_of_single_hands() -> None:
    """R2.3."""
    assert misdeal_reason(tuple(tiles("0-0 1-1 2-2 3-3 4-4 0-1 0-2"))) is MisdealReason.DOUBLES
    assert misdeal_reason(tuple(tiles("0-6 1-6 2-6 3-6 4-6 5-6 0-0"))) is MisdealReason.SUIT
    assert misdeal_reason(tuple(tiles("6-6 1-6 2-6 3-6 4-6 5-6 0-0"))) is MisdealReason.SUIT
    assert misdeal_reason(tuple(tiles("6-6 1-6 2-6 3-6 4-6 0-1 0-0"))) is None


def test_after_a_first_hand_redeal_the_new_holder_of_1_1_leads_it() -> None:
    """R9.5, R3.3: seat 3 held 1-1 in the rejected deal; seat 0 holds it now."""
    _, events = start("kozel", 4, KOZEL_FIVE_DOUBLES, KOZEL_EGGS)
    assert lead_of(events) == (0, "1-1")
    assert events[0] == HandStarted(1, 0)


def test_after_a_later_redeal_the_last_player_still_leads_freely() -> None:
    """R9.5, R3.4: seat 1 laid the last tile of hand 1; hand 2 is redealt once and seat 1
    leads it by choice, though seat 0 holds 1-1."""
    match, _ = start("kozel", 4, KOZEL_EGGS, KOZEL_SIX_THREES, KOZEL_DOMINO_75)
    play(match, after_lead(KOZEL_FISH_CHAIN))
    events = match.next_hand()
    assert of_type(events, Redealt) == [Redealt(2, MisdealReason.SUIT)]
    assert lead_of(events) is None
    assert HandStarted(2, 1) in events
    assert match.turn == 1
    assert ends(match) is None


# -- R3.3, R3.4: leads -------------------------------------------------------------------


def test_first_hand_is_led_by_the_holder_of_1_1_automatically() -> None:
    """R3.3: seat 2 holds 1-1 and lays it; seat 3 is next."""
    match, events = start("kozel", 4, chain_deal(KOZEL_FISH_CHAIN, KOZEL_EGGS_KEEP, 2))
    assert lead_of(events) == (2, "1-1")
    assert match.turn == 3
    assert match.state.decisions == []


def test_player_who_went_out_leads_the_next_hand_with_any_tile() -> None:
    """R3.4: seat 0 went out; next deal seat 2 holds 1-1, but seat 0 leads, by choice."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_75, chain_deal(KOZEL_FISH_CHAIN, KOZEL_EGGS_KEEP, 2))
    play(match, after_lead(KOZEL_DOMINO_75_CHAIN))
    assert result(match).next_leader == 0
    assert match.next_hand() == [HandStarted(2, 0)]
    assert match.turn == 0
    assert len(match.legal_moves()) == 7


def test_player_whose_tile_blocked_the_game_leads_the_next_hand() -> None:
    """R3.4: seat 1's 1-2 blocks the fish; seat 1 leads next, even after eggs."""
    match, _ = start("kozel", 4, KOZEL_EGGS, KOZEL_DOMINO_75)
    play(match, after_lead(KOZEL_FISH_CHAIN))
    r = result(match)
    assert (r.reason, r.last_player, r.next_leader) == (EndReason.BLOCKED, 1, 1)
    assert match.next_hand() == [HandStarted(2, 1)]
    assert match.turn == 1


# -- R7.1, R7.5, R9.3, R9.7: the domino ------------------------------------------------------


def test_domino_makes_the_other_team_record_both_its_hands() -> None:
    """R7.1: seat 0 goes out; team 1 records seats 1 and 3 (25 + 50); seat 2's 3-3 is
    not counted."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_75)
    play(match, after_lead(KOZEL_DOMINO_75_CHAIN))
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.DOMINO, 0, 75)
    assert r.scores_after == (0, 75)


def test_lone_0_0_counts_25_and_lone_6_6_counts_50() -> None:
    """R7.5, R9.3: per player's hand."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_75)
    play(match, after_lead(KOZEL_DOMINO_75_CHAIN))
    assert result(match).counts == (0, 25, 6, 50)


def test_kozel_count_is_the_pip_count_except_a_lone_0_0_or_6_6() -> None:
    """R7.5, R1.3."""
    assert kozel_count(tiles("0-0")) == 25
    assert kozel_count(tiles("6-6")) == 50
    assert kozel_count(tiles("0-0 0-1")) == 1
    assert kozel_count(tiles("6-6 0-0")) == 12
    assert kozel_count(tiles("5-5")) == 10
    assert kozel_count(tiles("2-5 3-4")) == 14
    assert kozel_count([]) == 0


def test_last_tile_that_closes_the_line_is_a_domino_in_kozel() -> None:
    """R9.7: seat 0's last tile lays the seventh 1 with 1 at both ends: nobody could play
    on, but it is a domino: team 1 records its 75, not a fish of all four hands (81)."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_75)
    play(match, after_lead(KOZEL_DOMINO_75_CHAIN))
    assert ends(match) == [1, 1]
    assert not any(t.has(1) for h in match.state.hands for t in h)
    r = result(match)
    assert (r.reason, r.points) == (EndReason.DOMINO, 75)


# -- R7.2, R7.3, R9.3, R9.11: the fish and eggs ----------------------------------------------


def test_fish_makes_the_heavier_team_record_all_four_hands() -> None:
    """R7.2: team 1 holds 29 + 38 = 67 against 20 + 33 = 53: it records 120."""
    match, _ = start("kozel", 4, KOZEL_FISH_TEAM1_HEAVIER, target=150)
    play(match, after_lead(KOZEL_FISH_CHAIN))
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.BLOCKED, 0, 120)
    assert r.counts == (20, 29, 33, 38)
    assert r.scores_after == (0, 120)
    assert not match.match_over


def test_lone_0_0_counts_25_in_the_fish_comparison() -> None:
    """R9.3: seat 0 keeps only 0-0: team 0 holds 25 + 10 = 35 against 18, so team 0 is
    the heavier team and records all four hands: 53."""
    match, _ = start("kozel", 4, KOZEL_FISH_LONE_00)
    play(match, after_lead(KOZEL_FISH_LONE_00_CHAIN))
    r = result(match)
    assert (r.reason, r.last_player) == (EndReason.BLOCKED, 0)
    assert r.counts == (25, 10, 10, 8)
    assert (r.winner, r.points) == (1, 53)
    assert r.scores_after == (53, 0)


def test_tied_fish_is_eggs_nobody_records_and_the_points_are_carried() -> None:
    """R7.3: 27 + 33 = 60 against 22 + 38 = 60: 120 eggs."""
    match, _ = start("kozel", 4, KOZEL_EGGS)
    play(match, after_lead(KOZEL_FISH_CHAIN))
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.BLOCKED, None, 0)
    assert r.counts == (27, 22, 33, 38)
    assert r.scores_after == (0, 0)
    assert r.eggs_after == 120
    assert r.is_tie
    assert match.state.eggs == 120


def test_eggs_go_to_the_team_that_loses_the_next_hand() -> None:
    """R7.3, R9.4: seat 1 goes out in hand 2; team 0 holds 2 + 1 = 3, plus the 120 eggs:
    123 recorded (3 alone would fall under the rule of 13); the eggs are spent."""
    next_deal = chain_deal(KOZEL_DOMINO_3_CHAIN, KOZEL_DOMINO_3_KEEP, leader=1)
    match, _ = start("kozel", 4, KOZEL_EGGS, next_deal, target=150)
    play(match, after_lead(KOZEL_FISH_CHAIN))
    match.next_hand()
    play(match, KOZEL_DOMINO_3_CHAIN)
    r = result(match)
    assert (r.reason, r.winner, r.last_player) == (EndReason.DOMINO, 1, 1)
    assert (r.hand_total, r.eggs_used, r.points) == (3, 120, 123)
    assert r.scores_after == (123, 0)
    assert (r.eggs_after, match.state.eggs) == (0, 0)
    assert not r.cancelled_by_13


def test_eggs_of_successive_tied_fish_accumulate() -> None:
    """R9.11, R7.3, R7.6: two tied fish carry 240; seat 2 then goes out and team 1
    records 3 + 240 = 243: goats at target 150, team 0 wins dry."""
    match, _ = start(
        "kozel",
        4,
        KOZEL_EGGS,
        chain_deal(KOZEL_FISH_CHAIN, KOZEL_EGGS_KEEP, leader=1),
        chain_deal(KOZEL_DOMINO_3_CHAIN, KOZEL_DOMINO_3_KEEP, leader=2),
        target=150,
    )
    play(match, after_lead(KOZEL_FISH_CHAIN))
    match.next_hand()
    play(match, KOZEL_FISH_CHAIN)
    r = result(match)
    assert (r.winner, r.eggs_after, r.last_player) == (None, 240, 2)
    match.next_hand()
    play(match, KOZEL_DOMINO_3_CHAIN)
    r = result(match)
    assert (r.winner, r.hand_total, r.eggs_used, r.points) == (0, 3, 240, 243)
    assert match.match_result == MatchResult(winner=0, scores=(0, 243), goats=1, dry=True)


# -- R7.4, R9.4, R9.11: the rule of 13 ---------------------------------------------------------


def test_total_below_13_is_not_recorded_while_the_team_has_no_points() -> None:
    """R7.4: seat 0 goes out; team 1 holds 0-1 and 0-2: 3, not recorded."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_3)
    play(match, after_lead(KOZEL_DOMINO_3_CHAIN))
    r = result(match)
    assert (r.reason, r.winner, r.hand_total, r.points) == (EndReason.DOMINO, 0, 3, 0)
    assert r.cancelled_by_13
    assert r.scores_after == (0, 0)
    assert r.next_leader == 0


def test_total_below_13_is_recorded_once_the_team_has_points() -> None:
    """R7.4: team 1 already has 20: the 3 is written."""
    match = restored(start("kozel", 4, KOZEL_DOMINO_3)[0], scores=[0, 20])
    play(match, after_lead(KOZEL_DOMINO_3_CHAIN))
    r = result(match)
    assert (r.points, r.cancelled_by_13) == (3, False)
    assert r.scores_after == (0, 23)


def test_rule_of_13_looks_at_the_recording_teams_score_only() -> None:
    """R7.4: team 0 (the winners) has points, team 1 has none: the 3 is not recorded."""
    match = restored(start("kozel", 4, KOZEL_DOMINO_3)[0], scores=[30, 0])
    play(match, after_lead(KOZEL_DOMINO_3_CHAIN))
    assert result(match).cancelled_by_13
    assert result(match).scores_after == (30, 0)


def test_carried_eggs_count_towards_the_13() -> None:
    """R9.4: 10 eggs carried + 3 = 13: recorded."""
    match = restored(start("kozel", 4, KOZEL_DOMINO_3)[0], eggs=10)
    play(match, after_lead(KOZEL_DOMINO_3_CHAIN))
    r = result(match)
    assert (r.points, r.eggs_used, r.cancelled_by_13) == (13, 10, False)
    assert r.scores_after == (0, 13)


def test_eggs_folded_into_an_unrecorded_total_are_used_up() -> None:
    """R7.4, R9.11: 9 eggs + 3 = 12 < 13: nothing is written and the eggs are gone."""
    match = restored(start("kozel", 4, KOZEL_DOMINO_3)[0], eggs=9)
    play(match, after_lead(KOZEL_DOMINO_3_CHAIN))
    r = result(match)
    assert (r.points, r.eggs_used, r.eggs_after, r.cancelled_by_13) == (0, 9, 0, True)
    assert r.scores_after == (0, 0)
    assert match.state.eggs == 0


# -- R7.6, R7.7: goats and dry wins ----------------------------------------------------------


@pytest.mark.parametrize(("target", "mark"), [(50, 51), (100, 101), (150, 151)])
def test_team_reaching_the_losing_mark_are_the_goats(target: int, mark: int) -> None:
    """R7.6: team 1 has mark - 3 and records 3: it reaches the mark exactly."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_3, target=target)
    match = restored(match, scores=[0, mark - 3])
    play(match, after_lead(KOZEL_DOMINO_3_CHAIN))
    assert match.match_over
    assert match.match_result == MatchResult(winner=0, scores=(0, mark), goats=1, dry=True)


@pytest.mark.parametrize("target", [50, 100, 150])
def test_reaching_the_target_itself_does_not_lose(target: int) -> None:
    """R7.6: the mark is target + 1; a team at exactly the target plays on."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_3, target=target)
    match = restored(match, scores=[0, target - 3])
    play(match, after_lead(KOZEL_DOMINO_3_CHAIN))
    assert result(match).scores_after == (0, target)
    assert not match.match_over
    assert match.match_result is None


def test_fish_can_make_goats_at_once() -> None:
    """R7.6, R7.2: team 1 records 120 at target 100 and loses; the other team never
    recorded, so it is a dry win (R7.7)."""
    match, events = start("kozel", 4, KOZEL_FISH_TEAM1_HEAVIER)
    events = play(match, after_lead(KOZEL_FISH_CHAIN))
    assert match.match_result == MatchResult(winner=0, scores=(0, 120), goats=1, dry=True)
    assert events[-1] == match.match_result
    assert result(match).next_leader is None


def test_win_is_dry_when_the_winners_are_still_at_zero() -> None:
    """R7.7: 75 at target 50: team 1 are the goats, team 0 never recorded."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_75, target=50)
    play(match, after_lead(KOZEL_DOMINO_75_CHAIN))
    assert match.match_result == MatchResult(winner=0, scores=(0, 75), goats=1, dry=True)


def test_win_is_not_dry_when_the_winners_have_points() -> None:
    """R7.7: team 0 has 5 when team 1 reaches 101."""
    match, _ = start("kozel", 4, KOZEL_DOMINO_3)
    match = restored(match, scores=[5, 98])
    play(match, after_lead(KOZEL_DOMINO_3_CHAIN))
    assert match.match_result == MatchResult(winner=0, scores=(5, 101), goats=1, dry=False)


def test_kozel_lead_tile_is_1_1_even_with_heavier_doubles_about() -> None:
    """R3.3: Kozel does not look for the highest double: seat 0 holds 6-6 and 1-1 and
    leads 1-1."""
    match, events = start("kozel", 4, KOZEL_EGGS)
    assert tile("6-6") in match.state.hands[0]
    assert lead_of(events) == (0, "1-1")


@pytest.mark.parametrize(("target", "mark"), [(50, 51), (100, 101), (150, 151)])
def test_losing_mark_is_one_past_the_target(target: int, mark: int) -> None:
    """R7.6: 51 for target 50, 101 for 100, 151 for 150."""
    assert losing_mark(target) == mark
