"""Game records built directly, for tests that need a particular table."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.game.record import GameRecord
from bot.game.seats import BotSeat, HumanSeat, Seat
from core.engine import Match
from core.players import Level

NOW = datetime(2024, 6, 1, tzinfo=UTC)


def human(user_id: int, name: str = "Alice", language: str = "en") -> HumanSeat:
    return HumanSeat(user_id=user_id, name=name, language=language, chat_id=user_id)


def record_for(
    match: Match, seats: list[Seat], *, game_id: str = "0123456789", chat_id: int = 1001
) -> GameRecord:
    return GameRecord(
        game_id=game_id,
        chat_id=chat_id,
        seats=seats,
        engine=match.to_dict(),
        seed=7,
        created_at=NOW,
        updated_at=NOW,
    )


def solo_record(variant: str = "block", n_players: int = 2, seed: int = 3) -> GameRecord:
    """One human at seat 0 against easy bots."""
    match, _ = Match.new(variant, n_players, 100, seed=seed)
    seats: list[Seat] = [human(1001)] + [BotSeat(level=Level.EASY)] * (n_players - 1)
    return record_for(match, seats)
