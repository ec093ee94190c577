"""What one finished match adds to the records: read from the engine's results, for the
people holding a seat at the end, never for bots."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.game.record import GroupSide
from bot.game.seats import BotSeat, Seat
from bot.game.state import Game
from bot.game.tally import FactKind, Told, players_at, tally, worth_telling
from core.engine import Match
from core.events import EndReason, HandResult, MatchResult
from core.players import Level
from tests.bot.factories import finish_match, human, record_for

ALICE, BOB, CAROL, DAVE = human(1, "Alice"), human(2, "Bob"), human(3, "Carol"), human(4, "Dave")
GROUP = -500


def hand(
    n: int, reason: EndReason, winner: int | None, points: int, last_player: int
) -> HandResult:
    return HandResult(
        hand_no=n,
        reason=reason,
        winner=winner,
        points=points,
        counts=(0, 0, 0, 0),
        scores_after=(0, 0),
        hands_after=((), (), (), ()),
        rest=(),
        last_player=last_player,
        next_leader=None,
    )


def finished(
    variant: str,
    n_players: int,
    hands: list[HandResult],
    result: MatchResult,
    seats: Sequence[Seat],
    *,
    group: bool = True,
) -> Game:
    """A finished match whose results are `hands` and `result` (the engine's own types)."""
    match = finish_match(Match.new(variant, n_players, 50, seed=5)[0])
    match.state.results = hands
    match.state.match_result = result
    side = GroupSide(title="Room", language="en", creator_id=1) if group else None
    chat_id = GROUP if group else seats[0].user_id  # type: ignore[union-attr]
    return record_for(match, seats, chat_id=chat_id, group=side, level=Level.HARD)


# Team 0 (seats 0 and 2) wins; team 1 are the goats. Seat 1 made eggs, seat 3 a fish.
KOZEL_HANDS = [
    hand(1, EndReason.DOMINO, 0, 30, 0),
    hand(2, EndReason.BLOCKED, None, 0, 1),
    hand(3, EndReason.BLOCKED, 1, 40, 3),
    hand(4, EndReason.DOMINO, 0, 80, 2),
]
KOZEL_RESULT = MatchResult(winner=0, scores=(40, 110), goats=1, dry=False)


def test_kozel_counts_come_from_the_engines_results() -> None:
    away = BotSeat(level=Level.EASY, away=DAVE)  # Dave's time ran out twice: still his seat
    game = finished("kozel", 4, KOZEL_HANDS, KOZEL_RESULT, [ALICE, BOB, CAROL, away])
    counted = {p.player.user_id: p.counts for p in tally(game).people}
    assert set(counted) == {1, 2, 3, 4}
    assert counted[1]["won"] == 1
    assert counted[1]["lost"] == 0
    assert counted[1]["goats"] == 0
    assert counted[1]["written"] == 40  # the fish team 1 won: written to team 0
    assert counted[2]["lost"] == 1
    assert counted[2]["goats"] == 1
    assert counted[2]["written"] == 110
    assert counted[2]["kozel_hands"] == 4
    assert counted[2]["eggs"] == 1
    assert counted[2]["fish"] == 0
    assert counted[4]["fish"] == 1
    assert counted[4]["eggs"] == 0
    assert counted[3]["dry_wins"] == 0
    assert counted[3]["hands"] == 0


def test_a_dry_win_counts_for_both_sides() -> None:
    dry = MatchResult(winner=1, scores=(120, 0), goats=0, dry=True)
    game = finished("kozel", 4, KOZEL_HANDS, dry, [ALICE, BOB, CAROL, DAVE])
    counted = {p.player.user_id: p.counts for p in tally(game).people}
    assert counted[2]["dry_wins"] == 1
    assert counted[2]["dry_losses"] == 0
    assert counted[1]["dry_losses"] == 1
    assert counted[1]["goats"] == 1


def test_pairs_are_two_people_partners_and_facts_name_the_group_worthy_counts() -> None:
    left = BotSeat(level=Level.EASY)  # whoever sat at seat 3 left: a bot plays it
    game = finished("kozel", 4, KOZEL_HANDS, KOZEL_RESULT, [CAROL, BOB, ALICE, left])
    counted = tally(game)
    assert [p.player.user_id for p in counted.people] == [3, 2, 1]
    assert [(p.first.user_id, p.second.user_id, p.won) for p in counted.pairs] == [(1, 3, True)]
    facts = {(f.kind, tuple(p.user_id for p in f.players)) for f in counted.facts}
    assert facts == {(FactKind.PAIR_WINS, (3, 1)), (FactKind.GOATS, (2,))}
    assert counted.group == GROUP
    assert counted.direct is None


def test_the_draw_game_counts_points_scored_per_hand() -> None:
    hands = [
        hand(1, EndReason.DOMINO, 0, 20, 0),
        hand(2, EndReason.BLOCKED, None, 0, 1),
        hand(3, EndReason.DOMINO, 0, 35, 0),
    ]
    result = MatchResult(winner=0, scores=(55, 0, 0))
    bot = BotSeat(level=Level.HARD)
    game = finished("draw", 3, hands, result, [BOB, bot, ALICE], group=False)
    counted = tally(game)
    by_user = {p.player.user_id: p.counts for p in counted.people}
    assert by_user[2]["scored"] == 55
    assert by_user[2]["hands"] == 3
    assert by_user[2]["won"] == 1
    assert by_user[1]["scored"] == 0
    assert by_user[1]["lost"] == 1
    assert by_user[1]["goats"] == 0
    assert by_user[1]["kozel_hands"] == 0
    assert counted.pairs == ()
    assert counted.facts == ()
    assert counted.group is None
    assert counted.direct is not None
    assert counted.direct[1] is Level.HARD


def test_bots_are_nobody() -> None:
    seats = [BotSeat(level=Level.EASY)] * 3 + [ALICE]
    game = finished("kozel", 4, KOZEL_HANDS, KOZEL_RESULT, seats)
    assert [p.user_id for p in players_at(game)] == [1]
    assert tally(game).pairs == ()


def test_only_a_finished_match_is_counted() -> None:
    match, _ = Match.new("block", 2, 50, seed=1)
    with pytest.raises(ValueError, match="finished"):
        tally(record_for(match, [ALICE, BOB]))


def test_milestones_and_the_filed_names_read_back() -> None:
    assert [n for n in range(1, 41) if worth_telling(n)] == [3, 5, 10, 20, 30, 40]
    assert Told.parse("pair:0:2", 3) == Told(FactKind.PAIR_WINS, (0, 2), 3)
    assert Told.parse("nonsense:x", 3) is None


def test_an_invitations_match_counts_under_its_people_only() -> None:
    # Its table is a message posted in some chat: no group to count or rate it in.
    game = finished("kozel", 4, KOZEL_HANDS, KOZEL_RESULT, [ALICE, BOB, CAROL, DAVE])
    side = GroupSide(title="", language="en", creator_id=1, inline_message_id="AbC-1")
    counted = tally(Game.load(game.record.model_copy(update={"group": side})))
    assert counted.group is None
    assert counted.direct is None
    assert counted.facts == ()  # nothing is said where it was played
    assert {p.player.user_id for p in counted.people} == {1, 2, 3, 4}
    assert len(counted.pairs) == 2
    assert counted.table is not None
    assert counted.table.scopes == (None,)  # rated everywhere
