"""Each person's private message in a group game: in Kozel it names their partner."""

from __future__ import annotations

import pytest

from bot.game import lobby
from bot.game.seats import BotSeat, Seat
from bot.game.state import Game
from bot.telegram.render.game import table_name
from bot.telegram.render.hands import hand_content, partner_of
from core.engine import Match
from core.players import Level
from tests.bot.factories import human, person, record_for
from tests.bot.fake_telegram import check_html
from texts import LANGUAGES, Texts

TEXTS = Texts()


def group_game(variant: str, seats: list[Seat]) -> Game:
    match, _ = Match.new(variant, len(seats), 100, seed=11)
    return record_for(match, seats, group=lobby.new_group("Room", person(1)))


def kozel(*names: str) -> Game:
    """Kozel with `names` at seats 0, 1..., bots in the rest."""
    seats: list[Seat] = [human(1 + seat, name) for seat, name in enumerate(names)]
    seats += [BotSeat(level=Level.EASY)] * (4 - len(names))
    return group_game("kozel", seats)


def test_kozel_partners_sit_opposite() -> None:
    game = kozel("Alice")
    assert [partner_of(game, seat) for seat in range(4)] == [2, 3, 0, 1]


def test_a_game_without_teams_has_no_partners() -> None:
    game = group_game("draw", [human(1), human(2), human(3), BotSeat(level=Level.EASY)])
    assert [partner_of(game, seat) for seat in range(4)] == [None] * 4


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_kozel_players_private_message_names_their_partner(lang: str) -> None:
    t = TEXTS.translator(lang)
    game = kozel("Alice", "Boris", "Carla")
    alice = hand_content(game, 1, t).text
    assert t("private-partner", name=table_name("Carla")) in alice
    assert t("private-partner", name=table_name("Boris")) not in alice  # an opponent
    boris = hand_content(game, 2, t).text
    assert t("private-partner", name=t("bot-name", n=4)) in boris  # seat 3, counted from 1
    for text in (alice, boris):
        check_html(text)


def test_the_partner_follows_the_groups_name_on_one_line() -> None:
    t = TEXTS.translator("en")
    text = hand_content(kozel("Alice", "Boris", "Carla"), 3, t).text
    assert "\nGroup «Room» · your partner: \u2068Alice\u2069, opposite you\n" in text + "\n"


def test_a_draw_games_private_message_names_no_partner() -> None:
    t = TEXTS.translator("en")
    game = group_game("draw", [human(1), human(2), BotSeat(level=Level.EASY)])
    assert "partner" not in hand_content(game, 1, t).text
