"""A group's move saved just before the store stops answering: the press is not told
that nothing changed (the move is made), and every hand shows it once the store is
back (the worker shows the live games again)."""

from __future__ import annotations

import pytest
from fakeredis import FakeServer

from bot.app import App
from bot.game.state import Game, Playing
from bot.store.games import GameStore
from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import ALICE, BOB, CAROL, DAVE, game_in, hand, kozel_of_four

PEOPLE = {u.id: u for u in (ALICE, BOB, CAROL, DAVE)}


async def test_a_move_saved_just_before_an_outage_is_made_and_shown_once_the_store_is_back(
    app: App,
    harness: TelegramHarness,
    storage: GameStore,
    server: FakeServer,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await kozel_of_four(harness, clock, wait=5)
    before = await game_in(harness)
    assert isinstance(before.state, Playing)
    mover = before.human(before.state.turn)
    message = await hand(harness, mover.user_id)
    move = next(b.callback_data for b in message.buttons() if (b.callback_data or "")[:3] == "mv:")
    assert move is not None
    real_save = storage.save

    async def then_unreachable(game: Game, *, moved_from: int | None = None) -> Game:
        saved = await real_save(game, moved_from=moved_from)
        server.connected = False  # the private hands are still to be marked
        return saved

    monkeypatch.setattr(storage, "save", then_unreachable)
    answer = await harness.press(PEOPLE[mover.user_id], message, move)
    monkeypatch.undo()
    server.connected = True
    assert alert_of(answer) is None  # never "nothing was changed": it was
    after = await game_in(harness)
    assert after.version == before.version + 1
    assert app.worker._alarm.to_revisit  # the worker is to show every live game again
    await app.worker.revisit()
    await harness.elapse(5)
    assert isinstance(after.state, Playing)
    nxt = after.human(after.state.turn)
    shown = await hand(harness, nxt.user_id)
    moves = [b.callback_data or "" for b in shown.buttons() if (b.callback_data or "")[:3] == "mv:"]
    assert moves
    assert all(f":{after.version}:" in data for data in moves)
