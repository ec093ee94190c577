"""Draw and block games: who leads (R3.1, R3.2) and scoring (R6), with the R9 decisions
that concern them."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from core.engine import Match
from core.errors import ErrorCode, GameError
from core.events import EndReason, HandStarted, MatchResult, Passed, Played, PlayKind
from core.rules.classic import forced_opening
from core.variants import DEFAULT_TARGET, TARGETS
from tests.core.helpers import (
    BLOCK2_RUN,
    BLOCK2_RUN_MOVES,
    BLOCK2_RUN_SWAPPED,
    BLOCK4_BLOCKED,
    BLOCK4_BLOCKED_MOVES,
    DRAW2_BLOCKED_AFTER_LAST_DRAW,
    DRAW2_BLOCKED_AFTER_LAST_DRAW_MOVES,
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

# Nobody holds a double (all seven are out of play, with 5-6 and 4-6): the heaviest
# tiles held are 4-5 and 3-6, both worth 9; 3-6 has the higher half (R9.1).
BLOCK2_NO_DOUBLE = deal(["4-5 0-1 0-2 0-3 1-2 1-3 2-3", "3-6 0-4 0-5 1-4 1-5 2-4 2-5"])

# Seat 0's 1-1 is the only double held: it leads, though seat 1 holds 5-6 and 4-6.
BLOCK2_LOW_DOUBLE = deal(["1-1 0-2 0-3 0-4 1-2 1-3 1-4", "5-6 4-6 3-6 4-5 2-6 3-5 2-5"])

# Draw game, 4 players: 6-6 lies in the boneyard; the highest double held is seat 2's 5-5.
DRAW4_FIVE_FIVE = deal(
    ["0-1 0-2 0-3 0-4 1-1", "1-2 1-3 1-4 2-2 2-3", "5-5 0-5 1-5 2-4 3-4", "2-5 3-5 4-5 3-3 4-4"],
    rest="6-6 0-0 0-6 1-6 2-6 3-6 4-6 5-6",
)

# Block game, 2 players: "6-5 5-5" lay the last 5 and 6 held: blocked at once with
# 26 pips in each hand, a tie (R6.3).
BLOCK2_TIE = deal(["6-6 5-6 5-5 4-4 3-4 2-4 1-4", "0-0 0-3 0-4 1-3 2-2 2-3 3-3"])
BLOCK2_TIE_MOVES = "6-5 5-5"

# Block game, 2 players: the seats alternate; seat 0 goes out with 2-6 while seat 1
# holds only 0-0: seat 0 wins and scores 0 (R9.9).
BLOCK2_ZERO_WIN = deal(["6-6 5-5 4-4 3-3 2-2 1-1 2-6", "5-6 4-5 3-4 2-3 1-2 1-6 0-0"])
BLOCK2_ZERO_WIN_MOVES = "6-5 5-5 5-4 4-4 4-3 3-3 3-2 2-2 2-1 1-1 1-6 6-2"

# Block game, 2 players: seat 1 lays 3-6, then passes while seat 0 lays its six other
# tiles; the last, 5-6 on the 5, leaves 6 at both ends: nobody could play on (R9.7).
BLOCK2_CLOSING = deal(["6-6 3-3 3-4 4-4 4-5 5-5 5-6", "0-0 0-1 0-2 1-1 1-2 2-2 3-6"])
BLOCK2_CLOSING_MOVES = "6-3 3-3 3-4 4-4 4-5 5-5 5-6"

# Block game, 3 players: the only 6 held is seat 0's 6-6, so the forced lead blocks the
# hand at once. Counts 8, 45, 36: seat 0 scores 45 + 36 - 8 = 73 (R9.2).
BLOCK3_BLOCKED = deal(
    ["6-6 0-0 0-1 0-2 1-1 0-3", "5-5 4-5 3-5 2-5 1-5 0-5", "4-4 3-4 2-4 1-4 0-4 3-3"]
)

# Block game, 3 players: every seat lays a tile in turn from 6-6 until seat 0 goes out;
# seat 1 keeps 3-6 (9), seat 2 keeps 2-5 (7).
BLOCK3_DOMINO_CHAIN = "6-6 6-5 5-5 5-4 4-4 4-3 3-3 3-2 2-2 2-1 1-1 1-0 0-0 0-2 2-4 4-6"
BLOCK3_DOMINO = chain_deal(BLOCK3_DOMINO_CHAIN, ["", "3-6", "2-5"], n_players=3)


def forced_lead(events: Sequence[object]) -> tuple[int, str]:
    (lead,) = [p for p in of_type(events, Played) if p.kind is PlayKind.FORCED_LEAD]
    return lead.seat, str(lead.tile)


# -- R3.1, R9.1, R9.10: the forced lead of a first hand -----------------------------------


def test_first_hand_is_led_by_force_with_the_highest_double() -> None:
    """R3.1: seat 0 holds 6-6 (seat 1 only 3-3 and 2-2) and lays it automatically."""
    match, events = start("block", 2, BLOCK2_RUN)
    assert forced_lead(events) == (0, "6-6")
    assert HandStarted(1, 0) in events
    assert match.state.decisions == []


def test_highest_double_leads_from_whichever_seat_holds_it() -> None:
    """R3.1: the same hands swapped: seat 1 leads 6-6."""
    match, events = start("block", 2, BLOCK2_RUN_SWAPPED)
    assert forced_lead(events) == (1, "6-6")
    assert match.turn == 1  # seat 0 holds no 6 and passes


def test_any_double_beats_a_heavier_plain_tile() -> None:
    """R3.1: seat 0's 1-1 leads although seat 1 holds 5-6."""
    _, events = start("block", 2, BLOCK2_LOW_DOUBLE)
    assert forced_lead(events) == (0, "1-1")


