"""The dispatcher's outer middlewares: an update handed twice (two processes polling,
or Telegram handing it again after a crash) is handled once."""

from __future__ import annotations

import asyncio

from bot.game.games import Games
from bot.game.matches import Matches
from bot.game.state import Game
from bot.telegram.callbacks import MoveData
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.handlers.driver import ALICE, open_game


async def moves(games: Games) -> int:
    game = await games.for_chat(ALICE.id)
    assert game is not None
    match = Game.load(game.record).match
    assert match is not None
    return len(match.state.decisions)


async def test_a_move_handed_twice_at_once_is_played_once_and_neither_is_refused(
    harness: TelegramHarness, games: Games
) -> None:
    """Two processes handed one move at once (a move claims no update: it guards itself):
    one compare-and-set save makes it, the other knows it by its press; neither answer
    is an alert (Telegram takes the first answer only)."""
    game = await open_game(harness, "Draw game", "2 bots", "Easy", "100")
    stored = await games.for_chat(ALICE.id)
    assert stored is not None
    before = await moves(games)
    data = game.buttons()[0].callback_data or ""
    update = harness.press_update(ALICE, game, data, "q-twice")
    await asyncio.gather(*(harness.dp.feed_update(harness.bot, update) for _ in range(2)))
    await harness.settle()

    answers = [
        c
        for c in harness.fake.named("answerCallbackQuery")
        if c.params["callback_query_id"] == "q-twice"
    ]
    assert [alert_of(a) for a in answers] == [None, None]
    after = await games.for_chat(ALICE.id)
    assert after is not None
    assert after.version == stored.version + 1  # one save: the move and the bots' replies
    assert await moves(games) > before


async def test_a_command_handed_twice_at_once_is_handled_once(harness: TelegramHarness) -> None:
    """A command is claimed: of two processes handed it at once, one answers it."""
    await harness.send(ALICE, "/help")
    update = harness.last_update
    assert update is not None
    replies = len(harness.fake.named("sendMessage"))
    copy = update.model_copy(update={"update_id": update.update_id + 1000})
    await asyncio.gather(*(harness.dp.feed_update(harness.bot, copy) for _ in range(2)))
    assert len(harness.fake.named("sendMessage")) == replies + 1


async def test_a_press_handed_again_after_its_process_died_is_answered_as_played(
    harness: TelegramHarness, games: Games, matches: Matches
) -> None:
    game = await open_game(harness, "Draw game", "2 bots", "Easy", "100")
    data = MoveData.unpack(game.buttons()[0].callback_data or "")
    # The first process saved the move, then died before answering or marking the
    # update done: its claim lapsed, and Telegram hands the press again.
    await matches.play(data.game, ALICE.id, data.version, data.tile, None, ALICE.id, press="q-lost")
    played = await moves(games)
    update = harness.press_update(ALICE, game, data.pack(), "q-lost")
    await harness.dp.feed_update(harness.bot, update)
    await harness.settle()

    answers = [
        c
        for c in harness.fake.named("answerCallbackQuery")
        if c.params["callback_query_id"] == "q-lost"
    ]
    assert [alert_of(a) for a in answers] == [None]
    assert await moves(games) == played


async def test_a_command_handed_again_later_is_not_handled_again(
    harness: TelegramHarness,
) -> None:
    await harness.send(ALICE, "/help")
    replies = len(harness.fake.named("sendMessage"))
    again = harness.last_update
    assert again is not None
    await harness.dp.feed_update(harness.bot, again)
    await harness.settle()
    assert len(harness.fake.named("sendMessage")) == replies
