"""The records in a group: /stats (yours there, or theirs in reply), /top, and the line
after a match's result when a count is worth it."""

from __future__ import annotations

import random

from aiogram.types import User

from bot.app import App
from bot.store.slots import game_id_in, shard_of_chat
from tests.bot.conftest import FakeClock
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
from tests.bot.telegram.records import kozel_won_by


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
    assert sent[-1] == line  # after the match's result, and told once
    assert "the goats" in sent[-2]
    assert sent.count(line) == 1
    for who in (ALICE, BOB, CAROL, DAVE):
        card = await app.stats.card(who.id, GROUP)
        assert card is not None
        assert card.counters.played == 5


async def test_no_line_when_no_count_is_worth_one(
    app: App, harness: TelegramHarness, clock: FakeClock
) -> None:
    await app.store.create(
        kozel_won_by(placed(GROUP, 1), (ALICE, CAROL), (BOB, DAVE), GROUP, clock.now())
    )
    await harness.settle()
    sent = group_texts(harness)
    assert "the goats" in sent[-1]  # the match's result is the last word
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
    assert "<b>Win rate</b>: nobody has played 5 matches here yet." in text
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
    rates = lines[lines.index("<b>Win rate</b>, from 5 matches played:") + 1 :][:4]
    assert rates == [
        f"1. {shown('Alice')}: 67% · played: 6",
        f"2. {shown('Carol')}: 67% · played: 6",
        f"3. {shown('Bob')}: 33% · played: 6",
        "",
    ]
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
