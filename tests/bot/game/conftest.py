"""The use cases over a store in fakeredis, with quick bot players and a hand-moved clock."""

from __future__ import annotations

import random

import pytest
from fakeredis import FakeAsyncRedis

from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.store.games import GameStore
from tests.bot.conftest import FakeClock, quick_players


@pytest.fixture
def store(redis: FakeAsyncRedis) -> GameStore:
    return GameStore(redis)


@pytest.fixture
def games(store: GameStore, clock: FakeClock) -> Games:
    return Games(store, quick_players(), rng=random.Random(1), now=clock.now)


@pytest.fixture
def groups(games: Games, store: GameStore) -> GroupGames:
    return GroupGames(games, store)
