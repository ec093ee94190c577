"""Ratings (OpenSkill's Plackett-Luce): a league of the real bot players ranks the levels
as they play, places tie as the match's result ties them, a bot level holding two seats
moves once, and a Kozel pair is rated as one entity against the teams it meets."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping

from bot.game.ratings import (
    MODEL,
    Entity,
    LevelKey,
    PairKey,
    PersonKey,
    Rating,
    Table,
    apply,
    places_of,
    plan,
    shown,
    table_of,
)
from core.engine import Match
from core.events import MatchResult
from core.players import GROUP_LEVELS, BotPlayer, Level, player_for
from core.players.hard import HardPlayer
from core.variants import Variant
from core.views import seat_view

GROUP = -4001
ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004
LEAGUE = 240  # matches: each ordered pair of levels 40 times


def played_out(
    seating: tuple[Level, ...], seed: int, players: Mapping[Level, BotPlayer]
) -> MatchResult:
    """A draw game to 50 between the bot levels at `seating`, each seat deciding from
    its own view, every chance drawn from `seed`."""
    match, _ = Match.new(Variant.DRAW, len(seating), 50, seed=seed)
    rng = random.Random(seed)
    while True:
        while not match.hand_over:
            seat = match.turn
            assert seat is not None
            tile, end = players[seating[seat]].choose(seat_view(match, seat), rng)
            match.play(seat, tile, end)
        if match.match_over:
            result = match.match_result
            assert result is not None
            return result
        match.next_hand()


def test_a_league_of_the_bot_levels_rates_hard_over_medium_over_easy() -> None:
    # The real players; hard with fewer sampled deals per decision (as the bot's other
    # whole-match tests cut it down), so 240 two-player draw games take seconds.
    players: dict[Level, BotPlayer] = {
        Level.EASY: player_for(Level.EASY),
        Level.MEDIUM: player_for(Level.MEDIUM),
        Level.HARD: HardPlayer(samples=8, exact_samples=8),
    }
    seatings = list(itertools.permutations(GROUP_LEVELS, 2))  # each level on each seat
    ratings: dict[Entity, Rating] = {}
    for n in range(LEAGUE):
        seating = seatings[n % len(seatings)]
        result = played_out(seating, 1000 + n, players)
        apply(ratings, plan(table_of(GROUP, seating, lambda seat: seat, result), ratings))
    easy, medium, hard = (ratings[LevelKey(level, GROUP)] for level in GROUP_LEVELS)
    assert hard.shown > medium.shown > easy.shown
    # Each apart from the next by more than either's uncertainty: not a coin's luck.
    assert hard.mu - medium.mu > max(hard.sigma, medium.sigma)
    assert medium.mu - easy.mu > max(medium.sigma, easy.sigma)
    assert hard.rated == medium.rated == easy.rated == 2 * LEAGUE // 3
    assert ratings[LevelKey(Level.HARD, None)] == hard  # everywhere: the same matches


def test_places_follow_the_result_and_equal_scores_tie() -> None:
    assert places_of(MatchResult(winner=1, scores=(12, 55, 12)), teams=False) == (1, 0, 1)
    assert places_of(MatchResult(winner=2, scores=(30, 0, 51, 7)), teams=False) == (1, 3, 0, 2)
    assert places_of(MatchResult(winner=1, scores=(101, 40), goats=0), teams=True) == (1, 0)


def test_a_first_match_moves_the_winner_up_and_tells_the_change() -> None:
    result = MatchResult(winner=0, scores=(50, 20))
    moves = plan(table_of(GROUP, [ALICE, BOB], lambda seat: seat, result), {})
    told = {t.seat: t for t in moves.told}
    assert told[0].change > 0 > told[1].change
    alice = moves.changes[PersonKey(ALICE, GROUP)]
    assert told[0].rating == shown(25 + alice.mu, 25 / 3 + alice.sigma)
    assert told[0].rating - told[0].change == 1000  # everyone starts at 1000
    # The group's rating and the one everywhere move alike from the same start.
    assert moves.changes[PersonKey(ALICE, None)] == alice


def test_a_level_holding_two_seats_moves_once_by_their_mean() -> None:
    table = table_of(
        GROUP,
        [Level.HARD, ALICE, Level.HARD],
        lambda seat: seat,
        MatchResult(winner=0, scores=(51, 20, 0)),
    )
    moves = plan(table, {})
    first, alone, last = MODEL.rate(
        [[MODEL.rating()], [MODEL.rating()], [MODEL.rating()]], ranks=[0.0, 1.0, 2.0]
    )
    hard = moves.changes[LevelKey(Level.HARD, GROUP)]
    assert abs(hard.mu - ((first[0].mu + last[0].mu) / 2 - 25)) < 1e-9
    assert abs(hard.sigma - ((first[0].sigma + last[0].sigma) / 2 - 25 / 3)) < 1e-9
    assert abs(moves.changes[PersonKey(ALICE, GROUP)].mu - (alone[0].mu - 25)) < 1e-9
    assert len([e for e in moves.changes if isinstance(e, LevelKey)]) == 2  # group, all
    assert [t.seat for t in moves.told] == [1]  # only people are told


def test_a_kozel_pair_is_rated_as_one_against_a_team_with_a_bot() -> None:
    kozel = Table(GROUP, (ALICE, BOB, CAROL, Level.MEDIUM), (0, 1, 0, 1), places=(0, 1), teams=True)
    assert PairKey(ALICE, CAROL, GROUP) in kozel.entities()
    moves = plan(kozel, {PersonKey(BOB, GROUP): Rating(30, 2)})
    pairs = {e: c for e, c in moves.changes.items() if isinstance(e, PairKey)}
    assert set(pairs) == {PairKey(ALICE, CAROL, GROUP), PairKey(ALICE, CAROL, None)}
    assert all(c.mu > 0 for c in pairs.values())
    # Beating a team that stands in stronger moves the pair further.
    weaker = plan(kozel, {}).changes[PairKey(ALICE, CAROL, GROUP)]
    assert pairs[PairKey(ALICE, CAROL, GROUP)].mu > weaker.mu
    assert moves.changes[LevelKey(Level.MEDIUM, GROUP)].mu < 0  # its seat lost


def test_two_pairs_of_people_are_both_rated() -> None:
    kozel = Table(GROUP, (ALICE, BOB, CAROL, DAVE), (0, 1, 0, 1), places=(1, 0), teams=True)
    moves = plan(kozel, {})
    assert moves.changes[PairKey(BOB, DAVE, GROUP)].mu > 0
    assert moves.changes[PairKey(ALICE, CAROL, GROUP)].mu < 0


def test_a_match_with_no_group_is_rated_everywhere_only() -> None:
    kozel = Table(None, (ALICE, BOB, CAROL, DAVE), (0, 1, 0, 1), places=(0, 1), teams=True)
    moves = plan(kozel, {PersonKey(ALICE, None): Rating(30, 2)})
    assert {e.scope for e in moves.changes} == {None}
    assert len(moves.changes) == 6  # four people, two pairs
    told = {t.seat: t for t in moves.told}
    # What each is told is their rating everywhere: Alice's from her 30 ± 2.
    alice = moves.changes[PersonKey(ALICE, None)]
    assert told[0].rating == shown(30 + alice.mu, 2 + alice.sigma)
