"""Helpers for the records' tests: finished Kozel matches won by a chosen pair, and every
Redis key that still mentions something."""

from __future__ import annotations

from datetime import datetime

from aiogram.types import User
from fakeredis import FakeAsyncRedis

from bot.game.record import GroupSide
from bot.game.seats import HumanSeat, Seat
from bot.game.state import Game
from core.engine import Match
from tests.bot.factories import finish_match, human, record_for


def seat_of(who: User) -> HumanSeat:
    return human(who.id, who.first_name, who.language_code or "en")


def kozel_won_by(
    game_id: str,
    winners: tuple[User, User],
    losers: tuple[User, User],
    chat_id: int,
    ended_at: datetime | None = None,
) -> Game:
    """A finished Kozel match of the group `chat_id` (the engine's own, played out), its
    people seated so that `winners` are the winning pair; it ended `ended_at`."""
    match = finish_match(Match.new("kozel", 4, 50, seed=int(game_id, 16) % 997)[0])
    result = match.match_result
    assert result is not None
    w = result.winner
    seats: list[Seat] = [seat_of(winners[0])] * 4
    seats[w], seats[w + 2] = seat_of(winners[0]), seat_of(winners[1])
    seats[1 - w], seats[3 - w] = seat_of(losers[0]), seat_of(losers[1])
    group = GroupSide(title="Friday", language="en", creator_id=winners[0].id)
    game = record_for(match, seats, game_id=game_id, chat_id=chat_id, group=group)
    return game if ended_at is None else game.changed_at(ended_at)


async def keys_mentioning(redis: FakeAsyncRedis, *needles: str) -> dict[str, int]:
    """Each key whose name or content holds one of `needles`, with its TTL in ms (-1:
    kept for ever)."""
    found: dict[str, int] = {}
    async for raw in redis.scan_iter():
        key = _text(raw)
        kind = _text(await redis.type(key))
        parts = [key]
        if kind == "hash":
            for field, value in (await redis.hgetall(key)).items():
                parts += [_text(field), _text(value)]
        elif kind == "set":
            parts += [_text(m) for m in await redis.smembers(key)]
        elif kind == "zset":
            parts += [_text(m) for m in await redis.zrange(key, 0, -1)]
        elif kind == "string":
            parts.append(_text(await redis.get(key) or b""))
        if any(n in part for n in needles for part in parts):
            found[key] = await redis.pttl(key)
    return found


def _text(raw: object) -> str:
    """Redis's answer as text (compressed bytes become mostly replacement characters)."""
    return raw.decode(errors="replace") if isinstance(raw, bytes) else str(raw)
