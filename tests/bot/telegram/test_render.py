"""Rendering: names escaped, hands private, results explained, HTML always valid."""

from __future__ import annotations

import dataclasses

import pytest

from bot.game import changes, lobby
from bot.game.seats import BotSeat, Seat
from bot.game.state import Game, Lobby
from bot.telegram.render.game import (
    ELLIPSIS,
    FIRST_STRONG_ISOLATE,
    POP_DIRECTIONAL_ISOLATE,
    SHORT_NAME,
    RecordNames,
    escape_name,
    game_text,
    mention,
    short_name,
    table_name,
)
from bot.telegram.render.lobby import lobby_content
from bot.telegram.render.table import table_content
from core.engine import Match
from core.events import (
    Drew,
    EndReason,
    Event,
    HandResult,
    HandStarted,
    MatchResult,
    MisdealReason,
    Passed,
    Played,
    PlayKind,
    Redealt,
)
from core.line import End
from core.players import Level
from core.tiles import Tile
from core.variants import TARGETS, Variant
from core.views import seat_view
from tests.bot.factories import group_lobby, human, person, record_for, secret
from tests.bot.fake_telegram import check_html, utf16_len
from texts import LANGUAGES, Texts
from texts.render import hand_summary, log_lines, match_summary

TEXTS = Texts()
T = TEXTS.translator("en")
EVIL = '<b>x</b> & "q" </i><script>'
LINK = "https://t.me/dominoes_test_bot"
LONG = "Maximilian Alexander " * 3 + "X"  # 64 characters, as long as Telegram allows
HEBREW = "שרה כהן"
ARABIC = "محمد علي"


def group_record(variant: str = "kozel", n: int = 4) -> tuple[Game, Match]:
    """Two people and bots at one table; the match is the game's own engine."""
    match, _ = Match.new(variant, n, 100, seed=11)
    seats: list[Seat] = [human(1, "Alice"), human(2, EVIL, "ru")]
    seats += [BotSeat(level=Level.EASY)] * (n - 2)
    game = record_for(match, seats)
    assert game.match is not None
    return game, game.match


def test_escape_name_neutralises_markup_and_controls() -> None:
    assert escape_name(EVIL) == '&lt;b&gt;x&lt;/b&gt; &amp; "q" &lt;/i&gt;&lt;script&gt;'
    assert escape_name("a\nb\u202ec\x00") == "a bc"
    assert escape_name("   ") == "?"
    assert len(escape_name("🎲" * 300)) == 64


@pytest.mark.parametrize("lang", ["en", "ru", "fr", "it"])
def test_each_seat_sees_its_own_hand_only(lang: str) -> None:
    record, match = group_record()
    t = TEXTS.translator(lang)
    texts = {seat: game_text(record, seat_view(match, seat), t) for seat in (0, 1)}
    for seat, text in texts.items():
        check_html(text)
        own = seat_view(match, seat).hand
        other = seat_view(match, 1 - seat).hand
        shown = text.split("\n\n")[-1]  # the "your hand" block
        assert all(f"{a}|{b}" in shown for a, b in own)
        assert not any(f"{a}|{b}" in shown for a, b in other if (a, b) not in own)
    assert table_name(EVIL) in texts[0]  # Alice sees the other person's name, escaped
    assert EVIL not in texts[0]


def test_a_long_game_message_stays_under_telegrams_limit() -> None:
    record, match = group_record("draw", 4)
    bots = tuple(s for s in record.seats[2:] if s is not None)
    seats = (human(1, ("👨‍👩‍👧‍👦" * 100)[:64]), human(2, "&" * 64), *bots)
    record = record.with_match(match, seats, 7)
    while not match.hand_over:
        match.play(match.turn, *match.legal_moves()[0])
    for seat in (0, 1):
        text = game_text(record, seat_view(match, seat), T)
        assert utf16_len(check_html(text)) < 4096


def test_the_log_groups_draws_and_hides_other_peoples_tiles() -> None:
    record, _ = group_record("draw", 4)
    names = RecordNames(record, 0, T)
    events: list[Event] = [
        HandStarted(2, 3),
        Drew(0, Tile.of(1, 2), (5, 6), 3),
        Drew(0, Tile.of(3, 4), (5, 6), 2),
        Drew(2, None, (5, 6), 1),
        Drew(2, None, (5, 6), 0),
        Played(2, Tile.of(6, 2), End.RIGHT, PlayKind.AUTO, (5, 2)),
        Passed(3, (5, 2)),
        Played(1, Tile.of(5, 3), End.LEFT, PlayKind.CHOICE, (3, 2)),
        Redealt(3, MisdealReason.SUIT),
        Played(3, Tile.of(1, 1), None, PlayKind.FORCED_LEAD, (1, 1)),
    ]
    lines = log_lines(events, names, T)
    assert lines == [
        "Hand 2 is dealt.",
        "You drew 1|2 3|4.",
        "Bot 2 drew 2 tiles.",
        "Bot 2 played the drawn 6|2 on the right.",
        "Bot 3 passes (knock).",
        f"{table_name(EVIL)} played 3|5 on the left.",
        "Bot 3 was dealt six tiles of one number: reshuffled and dealt again.",
        "Bot 3 leads 1|1, as the rules require.",
    ]


