"""Helpers the use-case tests share."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import pytest

from bot.game import lobby
from bot.game.errors import RefusalCode, RefusalError
from bot.game.matches import Matches
from bot.game.options import GameOptions
from bot.game.people import Person
from bot.game.seats import Seat
from bot.game.state import Game, HandOver, Playing
from bot.store.games import GameStore
from core.engine import Match
from core.players import Level
from core.variants import Variant
from tests.bot.factories import GROUP_ID, person, record_for

ALICE = person(1001, "Alice")  # plays the direct games


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


async def new_game(
    matches: Matches,
    variant: str = "block",
    opponents: int = 1,
    who: Person = ALICE,
    level: Level = Level.EASY,
) -> Game:
    """A direct game of `who` against `opponents` bots, created."""
    options = GameOptions(Variant(variant), opponents, level, 50)
    return await matches.create(who.chat_id, who, options)


def engine(game: Game) -> Match:
    assert game.match is not None
    return game.match


def first_move(game: Game) -> tuple[str, str | None]:
    """The first legal move of the seat to move, as a button says it."""
    tile, end = engine(game).legal_moves()[0]
    return str(tile), end.value if end else None


def decisions_of(game: Game, seat: int) -> int:
    return sum(1 for d in engine(game).state.decisions if d.seat == seat)


async def play_out_hand(matches: Matches, game: Game, who: int = ALICE.user_id) -> Game:
    """`who` plays their first legal move until the hand is over."""
    while isinstance(game.state, Playing):
        tile, end = first_move(game)
        game = await matches.play(game.game_id, who, game.version, tile, end, who)
    return game


async def play_out_match(matches: Matches, game: Game) -> Game:
    """Alice plays the direct game to its end."""
    while game.is_active:
        game = await play_out_hand(matches, game)
        if isinstance(game.state, HandOver):
            game = await matches.next_hand(game.game_id, ALICE.user_id, game.version, ALICE.user_id)
    return game


async def in_group(store: GameStore, match: Match, seats: list[Seat], **fields: Any) -> Game:
    """A group game playing `match`, stored (version 1)."""
    group = lobby.new_group("Room", person(11))
    game = record_for(match, seats, chat_id=GROUP_ID, game_id="0000000b40", group=group)
    if fields:
        game = game.changed(game.record.stage, game.match, **fields)
    return await store.create(game)
