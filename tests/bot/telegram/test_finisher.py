"""Each finished match reaches every record keeper, even when the process dies
between the result's save and the recording; a keeper that fails gets it again."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis

from bot.app import App, create_app
from bot.game.state import Game
from bot.store import keys
from bot.store.slots import shard_of_game
from bot.telegram.ports import Look
from tests.bot.conftest import QUICK_PACE, FakeClock, quick_players
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.handlers.driver import ALICE, open_game, play_to_the_end
from texts import Texts


class Kept:
    def __init__(self, fail: int = 0) -> None:
        self.games: list[str] = []
        self.fail = fail

    async def keep(self, game: Game) -> None:
        if self.fail:
            self.fail -= 1
            raise RuntimeError("the keeper's store is down")
        self.games.append(game.game_id)


async def finished_match(harness: TelegramHarness) -> str:
    message = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    await play_to_the_end(harness, message)
    await harness.settle()
    game = await harness.storage.load_for_chat(ALICE.id)
    assert game is not None
    return game.game_id


async def test_a_finished_match_is_handed_to_every_keeper_and_leaves_the_set(
    harness: TelegramHarness, app: App, redis: FakeAsyncRedis
) -> None:
    first, second = Kept(), Kept()
    app.finisher.keepers = [first, second]
    game_id = await finished_match(harness)
    assert first.games == [game_id]
    assert second.games == [game_id]
    assert await redis.smembers(keys.finished(shard_of_game(game_id))) == set()


async def test_a_match_whose_recording_was_cut_short_is_recorded_after_a_restart(
    harness: TelegramHarness, app: App, redis: FakeAsyncRedis, clock: FakeClock, texts: Texts
) -> None:
    app.finisher.keepers = [Kept(fail=10_000)]  # this process never records it
    game_id = await finished_match(harness)
    assert await redis.smembers(keys.finished(shard_of_game(game_id))) == {game_id.encode()}
    restarted = create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )
    kept = Kept()
    restarted.finisher.keepers = [kept]
    await restarted.worker.settle()
    assert kept.games == [game_id]
    assert await redis.smembers(keys.finished(shard_of_game(game_id))) == set()


async def test_a_keeper_that_fails_gets_the_match_again(
    harness: TelegramHarness, app: App, redis: FakeAsyncRedis
) -> None:
    kept = Kept(fail=1)
    app.finisher.keepers = [kept]
    game_id = await finished_match(harness)
    assert kept.games == []
    app.worker.record_finished()
    await harness.settle()
    assert kept.games == [game_id]
    assert await redis.smembers(keys.finished(shard_of_game(game_id))) == set()
