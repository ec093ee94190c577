"""The game store over fakeredis."""

from __future__ import annotations

import pytest
from fakeredis import FakeAsyncRedis

from bot.store.games import GameStore


@pytest.fixture
def store(redis: FakeAsyncRedis) -> GameStore:
    return GameStore(redis)
