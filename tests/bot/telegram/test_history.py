"""/history in a private chat: the chat's last matches, the last hand move by move, and
each finished match recorded exactly once, whatever the finisher does (the same match
handed twice, two finishers at once, a restart between the result and its recording)."""

from __future__ import annotations

import asyncio
import re

from fakeredis import FakeAsyncRedis

from bot.app import App, create_app
from bot.game.finisher import Finisher
from bot.game.history import History, PastMatch, PastSeat
from bot.game.state import Finished, Game
from bot.store import keys
from bot.store.finished import FinishedMatches
from bot.store.history import HistoryStore
from bot.store.slots import shard_of_game
from bot.telegram.ports import Look
from bot.telegram.render.game import table_name
from bot.telegram.render.history import history_text, pack
from core.events import Drew, Passed, Played
from core.variants import Variant
from tests.bot.conftest import QUICK_PACE, FakeClock, quick_players
from tests.bot.factories import NOW
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.handlers.driver import ALICE, open_game, play_to_the_end
from texts import Texts
from texts.render import LOG_LIMIT


def finished_set(game: Game) -> str:
    """The set of matches to record that the game's result goes on."""
    return keys.finished(shard_of_game(game.game_id))


class Down:
    """A keeper whose store is down: the match stays to record."""

    async def keep(self, game: Game) -> None:
        raise RuntimeError("the keeper's store is down")


async def finished_match(
    harness: TelegramHarness, variant: str = "Block game", opponents: str = "1 bot"
) -> Game:
    message = await open_game(harness, variant, opponents, "Easy", "50")
    await play_to_the_end(harness, message)
    await harness.settle()
    game = await harness.storage.load_for_chat(ALICE.id)
    assert game is not None
    assert isinstance(game.state, Finished)
    return game


async def kept_ids(history: History, chat_id: int = ALICE.id) -> list[str]:
    return [m.game_id for m in await history.recent(chat_id)]


def replies(harness: TelegramHarness, chat_id: int = ALICE.id) -> list[str]:
    return [
        c.params["text"]
        for c in harness.fake.named("sendMessage")
        if c.params["chat_id"] == chat_id
    ]


async def test_with_no_match_yet_history_says_so(harness: TelegramHarness, texts: Texts) -> None:
    await harness.send(ALICE, "/history")
    await harness.send(ALICE, "/history last")
    assert replies(harness)[-2:] == [texts.get("en", "history-none")] * 2


async def test_history_in_a_private_chat_shows_its_match_from_the_viewers_side(
    harness: TelegramHarness, app: App
) -> None:
    game = await finished_match(harness)
    state = game.state
    assert isinstance(state, Finished)
    await harness.send(ALICE, "/history")
    you, bot = state.result.scores
    won = "🏆 You won." if state.result.winner == 0 else "🏆 Bot 1 won."
    entry = "<b>1.</b> 2024-06-01 12:00 UTC · Block game · playing to 50"
    assert replies(harness)[-1] == "\n\n".join(
        [
            "<b>The last matches played here</b>, latest first:",
            f"{entry}\nYou: {you} · Bot 1: {bot}\n{won}",
            "/history last shows the last hand move by move.",
        ]
    )
    assert await kept_ids(app.history) == [game.game_id]


async def test_history_last_tells_the_last_hand_move_by_move_with_its_draws(
    harness: TelegramHarness,
) -> None:
    game = await finished_match(harness, "Draw game", "3 bots")
    events = game.public_view().history
    await harness.send(ALICE, "/history last")
    text = replies(harness)[-1]
    lines = text.split("\n")
    assert lines[0] == "<b>The last hand of the Draw game match of 2024-06-01 12:00 UTC</b>"
    played = [e for e in events if isinstance(e, Played)]
    log = lines[1 : lines.index("")]  # then the hand's result
    laid = [line for line in log if re.search(r" (leads?|led|played) ", line)]
    assert len(laid) == len(played) > 0
    for line, event in zip(laid, played, strict=True):
        tile = re.search(r"(\d)\|(\d)", line)
        assert tile is not None
        assert {int(tile[1]), int(tile[2])} == {event.tile.low, event.tile.high}, line
    passes = [line for line in log if "(knock)" in line]
    assert len(passes) == sum(isinstance(e, Passed) for e in events)
    assert any(isinstance(e, Drew) for e in events)  # this deal's last hand has draws
    draws = [line for line in log if " drew " in line]
    assert draws
    assert all(re.search(r" drew \d\|\d", line) for line in draws)  # the tiles, not a count
    assert "…" not in log  # every move, however many
    assert "is over:</b>" in text
    assert "the match</b>" in text
    assert len(log) > LOG_LIMIT


