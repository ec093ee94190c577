"""The game in memory: the typed state of each stage, views computed once, changes that
keep the engine, and a record that round-trips through the store's encoding."""

from __future__ import annotations

import zlib
from dataclasses import replace
from datetime import timedelta
from typing import NoReturn

import pytest

import bot.game.state
from bot.game import bots, changes, lobby
from bot.game.kinds import DIRECT, GROUP
from bot.game.record import (
    GameRecord,
    LobbyStage,
    MatchStage,
    NoticeKind,
    SeatNotice,
    StoppedStage,
    TableSettings,
)
from bot.game.seats import BotSeat, LogMark, Seat
from bot.game.state import Finished, Game, HandOver, InMatch, Lobby, Playing, Stopped
from bot.store.records import decode, encode
from core.engine import Match
from core.players import Level
from core.variants import Variant
from core.views import PublicView, SeatView, public_view, seat_view
from tests.bot.factories import (
    NOW,
    finish_hand,
    finish_match,
    group_lobby,
    human,
    person,
    record_for,
    secret,
)

SEATS: tuple[Seat, ...] = (human(1, "Ann"), BotSeat(level=Level.EASY))


def a_match(seed: int = 3) -> Match:
    match, _ = Match.new(Variant.BLOCK, 2, 50, seed=seed)
    return match


def stopped_from(game: Game) -> Game:
    stage = game.record.stage
    assert isinstance(stage, LobbyStage | MatchStage)
    return Game.load(game.record.model_copy(update={"stage": StoppedStage(was=stage)}))


class NoRebuild:
    """Stands in for `Match` in `bot.game.state`: any rebuild of an engine fails."""

    @classmethod
    def from_dict(cls, *_: object) -> NoReturn:
        raise AssertionError("the engine was rebuilt")


# -- the typed state of each stage ------------------------------------------------------------


def test_a_lobby_loads_as_a_lobby_with_its_free_seats() -> None:
    in_group = replace(person(11), in_group=True)  # reached in the group only: invited
    game = lobby.join(group_lobby(Variant.DRAW, 3), in_group, 1, secret(1))
    loaded = Game.load(game.record)
    assert isinstance(loaded.state, Lobby)
    assert loaded.state.seats == (
        None,
        human(11, "Ann").model_copy(update={"in_group": True}),
        None,
    )
    assert loaded.state.invite
    assert loaded.match is None
    assert (loaded.is_live, loaded.is_active) == (True, False)


def test_a_hand_being_played_loads_with_the_seat_to_move() -> None:
    match = a_match()
    game = record_for(match, SEATS, seed=5)
    assert isinstance(game.state, Playing)
    assert game.state.turn == match.turn
    assert game.state.seed == 5
    assert game.state.seats == SEATS
    assert game.state.match.to_dict() == match.to_dict()
    assert (game.is_live, game.is_active) == (True, True)


def test_a_hand_over_loads_with_its_result() -> None:
    match = finish_hand(a_match())
    assert not match.match_over
    game = record_for(match, SEATS)
    assert isinstance(game.state, HandOver)
    assert game.state.result == match.last_result
    assert (game.is_live, game.is_active) == (True, True)


def test_a_finished_match_loads_with_the_match_result() -> None:
    match = finish_match(a_match())
    game = record_for(match, SEATS)
    assert isinstance(game.state, Finished)
    assert game.state.result == match.match_result
    assert (game.is_live, game.is_active) == (False, False)


def test_a_stopped_lobby_has_its_seats_and_no_match() -> None:
    game = stopped_from(lobby.join(group_lobby(), person(11), 2, secret(1)))
    assert isinstance(game.state, Stopped)
    assert game.state.seats == (None, None, human(11, "Ann"), None)
    assert game.match is None
    assert (game.is_live, game.is_active) == (False, False)
    with pytest.raises(ValueError, match="no match"):
        game.public_view()


def test_a_stopped_match_keeps_its_seats_and_its_engine() -> None:
    match = a_match()
    game = stopped_from(record_for(match, SEATS))
    assert isinstance(game.state, Stopped)
    assert game.state.seats == SEATS
    assert game.match is not None
    assert game.match.to_dict() == match.to_dict()
    assert (game.is_live, game.is_active) == (False, False)
    assert game.public_view().turn == match.turn


def test_who_sits_where() -> None:
    seats: tuple[Seat, ...] = (BotSeat(level=Level.HARD), human(7, "Gil"), human(8, "Hal"))
    match, _ = Match.new(Variant.DRAW, 3, 50, seed=1)
    game = record_for(match, seats)
    assert game.humans() == [(1, seats[1]), (2, seats[2])]
    assert (game.seat_of(8), game.seat_of(9)) == (2, None)
    assert game.human(1) == seats[1]
    assert [game.is_bot(s) for s in range(3)] == [True, False, False]
    with pytest.raises(ValueError, match="not a person"):
        game.human(0)


def test_the_record_fields_show_through() -> None:
    game = record_for(a_match(), SEATS, game_id="00000000ab", chat_id=-5, version=4)
    assert (game.game_id, game.chat_id, game.version) == ("00000000ab", -5, 4)
    assert game.settings.variant is Variant.BLOCK
    assert game.kind is DIRECT
    assert group_lobby().kind is GROUP


# -- views, each computed once --------------------------------------------------------------


