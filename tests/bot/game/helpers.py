"""Helpers the use-case tests share."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

from bot.game.errors import RefusalCode, RefusalError
from bot.game.state import Game
from bot.store.games import GameStore


async def refused(code: RefusalCode, change: Awaitable[object]) -> RefusalError:
    """`change` is refused with `code`."""
    with pytest.raises(RefusalError) as caught:
        await change
    assert caught.value.code is code
    return caught.value


async def stored(store: GameStore, game_id: str) -> Game:
    """The game as the store has it now."""
    game = await store.load(game_id)
    assert game is not None
    return game
