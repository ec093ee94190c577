"""Group tests: every API call goes through the privacy guard."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.store.games import GameStore
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.telegram.group.driver import GROUP
from tests.bot.telegram.group.privacy import PrivacyGuard


@pytest.fixture(autouse=True)
def privacy(fake: FakeTelegram, storage: GameStore) -> Iterator[PrivacyGuard]:
    guard = PrivacyGuard(storage, groups=(GROUP,))
    fake.observers.append(guard)
    yield guard
    assert not guard.violations, guard.violations
