"""Keyboards: exactly the legal moves, grouped by end; callback data that fits."""

from __future__ import annotations

import pytest

from bot.game import changes
from bot.game.actions import GameAction
from bot.game.level_ratings import LEAGUE
from bot.game.seats import BotSeat, Seat
from bot.game.state import Game
from bot.telegram.callbacks import (
    ActionData,
    EndCode,
    InviteData,
    MenuData,
    MoveData,
    StopData,
)
from bot.telegram.render.keyboards import END_CODES, game_keyboard, menu_keyboard, move_buttons
from core.engine import Match
from core.line import End
from core.players import Level
from core.tiles import Tile
from core.views import seat_view
from tests.bot.factories import human, record_for
from texts import Texts
from texts.render import move_label

T = Texts().translator("en")


def record_at(match: Match, seat: int = 0) -> Game:
    seats: list[Seat] = [BotSeat(level=Level.EASY)] * match.settings.n_players
    seats[seat] = human(1001)
    return record_for(match, seats, version=12345)


def until_seat_zero_moves(seed: int, variant: str = "block", n: int = 2) -> Match:
    match, _ = Match.new(variant, n, 100, seed=seed)
    while match.turn not in (0, None):
        match.play(match.turn, *match.legal_moves()[0])
    return match


@pytest.mark.parametrize("seed", range(30))
def test_the_buttons_are_the_legal_moves(seed: int) -> None:
    match = until_seat_zero_moves(seed, "draw", 3)
    if match.turn != 0:
        return
    record = record_at(match)
    view = seat_view(match, 0)
    pressed = [
        MoveData.unpack(b.callback_data or "") for row in move_buttons(record, view, T) for b in row
    ]
    offered = {(d.tile, d.end) for d in pressed}
    assert offered == {(str(tile), END_CODES[end]) for tile, end in view.legal_moves}
    assert len(pressed) == len(view.legal_moves)
    assert all(d.game == record.game_id and d.version == record.version for d in pressed)


def test_a_tile_fitting_two_different_ends_is_offered_on_both() -> None:
    for seed in range(100):
        match, _ = Match.new("draw", 2, 100, seed=seed)
        while not match.hand_over:
            view = seat_view(match, match.turn or 0)
            both = [
                t
                for t, e in view.legal_moves
                if e is End.LEFT and (t, End.RIGHT) in view.legal_moves
            ]
            if both and match.turn == 0:
                rows = move_buttons(record_at(match), view, T)
                data = [MoveData.unpack(b.callback_data or "") for row in rows for b in row]
                ends = {d.end for d in data if d.tile == str(both[0])}
                assert ends == {EndCode.LEFT, EndCode.RIGHT}
                return
            match.play(match.turn, *match.legal_moves()[0])
    pytest.fail("no deal gave a tile that fits both ends")


def test_labels_show_the_tile_as_it_would_lie() -> None:
    assert move_label((Tile.of(2, 5), End.LEFT), (5, 3)) == "◀ 2|5"
    assert move_label((Tile.of(2, 3), End.RIGHT), (5, 3)) == "3|2 ▶"
    assert move_label((Tile.of(6, 6), None), None) == "6|6"


def test_left_end_moves_come_before_right_end_moves() -> None:
    match = until_seat_zero_moves(4)
    view = seat_view(match, 0)
    labels = [b.text for row in move_buttons(record_at(match), view, T) for b in row]
    lefts = [i for i, label in enumerate(labels) if label.startswith("◀")]
    rights = [i for i, label in enumerate(labels) if label.endswith("▶")]
    assert not lefts or not rights or max(lefts) < min(rights)


def test_the_hand_over_and_match_over_buttons() -> None:
    match = until_seat_zero_moves(1)
    while not match.hand_over:
        match.play(match.turn, *match.legal_moves()[0])
    record = record_at(match)
    markup = game_keyboard(record, seat_view(match, 0), T)
    assert markup is not None
    data = ActionData.unpack(markup.inline_keyboard[0][0].callback_data or "")
    expected = GameAction.REMATCH if match.match_over else GameAction.NEXT_HAND
    assert data.action is expected
    if not match.match_over:
        stopped = changes.stopped(record)
        assert game_keyboard(stopped, seat_view(match, 0), T) is None


def test_no_buttons_for_a_seat_that_is_not_to_move() -> None:
    match, _ = Match.new("kozel", 4, 100, seed=2)
    seat = next(s for s in range(4) if s != match.turn)
    assert game_keyboard(record_at(match, seat), seat_view(match, seat), T) is None


def test_the_menu_asks_one_thing_at_a_time() -> None:
    first = menu_keyboard(MenuData(), T)
    *games, (friends,) = first.inline_keyboard  # the last: a game with friends
    assert friends.switch_inline_query_chosen_chat is not None
    variants = [MenuData.unpack(b.callback_data or "") for row in games for b in row]
    assert [v.variant for v in variants] == ["draw", "block", "kozel"]
    kozel = variants[2]
    assert kozel.opponents == 3  # you, a partner and two opponents: nothing to ask
    levels = menu_keyboard(kozel, T)
    assert [b.text for row in levels.inline_keyboard for b in row] == [
        f"Easy ≈ {LEAGUE[Level.EASY]}",  # each with its rating from the bots' league
        f"Medium ≈ {LEAGUE[Level.MEDIUM]}",
        f"Hard ≈ {LEAGUE[Level.HARD]}",
        f"Expert ≈ {LEAGUE[Level.EXPERT]}",
    ]
    draw = menu_keyboard(variants[0], T)
    assert [b.text for row in draw.inline_keyboard for b in row] == ["1 bot", "2 bots", "3 bots"]


def test_callback_data_fits_in_64_bytes_at_its_largest() -> None:
    biggest = [
        MoveData(game="f" * 10, version=10**12 - 1, tile="6-6", end=EndCode.RIGHT),
        ActionData(game="f" * 10, version=10**12 - 1, action=GameAction.REMATCH),
        StopData(game="f" * 10, confirm=True),
        MenuData(variant="kozel", opponents=3, level="medium", target=150),
        InviteData(variant="kozel", players=4, by=10**15 - 1, sig="-" * 11),
    ]
    for data in biggest:
        assert len(data.pack().encode()) <= 64
    with pytest.raises(ValueError, match=r"string_pattern_mismatch|should match pattern"):
        MoveData(game="f" * 60, version=1, tile="6-6", end=EndCode.LEFT)
