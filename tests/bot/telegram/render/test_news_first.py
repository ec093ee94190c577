"""Every caption reads as a notification (`texts.news`): its first line names whose turn
it is, or what ended; while a hand is played it is at most 6 lines, with at most 3 rows
of buttons under it; and with the most hostile names it stays within Telegram's 1024
characters and valid HTML. Rendered for every variant, in play and over, in the group's
table, each person's private hand and a direct game, in all four languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from aiogram.types import InlineKeyboardMarkup

from bot.game import lobby
from bot.game.seats import BotSeat, Seat
from bot.game.state import Game
from bot.telegram.render.captions import CAPTION_LIMIT, visible_length
from bot.telegram.render.game import RecordNames, game_text
from bot.telegram.render.hands import hand_content
from bot.telegram.render.keyboards import MOST_ROWS, game_keyboard
from bot.telegram.render.table import table_content
from core.engine import Match
from core.players import Level
from core.state import Phase
from core.views import PublicView, SeatView
from tests.bot.factories import GROUP_ID, human, person, record_for
from tests.bot.fake_telegram import check_html
from texts import LANGUAGES, Texts, Translate
from texts.render import hand_headline, match_headline
from texts.render import move_label as label_of

TEXTS = Texts()
HOSTILE = (
    "<b>" * 21,
    "&" * 64,
    ("👨‍👩‍👧‍👦" * 40)[:64],
    "Z̴̢̛̖̗̘̙a̸̡̢̧̛l̵̨̛̖g̶̡̢̛o̷̢̧̨" * 3,
    "\u202eevil\u202c" * 8,
)
CASES = (("draw", 2), ("draw", 4), ("block", 3), ("block", 4), ("kozel", 4))
LINK = "https://t.me/dominoes_bot"


def states(variant: str, n: int, seed: int) -> Iterator[Match]:
    """The match before each move of its first two hands, at each hand's end, and at its
    end (each a copy: the match itself goes on)."""
    match, _ = Match.new(variant, n, 100, seed=seed)
    for _ in range(2):
        while not match.hand_over:
            yield Match.from_dict(match.to_dict())
            turn = match.turn
            assert turn is not None
            match.play(turn, *match.legal_moves()[-1])
        yield Match.from_dict(match.to_dict())
        if match.match_over:
            return
        match.next_hand()
    while not match.match_over:
        if match.hand_over:
            match.next_hand()
        while not match.hand_over:
            turn = match.turn
            assert turn is not None
            match.play(turn, *match.legal_moves()[0])
    yield match


def first_line(text: str) -> str:
    return text.split("\n", 1)[0]


def news_expected(game: Game, viewer: int | None, t: Translate) -> list[str]:
    """What the first line must hold: how the match or hand ended, or the name (or the
    viewer's own "your move") of the seat to move."""
    view = match_view(game, viewer)
    names = RecordNames(game, viewer, t)
    if view.match_result is not None:
        return [match_headline(view, view.match_result, names, t)]
    if view.phase is not Phase.PLAYING:
        return [hand_headline(view, view.results[-1], names, t)]
    turn = view.turn
    assert turn is not None
    if turn != viewer or not isinstance(view, SeatView):
        return [names(turn)]
    if not view.line or view.ends is None:
        return [t("news-your-lead")]
    if len(view.legal_moves) == 1:
        return [t("news-your-only", tile=label_of(view.legal_moves[0], view.ends))]
    return [t("news-your-move", left=view.ends[0], right=view.ends[1])]


def match_view(game: Game, viewer: int | None) -> PublicView:
    return game.public_view() if viewer is None else game.seat_view(viewer)


def check_caption(text: str, expected: list[str], playing: bool, where: str) -> None:
    check_html(text)
    assert visible_length(text) <= CAPTION_LIMIT, where
    # A fragment that opens the line opens it with a capital.
    assert all(part.lower() in first_line(text).lower() for part in expected), (where, text)
    if playing:
        assert len(text.split("\n")) <= 6, (where, text)


def check_buttons(markup: InlineKeyboardMarkup | None, where: str) -> None:
    rows = markup.inline_keyboard if markup is not None else []
    assert len(rows) <= MOST_ROWS, (where, [[b.text for b in row] for row in rows])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("variant", "n"), CASES)
def test_every_caption_opens_with_the_news(lang: str, variant: str, n: int) -> None:
    t = TEXTS.translator(lang)
    people: list[Seat] = [human(i + 1, HOSTILE[i], lang) for i in range(n - 1)]
    seats = [*people, BotSeat(level=Level.EXPERT)]
    alone: list[Seat] = [human(1, HOSTILE[0], lang)] + [BotSeat(level=Level.EASY)] * (n - 1)
    group = lobby.new_group(HOSTILE[1], person(1, HOSTILE[0], lang))
    checked = 0
    for match in states(variant, n, seed=5):
        playing = match.state.phase is Phase.PLAYING
        in_group = record_for(match, seats, chat_id=GROUP_ID, group=group)
        table = table_content(in_group, t, LINK, drawn=True)
        check_caption(table.text, news_expected(in_group, None, t), playing, "table")
        check_buttons(table.markup, "table")
        for seat in range(n - 1):
            private = hand_content(in_group, seat + 1, t, drawn=True, table=LINK + "/1")
            expected = news_expected(in_group, seat, t)
            check_caption(private.text, expected, playing, f"hand {seat}")
            check_buttons(private.markup, f"hand {seat}")
        direct = record_for(match, alone)
        view = direct.seat_view(0)
        caption = game_text(direct, view, t, drawn=True)
        check_caption(caption, news_expected(direct, 0, t), playing, "direct")
        check_buttons(game_keyboard(direct, view, t), "direct")
        checked += 1
    assert checked > 10