async def test_an_unknown_argument_gets_the_usage(harness: TelegramHarness, texts: Texts) -> None:
    await harness.send(ALICE, "/history 7")
    assert replies(harness)[-1] == texts.get("en", "history-usage")


async def test_the_same_match_handed_twice_is_recorded_once(
    harness: TelegramHarness, app: App
) -> None:
    game = await finished_match(harness)
    assert await kept_ids(app.history) == [game.game_id]  # the worker recorded it
    await app.history.keep(game)
    await app.history.keep(game)
    assert await kept_ids(app.history) == [game.game_id]


async def test_two_finishers_at_once_record_the_match_once(
    harness: TelegramHarness, app: App, redis: FakeAsyncRedis
) -> None:
    app.finisher.keepers = [Down()]
    game = await finished_match(harness)
    assert await redis.smembers(finished_set(game)) == {game.game_id.encode()}
    finishers = [
        Finisher(app.games, FinishedMatches(redis), [History(HistoryStore(redis))])
        for _ in range(2)
    ]
    await asyncio.gather(*(f.run() for f in finishers))
    assert await kept_ids(app.history) == [game.game_id]
    assert await redis.smembers(finished_set(game)) == set()


async def test_a_match_not_recorded_before_a_restart_is_recorded_once_after(
    harness: TelegramHarness, app: App, redis: FakeAsyncRedis, clock: FakeClock, texts: Texts
) -> None:
    app.finisher.keepers = [Down()]  # the result is saved; the process dies before recording
    game = await finished_match(harness)
    assert await kept_ids(app.history) == []
    restarted = create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )
    await restarted.worker.settle()
    assert await kept_ids(restarted.history) == [game.game_id]
    assert await redis.smembers(finished_set(game)) == set()


async def test_a_match_recorded_just_before_a_crash_is_not_recorded_again_after(
    harness: TelegramHarness, app: App, redis: FakeAsyncRedis, clock: FakeClock, texts: Texts
) -> None:
    # The history keeps the match, then the process dies before the set is told.
    app.finisher.keepers = [app.history, Down()]
    game = await finished_match(harness)
    assert await kept_ids(app.history) == [game.game_id]
    assert await redis.smembers(finished_set(game)) == {game.game_id.encode()}
    restarted = create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )
    await restarted.worker.settle()
    assert await kept_ids(restarted.history) == [game.game_id]
    assert await redis.smembers(finished_set(game)) == set()


def test_names_are_shortened_and_isolated_and_a_forgotten_person_is_their_seat(
    texts: Texts,
) -> None:
    long_name = "Alexandra <Maria> Konstantinopolskaya"
    match = PastMatch(
        game_id="00000000ab",
        ended=NOW,
        variant=Variant.KOZEL,
        target=100,
        group=True,
        seats=(PastSeat(user=1, name=long_name), PastSeat(), PastSeat(forgotten=True), PastSeat()),
        scores=(0, 104),
        winner=0,
        goats=1,
        dry=True,
    )
    text = history_text([match], None, texts.translator("en"))
    shown = table_name(long_name)
    assert shown.startswith("\u2068Alexandra &lt;Maria&gt;")
    assert shown.endswith("…\u2069")
    assert f"{shown} &amp; Player 3: 0 · Bot 2 &amp; Bot 4: 104" in text
    assert f"🏆 {shown} &amp; Player 3 won. 🐐 Bot 2 &amp; Bot 4 are the goats. A dry win!" in text
    assert "Konstantinopolskaya" not in text


def test_a_long_text_is_cut_between_lines() -> None:
    assert pack(["aaaa", "bbbb", "", "cccc"], limit=10) == ["aaaa\nbbbb", "cccc"]
    assert pack(["aaaa"], limit=10) == ["aaaa"]
