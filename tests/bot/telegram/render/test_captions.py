"""A picture's caption within Telegram's 1024 characters (`bot.telegram.render.captions`):
what matters least goes first, whole, and no tag is ever cut."""

from __future__ import annotations

import pytest

from bot.game.seats import BotSeat, Seat
from bot.game.state import Game
from bot.telegram.render.captions import CAPTION_LIMIT, Block, fit, visible_length
from bot.telegram.render.game import game_text
from bot.telegram.render.hands import hand_content
from bot.telegram.render.table import table_content
from core.engine import Match
from core.players import Level
from core.views import seat_view
from tests.bot.factories import GROUP_ID, human, record_for
from tests.bot.fake_telegram import check_html
from texts import Texts

TEXTS = Texts()
LONG_NAMES = (("👨‍👩‍👧‍👦" * 100)[:64], "&" * 64, "<b>" * 21, "Ж" * 64)


def test_visible_length_counts_what_telegram_counts() -> None:
    assert visible_length("<b>ab</b> &amp; <i>c</i>") == len("ab & c")
    assert visible_length("🎲") == 2  # two UTF-16 code units, as Telegram counts


def test_blocks_that_matter_least_go_first_and_whole() -> None:
    blocks = [Block("head"), Block("<i>" + "log " * 100 + "</i>", kept=False), Block("turn")]
    assert fit(blocks, limit=40) == "head\n\nturn"
    assert fit(blocks) == "\n\n".join(b.text for b in blocks)


def test_a_caption_too_long_keeps_its_first_and_last_blocks() -> None:
    blocks = [Block("head"), Block("x" * 50), Block("y" * 50), Block("turn")]
    assert fit(blocks, limit=20) == "head\n\nturn"


def test_one_block_too_long_by_itself_is_cut_as_plain_text() -> None:
    cut = fit([Block("<b>" + "&" * 50 + "</b>")], limit=10)
    assert visible_length(cut) == 10
    assert "<b>" not in cut
    check_html(cut)


def long_game(variant: str, n: int, *, over: bool) -> tuple[Game, Match]:
    match, _ = Match.new(variant, n, 100, seed=5)
    seats: list[Seat] = [human(i + 1, LONG_NAMES[i], "ru") for i in range(n)]
    seats[-1] = BotSeat(level=Level.EASY)
    game = record_for(match, seats)
    if over:
        while not match.hand_over:
            match.play(match.turn, *match.legal_moves()[0])
        game = game.with_match(match, tuple(seats), 7)
    return game, match


@pytest.mark.parametrize("lang", ["en", "ru", "fr", "it"])
@pytest.mark.parametrize(("variant", "n"), [("draw", 4), ("block", 4), ("kozel", 4)])
@pytest.mark.parametrize("over", [False, True])
def test_every_caption_fits_with_the_longest_names(
    lang: str, variant: str, n: int, over: bool
) -> None:
    game, match = long_game(variant, n, over=over)
    t = TEXTS.translator(lang)
    for seat in range(n - 1):
        caption = game_text(game, seat_view(match, seat), t, drawn=True)
        assert visible_length(check_html(caption)) <= CAPTION_LIMIT
        assert "Line:" not in caption


@pytest.mark.parametrize("lang", ["en", "ru", "fr", "it"])
def test_the_group_caption_says_whose_turn_the_ends_and_the_score(lang: str) -> None:
    match, _ = Match.new("kozel", 4, 100, seed=5)
    seats: list[Seat] = [human(i + 1, LONG_NAMES[i], lang) for i in range(4)]
    game = record_for(match, seats, chat_id=GROUP_ID)
    t = TEXTS.translator(lang)
    drawn = table_content(game, t, "https://t.me/bot", drawn=True)
    text = table_content(game, t, "https://t.me/bot")
    assert drawn.picture is not None
    assert text.picture is None
    assert visible_length(check_html(drawn.text)) <= CAPTION_LIMIT
    assert "tg://user?id=" in drawn.text  # whose turn, as a mention
    assert t("scores", scores="").split(":")[0] in drawn.text
    assert drawn.full != text.full
    assert drawn.essential != text.essential  # a picture for words: sent at once


def test_a_private_hand_in_pictures_draws_its_owner_s_hand_only() -> None:
    match, _ = Match.new("kozel", 4, 100, seed=5)
    seats: list[Seat] = [human(i + 1, f"P{i}") for i in range(4)]
    game = record_for(match, seats, chat_id=GROUP_ID)
    content = hand_content(game, 2, TEXTS.translator("en"), drawn=True)
    assert content.picture is not None
    other = hand_content(game, 3, TEXTS.translator("en"), drawn=True)
    assert other.picture is not None
    assert content.picture.key != other.picture.key
