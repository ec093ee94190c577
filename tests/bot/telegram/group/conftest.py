"""Group tests: every API call goes through the privacy guard."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.game.state import Game
from bot.store.games import GameStore
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.telegram.group.driver import GROUP
from tests.bot.telegram.group.privacy import PrivacyGuard


@pytest.fixture(autouse=True)
def privacy(
    fake: FakeTelegram, storage: GameStore, monkeypatch: pytest.MonkeyPatch
) -> Iterator[PrivacyGuard]:
    guard = PrivacyGuard(storage, groups=(GROUP,))
    write = GameStore._write

    async def written(store: GameStore, *args: Any, **kwargs: Any) -> Game:
        game = await write(store, *args, **kwargs)
        guard.saved(game)
        return game

    # Every store's writes, a restarted bot's too.
    monkeypatch.setattr(GameStore, "_write", written)
    fake.observers.append(guard)
    yield guard
    assert not guard.violations, guard.violations
