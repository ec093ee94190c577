"""The pure changes the use cases share: stopped, speaking, left, taken (and its check),
a group's language, the results so far, a game moved to another chat."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from bot.game import lobby
from bot.game.changes import (
    check_take,
    group_speaking,
    left,
    moved_to,
    results_so_far,
    speaking,
    stopped,
    taken,
)
from bot.game.errors import RefusalCode, RefusalError
from bot.game.people import Person
from bot.game.record import NoticeKind, SeatNotice
from bot.game.seats import BotSeat, Seat, human_seat
from bot.game.state import Game, HandOver, Lobby, Playing, Stopped
from core.engine import Match
from core.players import Level
from core.variants import Variant
from tests.bot.factories import (
    GROUP_ID,
    finish_hand,
    finish_match,
    group_lobby,
    human,
    person,
    record_for,
    secret,
)

ANN = person(11, "Ann")
BEN = person(12, "Ben", "ru")
CAT = person(13, "Cat", "it")


def refusal_of(change: Callable[[], object]) -> RefusalCode:
    """The code `change` is refused with."""
    with pytest.raises(RefusalError) as caught:
        change()
    return caught.value.code


def a_group_match(seats: list[Seat], *, hand_over: bool = False, finished: bool = False) -> Game:
    """A group's Kozel match, its table's level hard."""
    match, _ = Match.new(Variant.KOZEL, 4, 100, seed=2)
    if finished:
        finish_match(match)
    elif hand_over:
        finish_hand(match)
    group = group_lobby().record.group
    return record_for(
        match, seats, game_id="0000000b40", chat_id=GROUP_ID, group=group, level=Level.HARD
    )


def ann_and_ben() -> list[Seat]:
    return [human_seat(ANN), BotSeat(level=Level.EASY), human_seat(BEN), BotSeat(level=Level.EASY)]


def direct(*, hand_over: bool = False) -> Game:
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=1)
    if hand_over:
        finish_hand(match)
    return record_for(match, [human_seat(ANN), BotSeat(level=Level.EASY)])


def ann_in_lobby() -> Game:
    return lobby.join(group_lobby(), ANN, None, secret(1))


# -- stopped ---------------------------------------------------------------------------------------


def test_only_a_live_game_can_be_stopped() -> None:
    finished = record_for(finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0]), [human(1)] * 2)
    assert refusal_of(lambda: stopped(finished)) is RefusalCode.GAME_OVER
    lobby_stopped = stopped(group_lobby())
    assert isinstance(lobby_stopped.state, Stopped)
    assert lobby_stopped.match is None
    assert refusal_of(lambda: stopped(lobby_stopped)) is RefusalCode.GAME_OVER


def test_a_stopped_match_keeps_its_engine_and_seats() -> None:
    game = a_group_match(ann_and_ben())
    ended = stopped(game)
    assert isinstance(ended.state, Stopped)
    assert ended.match is game.match
    assert ended.seats == game.seats
    assert not ended.is_live


# -- speaking --------------------------------------------------------------------------------------


def test_a_game_not_live_speaks_as_it_did() -> None:
    game = record_for(finish_match(Match.new(Variant.BLOCK, 2, 50, seed=1)[0]), [human(1)] * 2)
    assert speaking(game, 1, "it") is game
    playing = record_for(Match.new(Variant.BLOCK, 2, 50, seed=1)[0], [human(1), human(2)])
    assert speaking(playing, 3, "it") is playing
    assert speaking(playing, 1, "en") is playing
    changed = speaking(playing, 2, "it")
    assert [h.language for _, h in changed.humans()] == ["en", "it"]
    assert changed.match is playing.match


def test_a_lobby_seat_speaks_the_persons_new_language() -> None:
    game = ann_in_lobby()
    changed = speaking(game, ANN.user_id, "fr")
    assert isinstance(changed.state, Lobby)
    assert changed.human(0).language == "fr"
    assert changed.version == game.version  # a change to save, not saved yet


# -- left ----------------------------------------------------------------------------------------


def test_leaving_a_direct_game_is_invalid() -> None:
    assert refusal_of(lambda: left(direct(), ANN.user_id)) is RefusalCode.INVALID


def test_leaving_a_lobby_frees_the_seat() -> None:
    after = left(ann_in_lobby(), ANN.user_id)
    assert isinstance(after.state, Lobby)
    assert after.seats == (None,) * 4
    assert refusal_of(lambda: left(after, ANN.user_id)) is RefusalCode.NOT_SEATED


def test_a_bot_of_the_tables_level_plays_the_seat_of_who_leaves_a_match() -> None:
    game = a_group_match(ann_and_ben(), hand_over=True)
    after = left(game, BEN.user_id)
    assert after.seats[2] == BotSeat(level=Level.HARD)
    assert after.is_active
    group = after.record.group
    assert group is not None
    assert group.notices == (SeatNotice(kind=NoticeKind.LEFT, seat=2, name="Ben", after_results=1),)
    assert refusal_of(lambda: left(after, BEN.user_id)) is RefusalCode.NOT_SEATED


def test_the_last_person_leaving_stops_the_match() -> None:
    game = left(a_group_match(ann_and_ben()), BEN.user_id)
    after = left(game, ANN.user_id)
    assert isinstance(after.state, Stopped)
    group = after.record.group
    assert group is not None
    assert [(n.kind, n.seat) for n in group.notices] == [
        (NoticeKind.LEFT, 2),
        (NoticeKind.LEFT, 0),
        (NoticeKind.ALL_LEFT, 0),
    ]


def test_nobody_leaves_a_match_that_is_over() -> None:
    finished = a_group_match(ann_and_ben(), finished=True)
    ended = stopped(a_group_match(ann_and_ben()))
    for game in (finished, ended):
        assert refusal_of(partial(left, game, ANN.user_id)) is RefusalCode.GAME_OVER


# -- taking a bot's seat ---------------------------------------------------------------------------


def test_a_bots_seat_is_taken_between_hands_and_the_group_told() -> None:
    game = a_group_match(ann_and_ben(), hand_over=True)
    after = taken(game, CAT, 3)
    assert after.seats[3] == human_seat(CAT)
    assert isinstance(after.state, HandOver)
    group = after.record.group
    assert group is not None
    assert group.notices[-1] == SeatNotice(
        kind=NoticeKind.TOOK, seat=3, name="Cat", after_results=1
    )


@pytest.mark.parametrize(
    ("who", "seat", "hand_over", "code"),
    [
        (CAT, 1, False, RefusalCode.NOT_BETWEEN_HANDS),
        (BEN, 1, True, RefusalCode.ALREADY_SEATED),
        (CAT, 0, True, RefusalCode.SEAT_TAKEN),  # Ann's
        (CAT, 4, True, RefusalCode.SEAT_TAKEN),
        (CAT, -1, True, RefusalCode.SEAT_TAKEN),
    ],
)
def test_a_seat_that_cannot_be_taken_is_refused(
    who: Person, seat: int, hand_over: bool, code: RefusalCode
) -> None:
    game = a_group_match(ann_and_ben(), hand_over=hand_over)
    assert refusal_of(lambda: check_take(game, who.user_id, seat)) is code


def test_no_seat_is_taken_in_a_lobby_or_a_direct_game() -> None:
    assert refusal_of(lambda: check_take(ann_in_lobby(), CAT.user_id, 1)) is RefusalCode.GAME_OVER
    assert refusal_of(lambda: taken(direct(hand_over=True), CAT, 1)) is RefusalCode.GAME_OVER


# -- the group's language, results, a move ---------------------------------------------------------


def test_a_group_speaks_a_new_language_while_its_game_is_live() -> None:
    game = ann_in_lobby()
    changed = group_speaking(game, "it")
    assert changed.record.group is not None
    assert changed.record.group.language == "it"
    assert group_speaking(changed, "it") is changed
    ended = stopped(changed)
    assert group_speaking(ended, "fr") is ended  # a game over keeps the language it ended in
    assert group_speaking(direct(), "fr").record.group is None


def test_the_results_so_far_count_the_hands_over() -> None:
    assert results_so_far(ann_in_lobby()) == 0
    assert results_so_far(a_group_match(ann_and_ben())) == 0
    assert results_so_far(a_group_match(ann_and_ben(), hand_over=True)) == 1


def test_a_moved_game_is_the_same_game_in_the_new_chat() -> None:
    game = a_group_match(ann_and_ben())
    moved = moved_to(game, -1_000_077)
    assert moved.chat_id == -1_000_077
    assert moved.game_id == game.game_id
    assert moved.match is game.match
    assert isinstance(moved.state, Playing)
    assert moved.record.stage == game.record.stage