def test_without_a_double_the_heaviest_tile_leads() -> None:
    """R3.1, R9.1: 4-5 and 3-6 are both worth 9; 3-6 has the higher half and leads."""
    match, events = start("block", 2, BLOCK2_NO_DOUBLE)
    assert forced_lead(events) == (1, "3-6")
    assert ends(match) == [3, 6]
    assert match.turn == 0


def test_heaviest_tile_tie_is_broken_by_the_higher_half() -> None:
    """R9.1: 6-3 beats 5-4 whichever seat holds which."""
    hands = [tiles("4-5 0-1"), tiles("3-6 0-2")]
    assert forced_opening(hands) == (1, tile("3-6"))
    assert forced_opening(hands[::-1]) == (0, tile("3-6"))


def test_tiles_out_of_play_do_not_count_for_the_lead() -> None:
    """R9.10: 6-6, every other double, 5-6 and 4-6 are out of play and are ignored."""
    match, events = start("block", 2, BLOCK2_NO_DOUBLE)
    assert set(tiles("6-6 5-5 0-0 5-6 4-6")) <= set(match.state.rest)
    assert forced_lead(events) == (1, "3-6")


def test_boneyard_tiles_do_not_count_for_the_lead() -> None:
    """R9.10, R3.1: 6-6 lies in the boneyard; seat 2's 5-5 is the highest double held."""
    match, events = start("draw", 4, DRAW4_FIVE_FIVE)
    assert forced_lead(events) == (2, "5-5")
    assert match.turn == 3


# -- R3.2: later hands ---------------------------------------------------------------


def test_winner_of_the_previous_hand_leads_any_tile() -> None:
    """R3.2: seat 0 won; in the next deal seat 1 holds 6-6, yet seat 0 leads, by choice."""
    match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_RUN_SWAPPED)
    play(match, BLOCK2_RUN_MOVES)
    assert result(match).next_leader == 0
    events = match.next_hand()
    assert events == [HandStarted(2, 0)]
    assert match.turn == 0
    assert ends(match) is None
    assert sorted(t for t, _ in match.legal_moves()) == sorted(match.state.hands[0])
    assert {e for _, e in match.legal_moves()} == {None}


def test_after_a_tie_the_next_hand_is_led_by_force_again() -> None:
    """R3.2, R6.3: a tie leaves no leader; R3.1 applies: seat 1 leads 6-6."""
    match, _ = start("block", 2, BLOCK2_TIE, BLOCK2_RUN_SWAPPED)
    play(match, BLOCK2_TIE_MOVES)
    assert result(match).next_leader is None
    events = match.next_hand()
    assert forced_lead(events) == (1, "6-6")


