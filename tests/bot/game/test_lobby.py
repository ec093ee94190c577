"""The lobby as pure changes to the game: seats, moving, bots, settings, start."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from bot.game import changes, lobby
from bot.game.errors import RefusalCode, RefusalError
from bot.game.record import MatchStage
from bot.game.seats import BotSeat, HumanSeat
from bot.game.state import Game, InMatch, Lobby
from core.fair import bots_seed
from core.players import Level
from core.variants import Variant
from tests.bot.factories import group_lobby, person, secret

ANN = person(1, "Ann")
BEN = person(2, "Ben", "ru")
CAT = person(3, "Cat", "it")
DAN = person(4, "Dan")


def a_lobby(variant: Variant = Variant.KOZEL, n_players: int = 4) -> Game:
    """A lobby opened by Ann, nobody seated yet."""
    return group_lobby(variant, n_players, creator=ANN)


def refused(code: RefusalCode, change: Callable[..., object], *args: object) -> None:
    with pytest.raises(RefusalError) as caught:
        change(*args)
    assert caught.value.code is code


def seats_of(game: Game) -> list[str]:
    assert isinstance(game.state, Lobby)
    return [
        "-" if s is None else s.name if isinstance(s, HumanSeat) else "bot"
        for s in game.state.seats
    ]


def started(game: Game) -> InMatch:
    assert isinstance(game.state, InMatch)
    return game.state


def test_people_take_the_first_free_seat_or_the_one_they_choose() -> None:
    game = lobby.join(a_lobby(), ANN, None, secret(1))
    game = lobby.join(game, BEN, 2, secret(1))
    assert seats_of(game) == ["Ann", "-", "Ben", "-"]
    game = lobby.join(game, BEN, 3, secret(1))  # moving to another seat
    assert seats_of(game) == ["Ann", "-", "-", "Ben"]
    refused(RefusalCode.ALREADY_SEATED, lobby.join, game, BEN, None, secret(1))
    refused(RefusalCode.SEAT_TAKEN, lobby.join, game, CAT, 0, secret(1))
    refused(RefusalCode.INVALID, lobby.join, game, CAT, 7, secret(1))
    refused(RefusalCode.INVALID, lobby.join, game, CAT, -1, secret(1))


def test_a_seat_keeps_the_persons_language_and_private_chat() -> None:
    game = lobby.join(a_lobby(), BEN, 1, secret(1))
    seat = game.human(1)
    assert (seat.user_id, seat.language, seat.chat_id) == (2, "ru", 2)


def test_a_change_leaves_the_game_it_was_given_as_it_was() -> None:
    before = a_lobby()
    after = lobby.join(before, ANN, None, secret(1))
    assert seats_of(before) == ["-", "-", "-", "-"]
    assert seats_of(after) == ["Ann", "-", "-", "-"]


def test_a_full_lobby_refuses_a_join_without_a_seat() -> None:
    game = a_lobby(Variant.BLOCK, 2)
    game = lobby.add_bot(lobby.add_bot(game, secret(1)), secret(1))
    refused(RefusalCode.GAME_FULL, lobby.join, game, ANN, None, secret(1))
    refused(RefusalCode.GAME_FULL, lobby.check_join, game, ANN.user_id, None)


def test_the_match_starts_with_the_last_seat_taken() -> None:
    game = lobby.join(a_lobby(), ANN, None, secret(1))
    game = lobby.add_bot(game, secret(1))
    game = lobby.join(game, BEN, None, secret(1))
    assert isinstance(game.state, Lobby)
    game = lobby.join(game, CAT, None, secret(9))
    state = started(game)
    assert state.seed == bots_seed(secret(9))  # the bots' own derivation
    assert [s.kind for s in state.seats] == ["human", "bot", "human", "human"]
    assert isinstance(game.record.stage, MatchStage)
    assert game.is_active
    assert state.match.settings.variant is Variant.KOZEL
    refused(RefusalCode.LOBBY_CLOSED, lobby.join, game, BEN, None, secret(1))


def test_the_same_secret_deals_the_same_match() -> None:
    def full(n: int) -> Game:
        return lobby.start(lobby.join(a_lobby(Variant.DRAW, 3), ANN, 0, secret(1)), secret(n))

    assert started(full(5)).match.to_dict() == started(full(5)).match.to_dict()
    assert started(full(5)).match.to_dict() != started(full(6)).match.to_dict()


def test_start_fills_with_bots_but_needs_a_person() -> None:
    refused(RefusalCode.NEEDS_PERSON, lobby.start, a_lobby(), secret(1))
    game = lobby.start(lobby.join(a_lobby(Variant.DRAW, 3), ANN, 1, secret(1)), secret(1))
    seats = started(game).seats
    assert [s.kind for s in seats] == ["bot", "human", "bot"]
    assert all(s.level is Level.MEDIUM for s in seats if isinstance(s, BotSeat))


def test_a_table_of_bots_never_starts_by_itself() -> None:
    game = a_lobby(Variant.BLOCK, 2)
    game = lobby.add_bot(lobby.add_bot(game, secret(1)), secret(1))
    assert isinstance(game.state, Lobby)
    refused(RefusalCode.GAME_FULL, lobby.add_bot, game, secret(1))
    refused(RefusalCode.NEEDS_PERSON, lobby.start, game, secret(1))
    game = lobby.remove_bot(game, 0)
    assert seats_of(game) == ["-", "bot"]


def test_only_a_bot_can_be_removed() -> None:
    game = lobby.join(a_lobby(Variant.BLOCK, 2), ANN, 0, secret(1))
    refused(RefusalCode.INVALID, lobby.remove_bot, game, 0)
    refused(RefusalCode.INVALID, lobby.remove_bot, game, 1)
    refused(RefusalCode.INVALID, lobby.remove_bot, game, 2)


def test_settings_go_round() -> None:
    game = lobby.join(a_lobby(Variant.DRAW, 4), ANN, 3, secret(1))
    game = lobby.next_player_count(game)  # 4 -> 2: Ann keeps a seat
    assert seats_of(game) == ["Ann", "-"]
    game = lobby.next_variant(game)  # draw -> block, still 2
    assert (game.settings.variant, game.settings.n_players) == (Variant.BLOCK, 2)
    game = lobby.next_variant(game)  # -> Kozel: four seats
    assert seats_of(game) == ["Ann", "-", "-", "-"]
    assert game.settings.n_players == 4
    refused(RefusalCode.INVALID, lobby.next_player_count, game)
    game = lobby.set_target(game, 50)
    assert game.settings.target == 50
    refused(RefusalCode.INVALID, lobby.set_target, game, 75)
    game = lobby.set_timer(game, 120)
    assert game.settings.turn_timer == 120
    refused(RefusalCode.INVALID, lobby.set_timer, game, 45)
    game = lobby.next_level(lobby.add_bot(game, secret(1)))
    assert game.settings.level is Level.HARD
    assert isinstance(game.state, Lobby)
    assert game.state.seats[1] == BotSeat(level=Level.HARD)
    game = lobby.next_variant(game)  # Kozel -> draw: four players may stay
    assert (game.settings.variant, game.settings.n_players) == (Variant.DRAW, 4)
    assert seats_of(game) == ["Ann", "bot", "-", "-"]


def test_the_level_goes_round_and_new_bots_take_it() -> None:
    game = a_lobby()
    levels = []
    for _ in range(3):
        game = lobby.next_level(game)
        levels.append(game.settings.level)
    assert levels == [Level.HARD, Level.EASY, Level.MEDIUM]
    game = lobby.add_bot(lobby.next_level(lobby.next_level(game)), secret(1))
    assert isinstance(game.state, Lobby)
    assert game.state.seats[0] == BotSeat(level=Level.EASY)


def test_fewer_seats_than_people_is_refused() -> None:
    game = a_lobby(Variant.DRAW, 4)
    for joiner in (ANN, BEN, CAT):
        game = lobby.join(game, joiner, None, secret(1))
    assert isinstance(game.state, Lobby)
    refused(RefusalCode.TOO_MANY, lobby.next_player_count, game)  # 4 -> 2


def test_a_smaller_table_keeps_its_people_before_its_bots() -> None:
    game = lobby.add_bot(a_lobby(Variant.DRAW, 3), secret(1))
    game = lobby.join(game, ANN, 2, secret(1))
    game = lobby.next_player_count(game)  # 3 -> 4
    assert seats_of(game) == ["bot", "-", "Ann", "-"]
    game = lobby.next_player_count(game)  # 4 -> 2: Ann takes the bot's place
    assert seats_of(game) == ["Ann", "-"]


def test_leaving_frees_the_seat() -> None:
    game = lobby.join(a_lobby(), BEN, 1, secret(1))
    game = lobby.leave(game, BEN.user_id)
    assert seats_of(game) == ["-", "-", "-", "-"]
    refused(RefusalCode.NOT_SEATED, lobby.leave, game, BEN.user_id)


def test_the_invite_is_shown_once_someone_sits_down_in_the_group_only() -> None:
    game = lobby.join(a_lobby(), BEN, None, secret(1))
    assert isinstance(game.state, Lobby)
    assert not game.state.invite
    game = lobby.join(game, replace(CAT, in_group=True), None, secret(1))
    assert isinstance(game.state, Lobby)
    assert game.state.invite
    seat = game.seat_of(CAT.user_id)
    assert seat is not None
    assert game.human(seat).in_group
    game = lobby.join(game, ANN, None, secret(1))  # the link stays while seats change
    assert isinstance(game.state, Lobby)
    assert game.state.invite


def test_the_settings_view_and_a_fixed_game_outlast_every_lobby_change() -> None:
    fixed = a_lobby().changed(lobby.new_lobby(4, variant_fixed=True))
    game = lobby.show_settings(fixed, True)
    assert lobby.show_settings(game, True) is game  # nothing to change
    for change in (
        lambda g: lobby.join(g, BEN, 1, secret(1)),
        lambda g: lobby.join(g, replace(CAT, in_group=True), 2, secret(1)),
        lambda g: lobby.set_target(g, 50),
        lambda g: lobby.set_timer(g, -1),  # the next timer: 0 -> 30
        lobby.next_level,
        lambda g: changes.speaking(g, BEN.user_id, "fr"),
    ):
        game = change(game)
        assert isinstance(game.state, Lobby)
        assert (game.state.settings_open, game.state.variant_fixed) == (True, True)
    assert (game.settings.target, game.settings.turn_timer) == (50, 30)
    refused(RefusalCode.INVALID, lobby.next_variant, game)  # a /kozel lobby plays Kozel
    game = lobby.show_settings(game, False)
    assert isinstance(game.state, Lobby)
    assert not game.state.settings_open
    assert seats_of(game) == ["-", "Ben", "Cat", "-"]


def test_seated_people_and_the_opener_may_fill_the_table() -> None:
    game = lobby.join(a_lobby(), BEN, 1, secret(1))
    assert lobby.may_fill(game, ANN.user_id)  # the opener, not seated
    assert lobby.may_fill(game, BEN.user_id)
    assert not lobby.may_fill(game, CAT.user_id)


def test_a_seat_button_leaves_ones_seat_or_removes_a_bot() -> None:
    game = lobby.add_bot(lobby.join(a_lobby(), BEN, 1, secret(1)), secret(1))
    assert seats_of(game) == ["bot", "Ben", "-", "-"]
    refused(RefusalCode.NOT_ALLOWED, lobby.seat_pressed, game, CAT.user_id, 0)
    refused(RefusalCode.SEAT_TAKEN, lobby.seat_pressed, game, CAT.user_id, 1)
    refused(RefusalCode.SEAT_TAKEN, lobby.seat_pressed, game, BEN.user_id, 2)
    refused(RefusalCode.INVALID, lobby.seat_pressed, game, BEN.user_id, 4)
    assert seats_of(lobby.seat_pressed(game, BEN.user_id, 0)) == ["-", "Ben", "-", "-"]
    assert seats_of(lobby.seat_pressed(game, BEN.user_id, 1)) == ["bot", "-", "-", "-"]


def test_a_press_sits_down_only_on_a_free_seat_of_an_open_lobby() -> None:
    game = lobby.join(a_lobby(Variant.BLOCK, 2), ANN, 0, secret(1))
    assert lobby.sits_down(game, None)
    assert lobby.sits_down(game, 1)
    assert not lobby.sits_down(game, 0)
    assert not lobby.sits_down(game, 2)
    full = lobby.join(game, BEN, 1, secret(1))
    assert not lobby.sits_down(full, None)


@pytest.mark.parametrize(
    "change",
    [
        lambda g: lobby.join(g, DAN, None, secret(1)),
        lambda g: lobby.leave(g, 1),
        lambda g: lobby.add_bot(g, secret(1)),
        lambda g: lobby.start(g, secret(1)),
        lambda g: lobby.seat_pressed(g, 1, 0),
        lambda g: lobby.may_fill(g, 1),
        lambda g: lobby.check_join(g, 4, None),
        lobby.next_variant,
        lobby.next_player_count,
        lambda game: lobby.set_target(game, 150),
        lambda game: lobby.set_timer(game, 30),
        lobby.next_level,
    ],
)
def test_every_lobby_change_is_refused_once_the_match_started(
    change: Callable[[Game], object],
) -> None:
    game = lobby.start(lobby.join(a_lobby(Variant.DRAW, 2), ANN, None, secret(1)), secret(1))
    assert game.is_active
    refused(RefusalCode.LOBBY_CLOSED, change, game)


def test_a_new_group_is_the_openers_with_a_title_cut_to_size() -> None:
    group = lobby.new_group("T" * 100, BEN)
    assert (group.language, group.creator_id, group.notices) == ("ru", BEN.user_id, ())
    assert group.title == "T" * 64
    assert lobby.new_lobby(3).seats == (None, None, None)


def test_player_counts_come_from_the_rules() -> None:
    assert lobby.player_counts(Variant.DRAW) == [2, 3, 4]
    assert lobby.player_counts(Variant.KOZEL) == [4]
