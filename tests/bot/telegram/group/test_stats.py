"""The records in a group: /stats (yours there, or theirs in reply), /top, and the line
after a match's result when a count is worth it."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from aiogram.types import User

from bot.app import App
from bot.game.record import GroupSide
from bot.game.seats import BotSeat, Seat
from bot.game.state import Game
from bot.store.languages import LanguageStore
from bot.store.slots import game_id_in, shard_of_chat
from bot.telegram.render.stats import signed
from core.engine import Match
from core.players import Level
from tests.bot.conftest import FakeClock
from tests.bot.factories import finish_match, record_for
from tests.bot.fake_telegram import BOT_USER, TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    OTHER_GROUP,
    group_texts,
    kozel_of_four,
    play_to_the_end,
)
from tests.bot.telegram.records import kozel_won_by, seat_of
from texts import Texts


def placed(chat_id: int, n: int) -> str:
    """A game id as the bot makes them for the chat: in the slot of its shard."""
    return game_id_in(shard_of_chat(chat_id), random.Random(n))


def shown(name: str) -> str:
    return f"\u2068{name}\u2069"


async def won(
    app: App,
    game_id: str,
    winners: tuple[User, User],
    losers: tuple[User, User],
    chat_id: int = GROUP,
) -> None:
    await app.stats.keep(kozel_won_by(game_id, winners, losers, chat_id))


async def test_the_line_follows_the_matchs_result_once(
    app: App, harness: TelegramHarness, clock: FakeClock
) -> None:
    # Each pair won twice here, each person was twice among the goats: whoever wins now
    # wins a third time together, and the others are the goats for the third time.
    await won(app, placed(GROUP, 101), (ALICE, CAROL), (BOB, DAVE))
    await won(app, placed(GROUP, 102), (ALICE, CAROL), (BOB, DAVE))
    await won(app, placed(GROUP, 103), (BOB, DAVE), (ALICE, CAROL))
    await won(app, placed(GROUP, 104), (BOB, DAVE), (ALICE, CAROL))
    await kozel_of_four(harness, clock)
    game = await play_to_the_end(harness)
    await harness.settle()
    assert game.match is not None
    assert game.match.match_result is not None
    winners = (ALICE, CAROL) if game.match.match_result.winner == 0 else (BOB, DAVE)
    losers = (BOB, DAVE) if winners[0] is ALICE else (ALICE, CAROL)
    line = "\n".join(
        [
            f"🤝 {shown(winners[0].first_name)} &amp; {shown(winners[1].first_name)}: "
            "3 wins together!",
            *(f"🐐 {shown(p.first_name)}: 3 times among the goats." for p in losers),
        ]
    )
    sent = group_texts(harness)
    ratings, _, counts = sent[-1].partition("\n")
    assert counts == line  # after the match's result, and told once
    assert "the goats" in sent[-2]
    assert sum(text.endswith(line) for text in sent) == 1
    told = ratings.removeprefix("📈 Ratings after the match: ").split(" · ")
    for who, said in zip((ALICE, BOB, CAROL, DAVE), told, strict=True):
        card = await app.stats.card(who.id, GROUP)
        assert card is not None
        assert card.counters.played == 5
        assert card.rating is not None
        assert card.rating.rated == 5
        # Each person's rating in the group now, and how far this match moved it.
        change = int(said.split("(")[1].rstrip(")").replace("−", "-").replace("±", ""))
        assert said == f"{shown(who.first_name)} {card.rating.shown} ({signed(change)})"
        winner = who in winners
        assert (change > 0) == winner


def after_the_result(harness: TelegramHarness) -> list[str]:
    """The announcements the group was sent after the match's result (its table apart,
    new when the match was stored finished)."""
    sent = [text for text in group_texts(harness) if "the goats at" not in text]
    results = [n for n, text in enumerate(sent) if "the goats!" in text]
    assert len(results) == 1, sent
    return sent[results[0] + 1 :]


async def test_only_the_ratings_when_no_count_is_worth_a_line(
    app: App, harness: TelegramHarness, clock: FakeClock
) -> None:
    await app.store.create(
        kozel_won_by(placed(GROUP, 1), (ALICE, CAROL), (BOB, DAVE), GROUP, clock.now())
    )
    await harness.settle()
    sent = after_the_result(harness)
    # A first match: every rating starts at 1000; the winners' go up, the goats' down.
    assert sent[0] == (  # in seat order
        f"📈 Ratings after the match: {shown('Bob')} 940 (−60) · {shown('Alice')} 1097 (+97)"
        f" · {shown('Dave')} 940 (−60) · {shown('Carol')} 1097 (+97)"
    )
    card = await app.stats.card(ALICE.id, GROUP)
    assert card is not None
    assert card.counters.won == 1


async def test_a_line_whose_count_comes_too_late_is_not_told(
    app: App, harness: TelegramHarness, clock: FakeClock
) -> None:
    for game_id in (placed(GROUP, 105), placed(GROUP, 106)):
        await won(app, game_id, (ALICE, CAROL), (BOB, DAVE))
    app.finisher.keepers = [k for k in app.finisher.keepers if k is not app.stats]
    game = kozel_won_by(placed(GROUP, 4), (ALICE, CAROL), (BOB, DAVE), GROUP, clock.now())
    await app.store.create(game)
    await harness.settle()  # the result is told; the line waits for the count
    told = len(group_texts(harness))
    clock.advance(11 * 60)
    await app.stats.keep(game)  # counted at last, long after the match
    await harness.settle()
    assert len(group_texts(harness)) == told
    card = await app.stats.card(ALICE.id, GROUP)
    assert card is not None
    assert card.counters.won == 3


async def test_stats_in_a_group_are_that_groups_and_in_reply_someone_elses(
    app: App, harness: TelegramHarness
) -> None:
    for game_id in (placed(GROUP, 107), placed(GROUP, 108)):
        await won(app, game_id, (ALICE, CAROL), (BOB, DAVE))
    await won(app, placed(OTHER_GROUP, 109), (BOB, DAVE), (ALICE, CAROL), OTHER_GROUP)
    await harness.send(ALICE, "/stats", chat_id=GROUP)
    text = harness.fake.last_in(GROUP).text
    assert text.startswith(f"📊 <b>{shown('Alice')}</b> in «Friday &lt;dominoes&gt; &amp; co»")
    assert "Played: 2 · won: 2 · lost: 0 · win rate: 100%" in text
    assert f"{shown('Carol')}: played: 2 · won: 2 · 100%" in text
    assert "Against the bots" not in text
    await harness.send(ALICE, "/stats", chat_id=OTHER_GROUP, reply_to=BOB)
    text = harness.fake.last_in(OTHER_GROUP).text
    assert text.startswith(f"📊 <b>{shown('Bob')}</b> in ")
    assert "Played: 1 · won: 1 · lost: 0" in text
    await harness.send(ALICE, "/stats", chat_id=OTHER_GROUP, reply_to=EVE)
    assert "has no finished match in" in harness.fake.last_in(OTHER_GROUP).text
    await harness.send(ALICE, "/stats", chat_id=GROUP, reply_to=BOT_USER)
    assert harness.fake.last_in(GROUP).text == "Bots keep no records."


async def test_top_before_anyone_has_enough_matches(app: App, harness: TelegramHarness) -> None:
    await harness.send(ALICE, "/top", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).text.startswith("No match has been counted in «")
    await won(app, placed(GROUP, 110), (ALICE, CAROL), (BOB, DAVE))
    await won(app, placed(GROUP, 111), (ALICE, BOB), (CAROL, DAVE))
    await harness.send(ALICE, "/top", chat_id=GROUP)
    text = harness.fake.last_in(GROUP).text
    assert "<b>Ratings</b>:" in text  # from the first match
    assert f"1. {shown('Alice')}: " in text  # won both
    assert f"4. {shown('Dave')}: " in text  # lost both
    assert text.count("· 2 matches") == 4
    assert f"1. {shown('Dave')}: 2 times" in text  # the goats are counted from the first
    assert "<b>Best pair</b>: no pair has played 5 matches together yet." in text


async def test_top_with_enough_matches(app: App, harness: TelegramHarness) -> None:
    for n in range(4):
        await won(app, placed(GROUP, 200 + n), (ALICE, CAROL), (BOB, DAVE))
    await won(app, placed(GROUP, 112), (BOB, DAVE), (ALICE, CAROL))
    await won(app, placed(GROUP, 113), (BOB, EVE), (ALICE, CAROL))  # Eve: one match only
    await harness.send(EVE, "/top", chat_id=GROUP)
    lines = harness.fake.last_in(GROUP).text.split("\n")
    assert lines[0] == "🏆 <b>Records of «Friday &lt;dominoes&gt; &amp; co»</b>"
    rated = lines[lines.index("<b>Ratings</b>:") + 1 :][:6]
    shown_as = {
        line.split(": ")[0].split(". ", 1)[1]: (int(line.split(": ")[1].split(" ")[0]), line)
        for line in rated[:5]
    }
    scores = [score for score, _ in shown_as.values()]
    assert scores == sorted(scores, reverse=True)
    alice, carol = shown_as[shown("Alice")], shown_as[shown("Carol")]
    bob, dave, eve = shown_as[shown("Bob")], shown_as[shown("Dave")], shown_as[shown("Eve")]
    assert alice[0] == carol[0] > bob[0] > dave[0]  # 4 wins of 6, 2 of 6, 1 of 5
    assert all(line.endswith("· 6 matches") for _, line in (alice, carol, bob))
    assert dave[1].endswith("· 5 matches")
    assert eve[1].endswith("· 1 match")  # from the first match, unlike the win rates
    assert rated[5] == ""  # the list ends; how a rating is computed is in /help
    goats = lines[lines.index("<b>Most often the goats</b>:") + 1 :][:3]
    assert goats == [
        f"1. {shown('Bob')}: 4 times",
        f"2. {shown('Dave')}: 4 times",
        f"3. {shown('Alice')}: 2 times",
    ]
    assert lines[-1] == (
        f"<b>Best pair</b>: {shown('Alice')} &amp; {shown('Carol')} · 67% · played together: 6"
    )


async def test_top_belongs_to_groups(harness: TelegramHarness) -> None:
    await harness.send(ALICE, "/top")
    assert "send it in a group" in harness.fake.last_in(ALICE.id).text


# What each language calls the ratings, in /top, /stats and the line after a match.
RATED = {
    "en": ("<b>Ratings</b>:", "Rating here: ", "📈 Ratings after the match: ", "· 1 match"),
    "ru": ("<b>Рейтинг</b>:", "Рейтинг здесь: ", "📈 Рейтинг после партии: ", "· 1 партия"),
    "fr": ("<b>Classement</b> :", "Cote ici : ", "📈 Cotes après la partie : ", "· 1 partie"),
    "it": ("<b>Classifica</b>:", "Punteggio qui: ", "📈 Punteggi dopo la partita: ", "· 1 partita"),
}


def kozel_with_a_bot(game_id: str, lang: str, ended_at: datetime) -> Game:
    """A finished Kozel match of the group speaking `lang`: Alice and Carol against Bob
    and a hard bot."""
    match = finish_match(Match.new("kozel", 4, 50, seed=11)[0])
    seats: list[Seat] = [seat_of(ALICE), seat_of(BOB), seat_of(CAROL), BotSeat(level=Level.HARD)]
    group = GroupSide(title="Friday", language=lang, creator_id=ALICE.id)
    game = record_for(match, seats, game_id=game_id, chat_id=GROUP, group=group)
    return game.changed_at(ended_at)


@pytest.mark.parametrize("lang", sorted(RATED))
async def test_ratings_in_top_stats_and_the_line_in_every_language(
    app: App, harness: TelegramHarness, clock: FakeClock, texts: Texts, lang: str
) -> None:
    top_title, here, line_start, one_match = RATED[lang]
    await LanguageStore(harness.storage.redis).set(GROUP, lang)
    game = kozel_with_a_bot(placed(GROUP, 300), lang, clock.now())
    await app.store.create(game)
    await harness.settle()
    line = next(text for text in group_texts(harness) if text.startswith(line_start))
    result = game.match.match_result if game.match is not None else None
    assert result is not None
    people_won = result.winner == 0  # Alice and Carol's team
    ratings = line.removeprefix(line_start).split(" · ")
    assert [r.split(" ")[0] for r in ratings] == [shown("Alice"), shown("Bob"), shown("Carol")]
    for said in ratings:  # a first match: from 1000, the change is the difference
        rating, change = said.split(" ")[1], said.split(" ")[2].strip("()")
        assert int(change.replace("−", "-")) == int(rating) - 1000
    alice_change = ratings[0].split(" ")[2].strip("()")
    assert alice_change.startswith("+" if people_won else "−")

    await harness.send(DAVE, "/top", chat_id=GROUP)
    top = harness.fake.last_in(GROUP).text
    assert top_title in top
    listed = top.split(top_title)[1].split("\n")[1:5]
    bot_level = texts.get(lang, "top-rating-bot", level=texts.get(lang, "level-hard"))
    assert len(listed) == 4
    assert sum(bot_level in entry for entry in listed) == 1  # the bots' level, marked
    assert all(entry.endswith(one_match) for entry in listed)
    assert "μ" not in top  # how a rating is computed is said in /help only

    await harness.send(ALICE, "/stats", chat_id=GROUP)
    card = harness.fake.last_in(GROUP).text
    alice = await app.stats.card(ALICE.id, GROUP)
    assert alice is not None
    assert alice.rating is not None
    assert alice.overall is not None
    assert f"{here}{alice.rating.shown} " in card
    assert f"{alice.overall.shown}" in card.split(here)[1].split("\n")[0]
    assert "μ" not in card

    await harness.send(ALICE, "/help", chat_id=GROUP)
    assert texts.get(lang, "help-rating") in harness.fake.last_in(GROUP).text