def test_tie_in_a_later_hand_resets_the_lead() -> None:
    """R3.2: seat 0 wins hand 1, leads hand 2 freely and ties it; hand 3 is led by
    force by seat 1, who holds 6-6, not by seat 0."""
    match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_TIE, BLOCK2_RUN_SWAPPED)
    play(match, BLOCK2_RUN_MOVES)
    match.next_hand()
    play(match, "6-6 " + BLOCK2_TIE_MOVES)
    assert result(match).winner is None
    events = match.next_hand()
    assert forced_lead(events) == (1, "6-6")


def test_winner_who_scored_nothing_still_leads_the_next_hand() -> None:
    """R9.9: seat 0 goes out while seat 1 holds only 0-0: a win worth 0, not a tie."""
    match, _ = start("block", 2, BLOCK2_ZERO_WIN, BLOCK2_RUN_SWAPPED)
    play(match, BLOCK2_ZERO_WIN_MOVES)
    r = result(match)
    assert (r.reason, r.winner, r.points, r.counts) == (EndReason.DOMINO, 0, 0, (0, 0))
    assert not r.is_tie
    assert r.next_leader == 0
    assert match.next_hand() == [HandStarted(2, 0)]
    assert match.turn == 0


# -- R6: the end of a hand and scoring -------------------------------------------------


def test_player_who_lays_the_last_tile_wins_the_opponents_pips() -> None:
    """R6.1: seat 0 goes out; seat 1 holds 27 pips."""
    match, _ = start("block", 2, BLOCK2_RUN)
    events = play(match, BLOCK2_RUN_MOVES)
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.DOMINO, 0, 27)
    assert r.counts == (0, 27)
    assert r.scores_after == (27, 0)
    assert r in events


def test_domino_scores_the_sum_of_all_opponents_hands() -> None:
    """R6.1: three players; seat 0 goes out, seats 1 and 2 hold 9 and 7."""
    match, _ = start("block", 3, BLOCK3_DOMINO)
    play(match, BLOCK3_DOMINO_CHAIN.split(" ", 1)[1])
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.DOMINO, 0, 16)
    assert r.counts == (0, 9, 7)
    assert r.scores_after == (16, 0, 0)


def test_blocked_hand_is_won_by_the_lowest_count_for_the_difference() -> None:
    """R6.2: 4-6 laid on the 6 leaves 4 at both ends; nobody holds a 4. Seat 0 keeps
    3-6 (9) against 27: it scores 27 - 9 = 18."""
    match, _ = start("block", 2, BLOCK2_RUN)
    play(match, "6-5 5-5 5-4 4-4 6-4")
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.BLOCKED, 0, 18)
    assert r.counts == (9, 27)


def test_blocked_hand_ends_at_once_without_passes() -> None:
    """R6.2: the blocking tile is followed by the result, no pass announced."""
    match, _ = start("block", 2, BLOCK2_RUN)
    play(match, "6-5 5-5 5-4 4-4")
    events = play(match, "6-4")
    assert not of_type(events, Passed)
    assert [type(e).__name__ for e in events] == ["Played", "HandResult"]


def test_forced_lead_that_blocks_ends_the_hand_at_once() -> None:
    """R6.2, R9.2: three players; nobody else holds a 6; counts 8, 45, 36: seat 0 scores
    the opponents' 81 minus its own 8 once: 73."""
    match, events = start("block", 3, BLOCK3_BLOCKED)
    assert not of_type(events, Passed)
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.BLOCKED, 0, 73)
    assert r.counts == (8, 45, 36)
    assert r.scores_after == (73, 0, 0)


def test_blocked_four_player_hand_subtracts_the_winners_count_once() -> None:
    """R9.2: counts 7, 31, 30, 22: 83 - 7 = 76 (not 83 - 3 * 7)."""
    match, _ = start("block", 4, BLOCK4_BLOCKED)
    play(match, BLOCK4_BLOCKED_MOVES)
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.BLOCKED, 0, 76)
    assert r.counts == (7, 31, 30, 22)


def test_four_player_games_are_every_player_for_themselves() -> None:
    """R9.6: seat 0 wins alone; seat 2, opposite, scores nothing."""
    match, _ = start("block", 4, BLOCK4_BLOCKED)
    assert not match.settings.has_teams
    play(match, BLOCK4_BLOCKED_MOVES)
    assert result(match).scores_after == (76, 0, 0, 0)
    assert not Match.new("draw", 4, seed=1)[0].settings.has_teams