def test_views_are_computed_once_and_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int | None] = []

    def counted_public(match: Match) -> PublicView:
        made.append(None)
        return public_view(match)

    def counted_seat(match: Match, seat: int) -> SeatView:
        made.append(seat)
        return seat_view(match, seat)

    monkeypatch.setattr(bot.game.state, "public_view", counted_public)
    monkeypatch.setattr(bot.game.state, "seat_view", counted_seat)
    game = record_for(a_match(), SEATS)
    assert game.public_view() is game.public_view()
    assert game.seat_view(0) is game.seat_view(0)
    assert game.seat_view(1) is not game.seat_view(0)
    assert made == [None, 0, 1]
    assert game.seat_view(1).seat == 1
    assert game.seat_view(0).hand != game.seat_view(1).hand


def test_the_same_version_keeps_its_views_and_a_change_does_not() -> None:
    game = record_for(a_match(), SEATS)
    view = game.public_view()
    assert game.changed_at(NOW + timedelta(hours=1)).public_view() is view
    assert game.stored_as(game.record.model_copy(update={"version": 9})).public_view() is view
    state = game.state
    assert isinstance(state, InMatch)
    assert game.with_match(state.match, state.seats, state.seed).public_view() is not view


# -- changes keep the engine ----------------------------------------------------------------


def test_with_match_keeps_the_engine_object_and_stores_its_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = record_for(a_match(), SEATS)
    match = game.match
    assert match is not None
    turn = match.turn
    tile, end = match.legal_moves()[0]
    match.play(turn, tile, end)
    monkeypatch.setattr(bot.game.state, "Match", NoRebuild)
    seats = (SEATS[0].model_copy(update={"log_mark": LogMark(hand_no=1, index=3)}), SEATS[1])
    after = game.with_match(match, seats, 11, chat_id=-9)
    assert after.match is match
    assert after.seats == seats
    stage = after.record.stage
    assert isinstance(stage, MatchStage)
    assert (stage.engine, stage.seed, stage.seats) == (match.to_dict(), 11, seats)
    assert after.chat_id == -9
    assert game.chat_id == 1001  # the old game object is another version, unchanged


def test_changed_to_a_stopped_stage_keeps_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    game = record_for(a_match(), SEATS)
    stage = game.record.stage
    assert isinstance(stage, MatchStage)
    monkeypatch.setattr(bot.game.state, "Match", NoRebuild)
    stopped = game.changed(StoppedStage(was=stage), game.match)
    assert isinstance(stopped.state, Stopped)
    assert stopped.match is game.match
    assert stopped.record.stage == StoppedStage(was=stage)


def test_changed_to_a_lobby_stage_needs_no_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    game = group_lobby(Variant.BLOCK, 2)
    monkeypatch.setattr(bot.game.state, "Match", NoRebuild)
    moved = game.changed(LobbyStage(seats=(None, human(3)), invite=True), version=5)
    assert moved.state == Lobby((None, human(3)), invite=True)
    assert moved.version == 5
    assert game.state == Lobby((None, None), invite=False)


# -- the stored form ------------------------------------------------------------------------


def records() -> list[GameRecord]:
    """A record of each stage, a group's with notices among them."""
    playing = record_for(a_match(), SEATS, version=3).record
    in_group = replace(person(11), in_group=True)
    open_lobby = lobby.join(group_lobby(), in_group, 1, secret(1)).record
    started = lobby.start(lobby.join(group_lobby(), person(11), None, secret(1)), secret(4))
    assert started.record.group is not None
    notice = SeatNotice(kind=NoticeKind.LEFT, seat=0, name="Ann", after_results=2)
    group = started.record.group.model_copy(update={"notices": (notice,)})
    noticed = started.record.model_copy(update={"group": group})
    was = noticed.stage
    assert isinstance(was, MatchStage)
    stopped = noticed.model_copy(update={"stage": StoppedStage(was=was), "version": 8})
    over = record_for(finish_match(a_match()), SEATS).record
    return [playing, open_lobby, noticed, stopped, over]


@pytest.mark.parametrize("record", records(), ids=["playing", "lobby", "group", "stopped", "over"])
def test_a_record_round_trips_through_the_stored_form_exactly(record: GameRecord) -> None:
    back = decode(encode(record))
    assert back == record
    assert back.to_json() == record.to_json()
    assert type(Game.load(back).state) is type(Game.load(record).state)


def test_the_stored_form_is_compressed() -> None:
    record = record_for(finish_match(a_match()), SEATS).record
    assert len(encode(record)) < len(record.to_json()) / 2


def test_a_stored_form_that_is_not_a_record_is_refused() -> None:
    with pytest.raises(ValueError, match="validation error"):
        decode(zlib.compress(b'{"schema_version": 1}'))


def test_a_truncated_stored_form_is_refused_with_a_value_error() -> None:
    raw = encode(record_for(a_match(), SEATS).record)
    with pytest.raises(ValueError):  # noqa: PT011 - the docstring names no other error
        decode(raw[:-5])


@pytest.mark.parametrize("stopped_midway", [False, True])
def test_a_record_with_a_bots_seed_past_64_bits_survives_its_json(stopped_midway: bool) -> None:
    """The bots' seed is 256 bits (`core.fair.bots_seed`): the record's JSON keeps it
    whole, its engine's state beside it, in a match or in a match stopped."""
    settings = TableSettings(variant=Variant.KOZEL, n_players=4, target=100, level=Level.EASY)
    match, seed = bots.new_match(settings, secret(9))
    assert seed >= 2**64
    seats = tuple(human(i) for i in range(1, 5))
    game = record_for(match, seats).with_match(match, seats, seed)
    if stopped_midway:
        game = changes.stopped(game)
    back = GameRecord.from_json(game.record.to_json())
    assert back == game.record
