"""The bot's own flows on a real three-node Redis Cluster, driven through the
dispatcher and the fake Telegram as the tests of `tests/bot/telegram` drive them: a
direct game and a group Kozel match of four people played to their ends, the
finisher's records (stats, history) checked against what the engine says, then
/stats, /history, /top and /forgetme. Whatever the cluster refuses (a script or a
transaction over two slots) fails the handler that sent it, which fails the test."""

from __future__ import annotations

from typing import cast

from fakeredis import FakeAsyncRedis
from redis.asyncio.cluster import RedisCluster

from bot.app import App
from bot.game.state import Finished, Game
from bot.game.stats import Counters
from bot.game.tally import tally
from bot.store import keys
from bot.store.finished import FinishedMatches
from bot.telegram.render.game import table_name
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group import driver as group
from tests.bot.telegram.handlers import driver as direct
from tests.bot.telegram.records import keys_mentioning
from tests.slot_guard import SlotGuard

ALICE = direct.ALICE
FOUR = (group.ALICE, group.BOB, group.CAROL, group.DAVE)


def private_replies(harness: TelegramHarness, chat_id: int) -> list[str]:
    return [
        c.params["text"]
        for c in harness.fake.named("sendMessage")
        if c.params["chat_id"] == chat_id
    ]


async def check_records(app: App, cluster: RedisCluster, game: Game) -> None:
    """The finisher recorded the match once, as the engine's tally says: each person's
    counters, in the group too for a group's match; the chat's history has it."""
    assert isinstance(game.state, Finished)
    assert await FinishedMatches(cluster).pending() == []
    assert await app.finisher.run() == 0  # nothing left to hand
    await app.stats.keep(game)  # handed again: counted once all the same
    counted = tally(game)
    group_id = counted.group
    for person in counted.people:
        expected = Counters.of(person.counts)
        scopes = [None] if group_id is None else [None, group_id]
        for scope in scopes:
            card = await app.stats.card(person.player.user_id, scope)
            assert card is not None, (person.player, scope)
            assert card.counters == expected, (person.player, scope)
    recent = await app.history.recent(game.chat_id)
    assert [m.game_id for m in recent] == [game.game_id]
    (entry,) = recent
    result = game.state.result
    assert (entry.scores, entry.winner, entry.goats) == (result.scores, result.winner, result.goats)


async def test_a_direct_game_to_its_end_then_stats_history_and_forgetme(
    app: App, harness: TelegramHarness, cluster: RedisCluster, guard: SlotGuard
) -> None:
    message = await direct.open_game(harness, "Block game", "1 bot", "Easy", "50")
    presses = await direct.play_to_the_end(harness, message)
    assert presses > 5
    await harness.settle()
    game = await harness.storage.load_for_chat(ALICE.id)
    assert game is not None
    assert isinstance(game.state, Finished)
    result = game.state.result
    await check_records(app, cluster, game)
    card = await app.stats.card(ALICE.id, None)
    assert card is not None
    assert [(a.variant.value, a.level.value, a.played, a.won) for a in card.direct] == [
        ("block", "easy", 1, int(result.winner == 0))
    ]

    await harness.send(ALICE, "/stats")
    text = harness.fake.last_in(ALICE.id).text
    assert "Played: 1 · " in text
    assert "Block game, Easy: played: 1" in text
    await harness.send(ALICE, "/history")
    you, bot = result.scores
    assert f"You: {you} · Bot 1: {bot}" in private_replies(harness, ALICE.id)[-1]
    await harness.send(ALICE, "/history last")
    told = private_replies(harness, ALICE.id)[-1]
    assert told.startswith("<b>The last hand of the Block game match of 2024-06-01 12:00 UTC</b>")
    assert "the match</b>" in told

    await harness.send(ALICE, "/forgetme")
    question = harness.fake.last_in(ALICE.id)
    await harness.press(ALICE, question, question.button("Yes, erase it all").callback_data or "")
    assert await app.stats.card(ALICE.id, None) is None
    assert await app.history.recent(ALICE.id) == []
    assert guard.report() == ""


async def test_a_group_kozel_match_of_four_to_its_end_then_stats_history_and_forgetme(
    app: App, harness: TelegramHarness, cluster: RedisCluster, guard: SlotGuard
) -> None:
    await group.kozel_of_four(harness)
    game = await group.play_to_the_end(harness)
    await harness.settle()
    assert isinstance(game.state, Finished)
    result = game.state.result
    assert result.goats is not None
    assert result.scores[result.goats] >= 101
    assert "the goats!" in group.match_summary(harness).text
    await check_records(app, cluster, game)
    stored = [k async for k in cluster.scan_iter(match=f"{keys.PREFIX}:*")]
    nodes = {cluster.get_node_from_key(k) for k in stored}
    assert len(nodes) > 1  # the match's keys, the people's records: spread over the nodes
    name = {seat: table_name(person.name) for seat, person in game.humans()}
    teams = [f"{name[0]} &amp; {name[2]}", f"{name[1]} &amp; {name[3]}"]

    await harness.send(group.EVE, "/history", chat_id=group.GROUP)
    shown = group.group_texts(harness)[-1]
    assert f"{teams[0]}: {result.scores[0]} · {teams[1]}: {result.scores[1]}" in shown
    assert f"🐐 {teams[result.goats]} are the goats." in shown
    await harness.send(group.BOB, "/history last", chat_id=group.GROUP)
    assert "the goats!</b>" in group.group_texts(harness)[-1]
    await harness.send(group.ALICE, "/stats", chat_id=group.GROUP)
    assert "Played: 1 · " in group.group_texts(harness)[-1]
    await harness.send(group.ALICE, "/top", chat_id=group.GROUP)
    top = group.group_texts(harness)[-1]
    for seat in (result.goats, result.goats + 2):
        assert f"{name[seat]}: once" in top  # among the goats, as the engine says

    await harness.send(group.ALICE, "/forgetme")
    question = harness.fake.last_in(group.ALICE.id)
    await harness.press(
        group.ALICE, question, question.button("Yes, erase it all").callback_data or ""
    )
    assert await app.stats.card(group.ALICE.id, None) is None
    for other in FOUR[1:]:
        card = await app.stats.card(other.id, group.GROUP)
        assert card is not None
        assert group.ALICE.id not in [p.partner for p in card.partners]
    (entry,) = await app.history.recent(group.GROUP)
    assert entry.seat_of(group.ALICE.id) is None
    assert any(seat.forgotten for seat in entry.seats)
    # The tests of `tests/bot` are typed with fakeredis's client: the helper only scans.
    left = await keys_mentioning(cast(FakeAsyncRedis, cluster), str(group.ALICE.id), "Alice")
    for key, ttl in left.items():
        assert ttl > 0, key
        assert "{" in key or key == keys.chat(group.ALICE.id), key
    assert guard.report() == ""
