"""Games built directly, for tests that need a particular table."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from bot.game import lobby
from bot.game.people import Person
from bot.game.record import GameRecord, GroupSide, LobbyStage, MatchStage, TableSettings
from bot.game.seats import BotSeat, HumanSeat, Seat
from bot.game.state import Game
from core.engine import Match
from core.players import Level
from core.variants import Variant

NOW = datetime(2024, 6, 1, tzinfo=UTC)
GROUP_ID = -77  # the chat of `group_lobby`'s games


def secret(n: int) -> bytes:
    """A match secret told apart by `n` (weak, as a test's may be: the bot draws 256 bits)."""
    return n.to_bytes(32, "big")


def human(user_id: int, name: str = "Alice", language: str = "en") -> HumanSeat:
    return HumanSeat(user_id=user_id, name=name, language=language, chat_id=user_id)


def person(user_id: int, name: str = "Ann", language: str = "en") -> Person:
    """A person whose private chat has their user id."""
    return Person(user_id=user_id, name=name, language=language, chat_id=user_id)


def settings_of(match: Match, level: Level = Level.MEDIUM) -> TableSettings:
    """The table settings `match` was created with."""
    s = match.settings
    return TableSettings(variant=s.variant, n_players=s.n_players, target=s.target, level=level)


def record_for(
    match: Match,
    seats: Sequence[Seat],
    *,
    game_id: str = "4567899fc8",
    chat_id: int = 1001,
    version: int = 0,
    seed: int = 7,
    group: GroupSide | None = None,
    level: Level = Level.MEDIUM,
) -> Game:
    """A game playing `match` at `seats` (its engine rebuilt from `match.to_dict()`:
    changing `match` afterwards does not change the game)."""
    record = GameRecord(
        game_id=game_id,
        version=version,
        chat_id=chat_id,
        settings=settings_of(match, level),
        group=group,
        stage=MatchStage(seats=tuple(seats), seed=seed, engine=match.to_dict()),
        created_at=NOW,
        updated_at=NOW,
    )
    return Game.load(record)


def solo_record(variant: str = "block", n_players: int = 2, seed: int = 3) -> Game:
    """One human (user 1001) at seat 0 against easy bots, in a direct game."""
    match, _ = Match.new(variant, n_players, 100, seed=seed)
    seats: list[Seat] = [human(1001)] + [BotSeat(level=Level.EASY)] * (n_players - 1)
    return record_for(match, seats)


def group_lobby(
    variant: Variant = Variant.KOZEL,
    n_players: int = 4,
    *,
    creator: Person | None = None,
    game_id: str = "0000000b40",
    chat_id: int = GROUP_ID,
    target: int = 100,
) -> Game:
    """A group's lobby with every seat free, opened by `creator` (Ann, user 11)."""
    opener = creator or person(11)
    record = GameRecord(
        game_id=game_id,
        chat_id=chat_id,
        settings=TableSettings(variant=variant, n_players=n_players, target=target),
        group=lobby.new_group("Room", opener),
        stage=LobbyStage(seats=(None,) * n_players),
        created_at=NOW,
        updated_at=NOW,
    )
    return Game.load(record)


def finish_hand(match: Match) -> Match:
    """`match` once each seat to move played its first legal move up to the hand's end."""
    while not match.hand_over:
        turn = match.turn
        assert turn is not None
        tile, end = match.legal_moves()[0]
        match.play(turn, tile, end)
    return match


def finish_match(match: Match) -> Match:
    """`match` played to its end the same way, each hand dealt as the last one ends."""
    while not match.match_over:
        if match.hand_over:
            match.next_hand()
        finish_hand(match)
    return match
