"""The records: each finished match counted exactly once (handed twice, across a
restart, by two processes at once), /stats in a private chat, and /forgetme."""

from __future__ import annotations

import asyncio
import random

from fakeredis import FakeAsyncRedis

from bot.app import App, create_app
from bot.store import keys
from bot.store.slots import game_id_in, shard_of_chat, shard_of_game
from bot.telegram.ports import Look
from tests.bot.conftest import QUICK_PACE, FakeClock, quick_players
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import ALICE, BOB, CAROL, DAVE, GROUP, group_texts
from tests.bot.telegram.handlers.driver import open_game, play_to_the_end
from tests.bot.telegram.records import keys_mentioning, kozel_won_by
from texts import Texts

# After the third match Alice and Carol win together, and Bob and Dave lose together: the
# end of the records' line (the ratings come first).
LINE = (
    "🤝 \u2068Alice\u2069 &amp; \u2068Carol\u2069: 3 wins together!\n"
    "🐐 \u2068Bob\u2069: 3 times among the goats.\n"
    "🐐 \u2068Dave\u2069: 3 times among the goats."
)


def placed(chat_id: int, n: int) -> str:
    """A game id as the bot makes them for the chat: in the slot of its shard."""
    return game_id_in(shard_of_chat(chat_id), random.Random(n))


def shown(name: str) -> str:
    """A name as the bot shows it: isolated from the text around it."""
    return f"\u2068{name}\u2069"


async def played(app: App, user_id: int, group: int | None = None) -> int:
    card = await app.stats.card(user_id, group)
    return 0 if card is None else card.counters.played


async def two_wins_of_alice_and_carol(app: App) -> None:
    """Alice and Carol won twice together in the group already."""
    for game_id in (placed(GROUP, 101), placed(GROUP, 102)):
        await app.stats.keep(kozel_won_by(game_id, (ALICE, CAROL), (BOB, DAVE), GROUP))


def restarted(
    harness: TelegramHarness, redis: FakeAsyncRedis, texts: Texts, clock: FakeClock
) -> App:
    """A second process (or the same one after a restart) over the same Redis."""
    return create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )


async def test_a_match_handed_twice_is_counted_once(app: App) -> None:
    game = kozel_won_by(placed(GROUP, 103), (ALICE, CAROL), (BOB, DAVE), GROUP)
    await app.stats.keep(game)
    await app.stats.keep(game)
    assert await played(app, ALICE.id) == 1
    assert await played(app, BOB.id, GROUP) == 1
    card = await app.stats.card(CAROL.id, GROUP)
    assert card is not None
    assert [(p.partner, p.played, p.won) for p in card.partners] == [(ALICE.id, 1, 1)]
    once = await app.stats.card(CAROL.id, GROUP)
    await app.stats.keep(game)  # the finisher retried once more: the ratings stay
    again = await app.stats.card(CAROL.id, GROUP)
    assert once is not None
    assert again is not None
    assert once.rating is not None
    assert once.rating.rated == 1
    assert again.rating == once.rating
    assert again.overall == once.overall


async def test_a_restart_between_the_result_and_its_counting_counts_and_tells_it_once(
    app: App, harness: TelegramHarness, redis: FakeAsyncRedis, texts: Texts, clock: FakeClock
) -> None:
    await two_wins_of_alice_and_carol(app)
    game = kozel_won_by(placed(GROUP, 1), (ALICE, CAROL), (BOB, DAVE), GROUP, clock.now())
    await app.store.create(game)  # the result is saved; the process dies before anything else
    assert await redis.smembers(keys.finished(shard_of_game(game.game_id))) == {
        game.game_id.encode()
    }
    again = restarted(harness, redis, texts, clock)
    await again.worker.settle()
    assert await played(again, ALICE.id, GROUP) == 3
    clock.advance(again.outbox.lease * 4 / 3)  # the dead process's hold lapsed a while ago
    assert await again.outbox.look() == 1
    await again.outbox.settle()
    sent = group_texts(harness)
    assert sum(t.endswith(LINE) for t in sent) == 1
    result = next(i for i, text in enumerate(sent) if "the goats" in text)
    assert (
        next(i for i, t in enumerate(sent) if t.endswith(LINE)) > result
    )  # the line follows the match's result
    # Handed again (a process died after the counting, before the set was told): no change.
    await redis.sadd(keys.finished(shard_of_game(game.game_id)), game.game_id)
    again.worker.record_finished()
    await again.worker.settle()
    await again.outbox.settle()
    assert await played(again, ALICE.id, GROUP) == 3
    assert sum(t.endswith(LINE) for t in group_texts(harness)) == 1