def test_blocked_draw_game_is_won_by_the_lower_count_not_by_the_last_to_play() -> None:
    """R6.2, R9.8: seat 1 laid the last tile, seat 0 drew the boneyard: 72 against 18."""
    match, _ = start("draw", 2, DRAW2_BLOCKED_AFTER_LAST_DRAW)
    play(match, DRAW2_BLOCKED_AFTER_LAST_DRAW_MOVES)
    r = result(match)
    assert (r.reason, r.winner, r.points, r.last_player) == (EndReason.BLOCKED, 1, 54, 1)
    assert r.next_leader == 1


def test_blocked_hand_with_a_shared_lowest_count_scores_nobody() -> None:
    """R6.3: 26 pips each."""
    match, _ = start("block", 2, BLOCK2_TIE)
    play(match, BLOCK2_TIE_MOVES)
    r = result(match)
    assert (r.reason, r.winner, r.points) == (EndReason.BLOCKED, None, 0)
    assert r.counts == (26, 26)
    assert r.scores_after == (0, 0)
    assert r.is_tie
    assert r.next_leader is None


def test_last_tile_that_also_closes_the_line_is_a_domino() -> None:
    """R9.7: seat 0's last tile leaves 6 at both ends with every 6 laid: nobody could
    play on, yet seat 0 went out: a domino, not a blocked hand."""
    match, _ = start("block", 2, BLOCK2_CLOSING)
    play(match, BLOCK2_CLOSING_MOVES)
    r = result(match)
    assert ends(match) == [6, 6]
    assert (r.reason, r.winner, r.points) == (EndReason.DOMINO, 0, 12)


# -- R6.4, R2.4: the target --------------------------------------------------------------


def test_first_player_to_reach_the_target_wins_the_match() -> None:
    """R6.4, R2.4: target 50; seat 0 scores 27 twice."""
    match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_RUN, target=50)
    play(match, BLOCK2_RUN_MOVES)
    assert not match.match_over
    assert match.match_result is None
    match.next_hand()
    events = play(match, "6-6 " + BLOCK2_RUN_MOVES)
    assert match.match_over
    assert match.match_result == MatchResult(winner=0, scores=(54, 0))
    assert events[-1] == match.match_result
    assert result(match).next_leader is None


@pytest.mark.parametrize(("before", "over"), [(72, False), (73, True), (90, True)])
def test_match_ends_when_a_total_reaches_the_target_exactly_or_beyond(
    before: int, over: bool
) -> None:
    """R6.4: >= target; 72 + 27 = 99 plays on, 73 + 27 = 100 wins."""
    match, _ = start("block", 2, BLOCK2_RUN)
    match = restored(match, scores=[before, 99])
    play(match, BLOCK2_RUN_MOVES)
    assert match.match_over is over
    if over:
        assert match.match_result is not None
        assert match.match_result.winner == 0
    else:
        assert match.hand_over
        assert result(match).scores_after == (99, 99)
        assert result(match).next_leader == 0


def test_match_over_refuses_another_hand() -> None:
    """R6.4."""
    match, _ = start("block", 2, BLOCK2_RUN, BLOCK2_RUN, target=50)
    match = restored(match, scores=[40, 0])
    play(match, BLOCK2_RUN_MOVES)
    with pytest.raises(GameError) as info:
        match.next_hand()
    assert info.value.code is ErrorCode.MATCH_OVER


def test_match_targets_are_50_100_or_150_defaulting_to_100() -> None:
    """R2.4."""
    assert TARGETS == (50, 100, 150)
    assert DEFAULT_TARGET == 100
    assert Match.new("block", 2, seed=1)[0].settings.target == 100
    for target in TARGETS:
        assert Match.new("draw", 3, target, seed=1)[0].settings.target == target


def test_classic_match_result_has_no_goats_and_no_dry_win() -> None:
    """R9.12: "dry" exists only in Kozel, even when the loser scored nothing."""
    match, _ = start("block", 2, BLOCK2_RUN, target=50)
    match = restored(match, scores=[30, 0])
    play(match, BLOCK2_RUN_MOVES)
    assert match.match_result == MatchResult(winner=0, scores=(57, 0), goats=None, dry=False)
