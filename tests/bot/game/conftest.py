"""The use cases over a store in fakeredis, with quick bot players, a hand-moved clock
and a notifier that records what it is told (as paper-tactics tests its use cases)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

import pytest
from fakeredis import FakeAsyncRedis

from bot.game.games import Games
from bot.game.groups import GroupGames
from bot.game.matches import Matches
from bot.game.notify import PLAIN, Show
from bot.game.people import Person
from bot.game.ports import UnreachableError
from bot.game.state import Game
from bot.store.games import GameStore
from tests.bot.conftest import FakeClock, quick_players


@dataclass
class Told:
    """One thing the notifier was told."""

    game: Game
    show: Show


@dataclass
class RecordingNotifier:
    """Records every change it is told of."""

    told: list[Told] = field(default_factory=list)

    async def changed(self, game: Game, show: Show = PLAIN) -> None:
        self.told.append(Told(game, show))

    def versions(self) -> list[tuple[str, int]]:
        """The games told of, as (id, version), in order."""
        return [(t.game.game_id, t.game.version) for t in self.told]

    def shows(self) -> list[Show]:
        """How each change was to be shown, in order."""
        return [t.show for t in self.told]


@dataclass
class RecordingReach:
    """Writes nobody: records whom it was asked to reach; `unreachable` says who may
    not be written to yet."""

    reached: list[tuple[str, int]] = field(default_factory=list)
    unreachable: set[int] = field(default_factory=set)

    def people(self) -> list[int]:
        """Whom it was asked to reach, by user id, in order."""
        return [user_id for _, user_id in self.reached]

    async def __call__(self, game: Game, person: Person, /) -> None:
        await asyncio.sleep(0)  # a real send lets other presses run meanwhile
        if person.user_id in self.unreachable:
            raise UnreachableError(person.user_id)
        self.reached.append((game.game_id, person.user_id))


@pytest.fixture
def store(redis: FakeAsyncRedis) -> GameStore:
    return GameStore(redis)


@pytest.fixture
def notifier() -> RecordingNotifier:
    return RecordingNotifier()


@pytest.fixture
def reach() -> RecordingReach:
    return RecordingReach()


@pytest.fixture
def games(store: GameStore, notifier: RecordingNotifier, clock: FakeClock) -> Games:
    return Games(store, notifier, rng=random.Random(1), now=clock.now)


@pytest.fixture
def matches(games: Games) -> Matches:
    return Matches(games, quick_players())


@pytest.fixture
def groups(games: Games, reach: RecordingReach) -> GroupGames:
    return GroupGames(games, reach)