async def test_two_processes_recording_at_once_count_a_match_once(
    app: App, harness: TelegramHarness, redis: FakeAsyncRedis, texts: Texts, clock: FakeClock
) -> None:
    await two_wins_of_alice_and_carol(app)
    await app.store.create(
        kozel_won_by(placed(GROUP, 2), (ALICE, CAROL), (BOB, DAVE), GROUP, clock.now())
    )
    other = restarted(harness, redis, texts, clock)
    recorded = await asyncio.gather(app.finisher.run(), other.finisher.run())
    assert sum(recorded) >= 1
    assert await played(app, ALICE.id, GROUP) == 3
    card = await app.stats.card(DAVE.id, GROUP)
    assert card is not None
    assert card.counters.goats == 3
    await asyncio.gather(app.worker.settle(), other.worker.settle())
    await asyncio.gather(app.outbox.settle(), other.outbox.settle())
    assert sum(t.endswith(LINE) for t in group_texts(harness)) == 1


async def test_stats_in_a_private_chat_show_every_match_and_the_bots(
    app: App, harness: TelegramHarness
) -> None:
    await harness.send(ALICE, "/stats")
    assert harness.fake.last_in(ALICE.id).text == f"{shown('Alice')} has no finished match yet."
    message = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    await play_to_the_end(harness, message)
    await app.stats.keep(kozel_won_by(placed(GROUP, 104), (BOB, ALICE), (CAROL, DAVE), GROUP))
    await harness.send(ALICE, "/stats")
    text = harness.fake.last_in(ALICE.id).text
    assert f"{shown('Alice')}</b>, every match" in text
    assert "Played: 2 · " in text
    assert "<b>Kozel</b> · the goats: 0" in text
    assert "Draw and block games" in text
    assert f"{shown('Bob')}: played: 1 · won: 1 · 100%" in text  # her Kozel partner
    assert "Block game, Easy: played: 1" in text  # the direct game, against the bots
    assert "Kozel, " not in text  # a group's match is not against the bots
    card = await app.stats.card(ALICE.id, None)
    assert card is not None
    assert card.overall is not None
    # Rated: the group's match, not the direct game against the bots.
    assert f"Rating: {card.overall.shown} · rated matches: 1" in text


async def test_forgetme_asks_and_no_keeps_everything(app: App, harness: TelegramHarness) -> None:
    await app.stats.keep(kozel_won_by(placed(GROUP, 105), (ALICE, CAROL), (BOB, DAVE), GROUP))
    await harness.send(ALICE, "/forgetme")
    question = harness.fake.last_in(ALICE.id)
    assert "cannot be undone" in question.text
    # Only Alice can answer: a press from anyone else's chat is refused.
    forged = await harness.press(
        BOB, question, question.button("Yes, erase it all").callback_data or ""
    )
    assert alert_of(forged) is not None
    assert await played(app, ALICE.id) == 1
    await harness.press(ALICE, question, question.button("No, keep it").callback_data or "")
    answered = harness.fake.message(ALICE.id, question.message_id)
    assert answered.text == "Nothing was erased."
    assert answered.markup is None
    assert await played(app, ALICE.id) == 1


async def test_forgetme_leaves_nothing_of_the_person_in_redis(
    app: App, harness: TelegramHarness, redis: FakeAsyncRedis
) -> None:
    await harness.send(ALICE, "/kozel", chat_id=GROUP)  # a game she sits in
    await harness.send(ALICE, "/lang")
    menu = harness.fake.last_in(ALICE.id)
    await harness.press(ALICE, menu, menu.button("Français").callback_data or "")
    await two_wins_of_alice_and_carol(app)
    await app.stats.keep(kozel_won_by(placed(-4002, 106), (BOB, ALICE), (CAROL, DAVE), -4002))
    before = await keys_mentioning(redis, str(ALICE.id), "Alice")
    assert {keys.stats(ALICE.id), keys.language(ALICE.id), keys.person(ALICE.id)} <= set(before)
    carol = await app.stats.card(CAROL.id, None)
    assert carol is not None
    assert [p.partner for p in carol.partners] == [ALICE.id, DAVE.id]
    await harness.send(ALICE, "/forgetme")
    question = harness.fake.last_in(ALICE.id)
    await harness.press(ALICE, question, question.button("Oui, tout effacer").callback_data or "")
    assert "je ne garde plus rien" in harness.fake.message(ALICE.id, question.message_id).text
    left = await keys_mentioning(redis, str(ALICE.id), "Alice")
    # What is left belongs to a game (its keys carry its id as a hash tag) or to her private
    # chat's pointer, outbox and sender, and expires.
    for key, ttl in left.items():
        assert ttl > 0, key
        assert "{" in key or key == keys.chat(ALICE.id), key
    assert await played(app, CAROL.id) == 3  # Carol keeps her own records, without Alice
    card = await app.stats.card(CAROL.id, None)
    assert card is not None
    assert [p.partner for p in card.partners] == [DAVE.id]
    assert await app.stats.card(ALICE.id, None) is None
    # Her language is forgotten too: she is answered in Telegram's language again.
    await harness.send(ALICE, "/stats")
    assert harness.fake.last_in(ALICE.id).text == f"{shown('Alice')} has no finished match yet."


async def test_forgetme_in_a_group_points_to_the_private_chat(harness: TelegramHarness) -> None:
    await harness.send(ALICE, "/forgetme", chat_id=GROUP)
    assert "private chat" in harness.fake.last_in(GROUP).text
