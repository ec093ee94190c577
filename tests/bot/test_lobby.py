"""The lobby as pure changes to the record: seats, moving, bots, settings, start."""

from __future__ import annotations

import pytest

from bot.game import lobby
from bot.game.errors import RefusalCode, RefusalError
from bot.game.people import Person
from bot.game.record import GameRecord, GameStatus
from bot.game.seats import BotSeat, HumanSeat
from core.players import Level
from core.variants import Variant
from tests.bot.factories import NOW

ANN = Person(user_id=1, name="Ann", language="en", chat_id=1)
BEN = Person(user_id=2, name="Ben", language="ru", chat_id=2)
CAT = Person(user_id=3, name="Cat", language="it", chat_id=3)


def a_lobby(variant: Variant = Variant.KOZEL, n_players: int = 4) -> GameRecord:
    return GameRecord(
        game_id="0123456789",
        chat_id=-5,
        seats=[],
        engine={},
        seed=0,
        status=GameStatus.LOBBY,
        group=lobby.new_group("Room", ANN, variant, n_players, 100),
        created_at=NOW,
        updated_at=NOW,
    )


def refused(code: RefusalCode, change: object, *args: object) -> None:
    with pytest.raises(RefusalError) as caught:
        change(*args)  # type: ignore[operator]
    assert caught.value.code is code


def seats_of(record: GameRecord) -> list[str]:
    assert record.group is not None
    return [
        "-" if s is None else s.name if isinstance(s, HumanSeat) else "bot"
        for s in record.group.lobby
    ]


def test_people_take_the_first_free_seat_or_the_one_they_choose() -> None:
    record = lobby.join(a_lobby(), ANN, None, seed=1)
    record = lobby.join(record, BEN, 2, seed=1)
    assert seats_of(record) == ["Ann", "-", "Ben", "-"]
    record = lobby.join(record, BEN, 3, seed=1)  # moving to another seat
    assert seats_of(record) == ["Ann", "-", "-", "Ben"]
    refused(RefusalCode.ALREADY_SEATED, lobby.join, record, BEN, None, 1)
    refused(RefusalCode.SEAT_TAKEN, lobby.join, record, CAT, 0, 1)
    refused(RefusalCode.INVALID, lobby.join, record, CAT, 7, 1)


def test_the_match_starts_with_the_last_seat_taken() -> None:
    record = lobby.join(a_lobby(), ANN, None, seed=1)
    record = lobby.add_bot(record, None, seed=1)
    record = lobby.join(record, BEN, None, seed=1)
    assert record.status is GameStatus.LOBBY
    record = lobby.join(record, CAT, None, seed=9)
    assert record.status is GameStatus.ACTIVE
    assert record.seed == 9
    assert [s.kind for s in record.seats] == ["human", "bot", "human", "human"]
    assert record.group is not None
    assert record.group.lobby == []
    refused(RefusalCode.LOBBY_CLOSED, lobby.join, record, BEN, None, 1)


def test_start_fills_with_bots_but_needs_a_person() -> None:
    refused(RefusalCode.NEEDS_PERSON, lobby.start, a_lobby(), 1)
    record = lobby.start(lobby.join(a_lobby(Variant.DRAW, 3), ANN, 1, seed=1), seed=1)
    assert [s.kind for s in record.seats] == ["bot", "human", "bot"]
    assert all(s.level is Level.MEDIUM for s in record.seats if isinstance(s, BotSeat))


def test_a_table_of_bots_never_starts_by_itself() -> None:
    record = a_lobby(Variant.BLOCK, 2)
    record = lobby.add_bot(lobby.add_bot(record, None, 1), None, 1)
    assert record.status is GameStatus.LOBBY
    refused(RefusalCode.GAME_FULL, lobby.add_bot, record, None, 1)
    record = lobby.remove_bot(record, 0)
    assert seats_of(record) == ["-", "bot"]


def test_settings_go_round() -> None:
    record = lobby.join(a_lobby(Variant.DRAW, 4), ANN, 3, seed=1)
    record = lobby.next_player_count(record)  # 4 -> 2: Ann keeps a seat
    assert seats_of(record) == ["Ann", "-"]
    record = lobby.next_variant(record)  # draw -> block, still 2
    assert record.group is not None
    assert (record.group.variant, record.group.n_players) == (Variant.BLOCK, 2)
    record = lobby.next_variant(record)  # -> Kozel: four seats
    assert seats_of(record) == ["Ann", "-", "-", "-"]
    refused(RefusalCode.INVALID, lobby.next_player_count, record)
    record = lobby.next_target(lobby.next_target(record))
    assert record.group is not None
    assert record.group.target == 50
    record = lobby.next_level(lobby.add_bot(record, None, 1))
    assert record.group is not None
    assert record.group.level is Level.HARD
    assert record.group.lobby[1] == BotSeat(level=Level.HARD)


def test_fewer_seats_than_people_is_refused() -> None:
    record = a_lobby(Variant.DRAW, 4)
    for person in (ANN, BEN, CAT):
        record = lobby.join(record, person, None, seed=1)
    assert record.status is GameStatus.LOBBY
    refused(RefusalCode.TOO_MANY, lobby.next_player_count, record)  # 4 -> 2


def test_leaving_frees_the_seat() -> None:
    record = lobby.join(a_lobby(), BEN, 1, seed=1)
    record = lobby.leave(record, BEN.user_id)
    assert seats_of(record) == ["-", "-", "-", "-"]
    refused(RefusalCode.NOT_SEATED, lobby.leave, record, BEN.user_id)


def test_the_invite_is_shown_once_asked_for() -> None:
    record = lobby.invited(a_lobby())
    assert record.group is not None
    assert record.group.invite
    assert lobby.invited(record) is record