def kozel_view(scores: tuple[int, int] = (0, 0)):  # type: ignore[no-untyped-def]
    record, match = group_record()
    view = dataclasses.replace(seat_view(match, 0), scores=scores)
    return record, view


def result(**changes: object) -> HandResult:
    base = HandResult(
        hand_no=3,
        reason=EndReason.BLOCKED,
        winner=0,
        points=0,
        counts=(10, 20, 5, 30),
        scores_after=(0, 0),
        hands_after=((Tile.of(4, 6),), (Tile.of(6, 6),), (Tile.of(0, 5),), (Tile.of(0, 0),)),
        rest=(),
        last_player=2,
        next_leader=2,
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_kozel_results_say_why() -> None:
    record, view = kozel_view()
    names = RecordNames(record, 0, T)
    fish = hand_summary(view, result(points=65, counts=(10, 50, 5, 25)), names, T)
    assert "a fish" in fish
    assert f"{table_name(EVIL)} &amp; Bot 3 hold more points" in fish
    assert "(a lone 6|6 counts 50)" in fish
    assert "(a lone 0|0 counts 25)" in fish
    eggs = hand_summary(view, result(winner=None, eggs_after=40), names, T)
    assert "eggs!" in eggs
    assert "40 points go to the team that loses the next hand" in eggs
    thirteen = hand_summary(
        view,
        result(reason=EndReason.DOMINO, cancelled_by_13=True, hand_total=8, eggs_used=4),
        names,
        T,
    )
    assert "would write down 12" in thirteen
    assert "rule of 13" in thirteen
    assert "4 points of eggs" in thirteen
    for text in (fish, eggs, thirteen):
        check_html(text)


def test_classic_results_say_why() -> None:
    record, match = group_record("block", 3)
    view = seat_view(match, 0)
    names = RecordNames(record, 0, T)
    blocked = result(counts=(3, 9, 12), hands_after=((), (), ()), winner=0, points=18)
    text = hand_summary(view, blocked, names, T)
    assert "You hold the fewest pips and score 18" in text
    assert "Out of play" not in text
    three = ((Tile.of(0, 3),), (Tile.of(1, 2),), (Tile.of(4, 5),))
    tie = hand_summary(view, result(counts=(3, 3, 9), hands_after=three, winner=None), names, T)
    assert "nobody scores" in tie
    out = result(
        reason=EndReason.DOMINO,
        winner=1,
        points=15,
        counts=(3, 0, 9),
        hands_after=(three[0], (), three[2]),
        rest=(Tile.of(1, 1),),
    )
    assert "Out of play: 1|1" in hand_summary(view, out, names, T)


def test_match_results() -> None:
    record, view = kozel_view((0, 104))
    names = RecordNames(record, 0, T)
    text = match_summary(view, MatchResult(winner=0, scores=(0, 104), goats=1, dry=True), names, T)
    assert "reached 104: they are the goats!" in text
    assert "\nYou &amp; Bot 2 win the match" in text  # a line opens with a capital
    assert "dry win" in text
    classic, match = group_record("draw", 3)
    won = match_summary(
        seat_view(match, 0),
        MatchResult(winner=2, scores=(3, 9, 101)),
        RecordNames(classic, 0, T),
        T,
    )
    assert "Bot 2 wins the match</b> with 101 points" in won


def test_a_stopped_game_says_so_and_asks_nothing() -> None:
    record, match = group_record()
    stopped = changes.stopped(record)
    text = game_text(stopped, seat_view(match, 0), T)
    assert "abandoned" in text
    assert "Your move" not in text


# -- names in tables -------------------------------------------------------------------------


def isolated(text: str) -> str:
    return FIRST_STRONG_ISOLATE + text + POP_DIRECTIONAL_ISOLATE


def kozel_lobby(*names: str, target: int = 100) -> tuple[Game, Lobby]:
    """A Kozel lobby with `names` seated from seat 0, and seats left free."""
    game = group_lobby(target=target)
    for seat, name in enumerate(names):
        game = lobby.join(game, person(21 + seat, name), seat, secret(1))
    assert isinstance(game.state, Lobby)
    return game, game.state


def kozel_table(*names: str) -> Game:
    """A Kozel match in a group, `names` at seats 0, 1..., bots in the rest."""
    match, _ = Match.new("kozel", 4, 100, seed=11)
    seats: list[Seat] = [human(21 + seat, name) for seat, name in enumerate(names)]
    seats += [BotSeat(level=Level.EASY)] * (4 - len(names))
    return record_for(match, seats, group=lobby.new_group("Room", person(21)))


def test_a_long_name_is_cut_with_an_ellipsis_and_isolated_in_html() -> None:
    assert len(LONG) == 64
    shortened = "Maximilian Alexande" + ELLIPSIS
    assert len(shortened) == SHORT_NAME
    assert table_name(LONG) == isolated(shortened)
    assert short_name(LONG) == shortened  # a button's label: the name alone, plain
    assert table_name("Alice") == isolated("Alice")


def test_a_cut_never_splits_a_character() -> None:
    accented = "e\u0301" * 30  # é as e + a combining acute accent
    assert table_name(accented) == isolated("e\u0301" * 19 + ELLIPSIS)
    family = "👨\u200d👩\u200d👧"  # one emoji of five characters
    assert table_name("x" * 18 + family * 5) == isolated("x" * 18 + family + ELLIPSIS)
    assert escape_name(family * 13) == family * 12  # the 64 characters kept hold 12 of them
    flags = "🇫🇷🇮🇹"  # two flags, each two regional indicators
    assert table_name(flags * 15) == isolated(flags * 9 + "🇫🇷" + ELLIPSIS)
    assert table_name("👍🏽" * 30) == isolated("👍🏽" * 19 + ELLIPSIS)


def test_a_cut_falls_before_escaping_so_no_entity_is_split() -> None:
    name = "&" * 40
    assert table_name(name) == isolated("&amp;" * 19 + ELLIPSIS)
    check_html(table_name(name))


def test_a_long_name_is_shortened_in_the_table_and_the_lobby() -> None:
    game, state = kozel_lobby(LONG)
    waiting = lobby_content(game, state, T, LINK)
    table = table_content(kozel_table(LONG, "Bob"), T, LINK).text
    assert waiting.markup is not None
    labels = [button.text for row in waiting.markup.inline_keyboard for button in row]
    for text in (waiting.text, table):
        assert isolated("Maximilian Alexande" + ELLIPSIS) in text
        assert LONG not in text
    assert labels[0] == "1 · Maximilian Alexande" + ELLIPSIS
    check_html(waiting.text)
    check_html(table)


@pytest.mark.parametrize("name", [HEBREW, ARABIC])
def test_a_right_to_left_name_is_isolated_wherever_it_is_shown(name: str) -> None:
    game, state = kozel_lobby("Bob", name)
    group = kozel_table("Bob", name)
    assert group.match is not None
    texts = [
        lobby_content(game, state, T, LINK).text,
        table_content(group, T, LINK).text,
        game_text(group, seat_view(group.match, 0), T),
    ]
    for text in texts:
        assert isolated(name) in text
        assert text.count(FIRST_STRONG_ISOLATE) == text.count(POP_DIRECTIONAL_ISOLATE)
        check_html(text)


def test_a_name_cannot_close_its_own_isolation() -> None:
    assert table_name("\u2069\u202eevil") == isolated("evil")


def test_a_name_full_of_html_stays_escaped() -> None:
    name = "<b>&amp;"
    escaped = isolated("&lt;b&gt;&amp;amp;")
    game, state = kozel_lobby(name)
    group = kozel_table("Bob", name)
    assert group.match is not None
    texts = [
        lobby_content(game, state, T, LINK).text,
        table_content(group, T, LINK).text,
        game_text(group, seat_view(group.match, 0), T),
    ]
    for text in texts:
        assert escaped in text
        assert name not in text
        check_html(text)


def test_a_mention_links_the_whole_person_and_shows_a_short_name() -> None:
    visible = isolated("Maximilian Alexande" + ELLIPSIS)
    assert mention(42, LONG) == f'<a href="tg://user?id=42">{visible}</a>'
    group = kozel_table(LONG, LONG, LONG, LONG)  # whoever is to play has the long name
    assert group.match is not None
    turn = group.match.turn
    assert turn is not None
    text = table_content(group, T, LINK).text
    assert f'<a href="tg://user?id={21 + turn}">{visible}</a> to play' in text


# -- the goats' mark -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("target", TARGETS)
def test_the_lobby_and_the_table_name_the_goats_mark_alike(lang: str, target: int) -> None:
    t = TEXTS.translator(lang)
    mark = t("target-goats", mark=target + 1)
    game, state = kozel_lobby("Bob", target=target)
    match, _ = Match.new(Variant.KOZEL.value, 4, target, seed=11)
    group = record_for(match, [human(21, "Bob")] + [BotSeat(level=Level.EASY)] * 3)
    assert mark in lobby_content(game, state, t, LINK).text
    assert mark in table_content(group, t, LINK).text
    assert mark in game_text(group, seat_view(match, 0), t)
