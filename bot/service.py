"""Use cases, with no aiogram types: create a game, play a move, run the bots until
a human must decide (a direct game) or make one bot decision (a group game, whose
pace the pacer keeps), deal the next hand, rematch, stop.

Every change is load -> check -> apply through `core` -> compare-and-set save. The
rules are `core`'s alone: this module only asks the engine and the bot players.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

from bot.record import (
    NAME_LIMIT,
    BotSeat,
    GameRecord,
    GameStatus,
    Group,
    HumanSeat,
    LogMark,
    Seat,
)
from bot.storage import ChatBusyError, GameStorage, VersionConflictError
from core.engine import Match
from core.errors import ErrorCode, GameError
from core.players import BotPlayer, Level, decision_rng, player_for
from core.variants import HAND_SIZES, Variant
from core.views import public_view, seat_view

MAX_BOT_MOVES = 1000  # far more than any hand needs; only stops a broken player


class RefusalCode(StrEnum):
    """Why a request changed nothing."""

    NO_GAME = "no-game"  # unknown or expired game
    NOT_A_PLAYER = "not-a-player"  # a press from someone who has no seat in the game
    STALE = "stale"  # an old button, or another press got there first
    GAME_OVER = "game-over"  # the game was finished or stopped
    GAME_RUNNING = "game-running"  # the chat already has an active game
    NOT_YOUR_TURN = "not-your-turn"
    INVALID = "invalid"  # forged input the engine refused
    BAD_OPTIONS = "bad-options"  # a game the engine cannot be set up with
    UNKNOWN_BUTTON = "unknown-button"  # callback data no handler understands
    # Group games
    SEAT_TAKEN = "seat-taken"  # someone sits there already
    GAME_FULL = "game-full"  # no free seat in the lobby
    ALREADY_SEATED = "already-seated"  # one seat per person
    NOT_SEATED = "not-seated"  # leaving a game one does not sit in
    NOT_ALLOWED = "not-allowed"  # only the lobby's creator or a group admin may
    NEEDS_PERSON = "needs-person"  # a game needs at least one person at the table
    TOO_MANY = "too-many"  # fewer seats than the people already seated
    LOBBY_CLOSED = "lobby-closed"  # the game has started (or was cancelled)
    NOT_BETWEEN_HANDS = "not-between-hands"  # a seat changes hands only between hands
    PRIVATE_CHAT = "private-chat"  # the bot may not write to this person yet


class RefusalError(Exception):
    """A request that changed nothing. `record` is the current game, when known,
    so the caller can show it again; `url` a link that resolves the refusal (the
    private chat to open first)."""

    def __init__(
        self, code: RefusalCode, record: GameRecord | None = None, *, url: str | None = None
    ) -> None:
        super().__init__(code.value)
        self.code = code
        self.record = record
        self.url = url


@dataclass(frozen=True, slots=True)
class Person:
    """A human player as the service needs them: no Telegram types."""

    user_id: int
    name: str
    language: str
    chat_id: int  # their private chat: where their game or hand message lives


@dataclass(frozen=True, slots=True)
class GameOptions:
    """What the /play menu chooses."""

    variant: Variant
    opponents: int
    level: Level
    target: int

    @property
    def n_players(self) -> int:
        return 1 + self.opponents


def opponent_choices(variant: Variant) -> list[int]:
    """How many bot opponents a person alone can have in `variant` (from `core`'s table).
    In Kozel the three are a partner and two opponents."""
    return sorted(n - 1 for n in HAND_SIZES[variant])


def default_players() -> dict[Level, BotPlayer]:
    """The bot players, the hard one with a wall-clock safety net (core reads no clock)."""
    return {level: player_for(level, clock=time.perf_counter) for level in Level}


def _utcnow() -> datetime:
    return datetime.now(UTC)


def human_seat(person: Person) -> HumanSeat:
    """The seat a person takes."""
    return HumanSeat(
        user_id=person.user_id,
        name=person.name[:NAME_LIMIT],
        language=person.language,
        chat_id=person.chat_id,
    )


_STALE_ENGINE_CODES = {ErrorCode.HAND_OVER, ErrorCode.MATCH_OVER, ErrorCode.HAND_NOT_OVER}


def _refusal_for(error: GameError, record: GameRecord) -> RefusalError:
    if error.code is ErrorCode.NOT_YOUR_TURN:
        return RefusalError(RefusalCode.NOT_YOUR_TURN, record)
    if error.code in _STALE_ENGINE_CODES:
        return RefusalError(RefusalCode.STALE, record)
    return RefusalError(RefusalCode.INVALID, record)


class GameService:
    """The use cases, over a `GameStorage` and a set of bot players."""

    def __init__(
        self,
        storage: GameStorage,
        players: Mapping[Level, BotPlayer],
        *,
        rng: random.Random | None = None,
        now: Callable[[], datetime] = _utcnow,
    ) -> None:
        self.storage = storage
        self._players = dict(players)
        self._rng = rng or random.SystemRandom()
        self._now = now

    def now(self) -> datetime:
        """The service's clock (injectable: tests move it by hand)."""
        return self._now()

    def new_seed(self) -> int:
        return self._rng.getrandbits(63)

    def new_game_id(self) -> str:
        return f"{self._rng.getrandbits(40):010x}"

    # -- reading ---------------------------------------------------------------------

    async def game_for_chat(self, chat_id: int) -> GameRecord | None:
        """The chat's latest game, active or not."""
        return await self.storage.load_for_chat(chat_id)

    async def active_game(self, chat_id: int) -> GameRecord | None:
        """The chat's game if it is still being played."""
        record = await self.game_for_chat(chat_id)
        return record if record is not None and record.is_active else None

    # -- creating ---------------------------------------------------------------------

    async def create(self, chat_id: int, person: Person, options: GameOptions) -> GameRecord:
        """Start a game for `person` against bots; the first bot moves are made."""
        try:
            level = Level(options.level)
            seed = self.new_seed()
            match, _ = Match.new(options.variant, options.n_players, options.target, seed=seed)
        except (GameError, ValueError) as exc:
            raise RefusalError(RefusalCode.BAD_OPTIONS) from exc
        seats: list[Seat] = [
            human_seat(person),
            *(BotSeat(level=level) for _ in range(options.opponents)),
        ]
        return await self._store_new(chat_id, seats, match, seed)

    async def rematch(self, game_id: str, user_id: int, version: int) -> GameRecord:
        """A new match with the same seats and settings, once the match is over."""
        record, _ = await self._checked(game_id, user_id, version, active=False)
        if record.status is not GameStatus.FINISHED:
            raise RefusalError(RefusalCode.STALE, record)
        settings = Match.from_dict(record.engine).settings
        seed = self.new_seed()
        match, _ = Match.new(settings.variant, settings.n_players, settings.target, seed=seed)
        seats = [
            s.model_copy(update={"log_mark": LogMark()}) if isinstance(s, HumanSeat) else s
            for s in record.seats
        ]
        group = None
        if record.group is not None:
            group = record.group.model_copy(update={"notices": [], "invite": False})
        return await self._store_new(record.chat_id, seats, match, seed, group)

    async def _store_new(
        self, chat_id: int, seats: list[Seat], match: Match, seed: int, group: Group | None = None
    ) -> GameRecord:
        now = self._now()
        record = GameRecord(
            game_id=self.new_game_id(),
            chat_id=chat_id,
            seats=seats,
            engine={},
            seed=seed,
            group=group,
            created_at=now,
            updated_at=now,
        )
        if group is None:  # a group's bots keep the pacer's pace
            await asyncio.to_thread(self._run_bots, record, match)
        return await self.store_new(self._with_match(record, match))

    async def store_new(self, record: GameRecord) -> GameRecord:
        """Store a new game as its chat's game; refused while the chat has a live one."""
        try:
            return await self.storage.create(record)
        except ChatBusyError as exc:
            current = await self.storage.load_for_chat(record.chat_id)
            raise RefusalError(RefusalCode.GAME_RUNNING, current) from exc
        except VersionConflictError as exc:
            current = await self.storage.load_for_chat(record.chat_id)
            raise RefusalError(RefusalCode.STALE, current) from exc

    # -- changing a game ----------------------------------------------------------------------

    async def play(
        self, game_id: str, user_id: int, version: int, tile: str, end: str | None
    ) -> GameRecord:
        """The user's move (untrusted input, checked by the engine), then, in a direct
        game, the bots' moves up to the next human decision."""
        record, seat = await self._checked(game_id, user_id, version)
        match = Match.from_dict(record.engine)
        seen = public_view(match)
        mark = LogMark(hand_no=seen.hand_no, index=len(seen.history))

        await self._step(record, match, lambda: match.play(seat, tile, end))
        seats = list(record.seats)
        seats[seat] = record.human(seat).model_copy(update={"log_mark": mark})
        return await self._save(record.model_copy(update={"seats": seats}), match)

    async def next_hand(self, game_id: str, user_id: int, version: int) -> GameRecord:
        """Deal the next hand once the previous one is over."""
        record, _ = await self._checked(game_id, user_id, version)
        match = Match.from_dict(record.engine)

        await self._step(record, match, match.next_hand)
        return await self._save(record, match)

    async def _step(self, record: GameRecord, match: Match, step: Callable[[], object]) -> None:
        """One engine step off the event loop, then, in a direct game, the bots' moves up
        to the next human decision; an engine refusal becomes a `RefusalError`."""

        def run() -> None:
            step()
            if record.group is None:
                self._run_bots(record, match)

        try:
            await asyncio.to_thread(run)
        except GameError as exc:
            raise _refusal_for(exc, record) from exc

    async def stop(self, game_id: str, user_id: int) -> GameRecord:
        """Abandon an active direct game (any of its human players may)."""
        record, _ = await self._checked(game_id, user_id, version=None)
        return await self._save_record(record.model_copy(update={"status": GameStatus.STOPPED}))

    async def bot_move(self, record: GameRecord) -> GameRecord:
        """One decision of the bot to move in a group game, saved (compare-and-set on
        `record.version`); the record unchanged when no bot is to move."""
        match = Match.from_dict(record.engine)
        seat = match.turn
        if not record.is_active or seat is None or not isinstance(record.seats[seat], BotSeat):
            return record
        await asyncio.to_thread(self._bot_decides, record, match, seat)
        return await self._save(record, match)

    async def set_language(self, chat_id: int, user_id: int, lang: str) -> list[GameRecord]:
        """The user's seats speak `lang` from now on: in the chat's live game and in every
        group game they sit in. Returns the records that changed."""
        game_ids = await self.storage.games_of(user_id)
        direct = await self.storage.load_for_chat(chat_id)
        if direct is not None and direct.game_id not in game_ids:
            game_ids.append(direct.game_id)
        changed = []
        for game_id in game_ids:
            record = await self.storage.load(game_id)
            if record is None or _speaking(record, user_id, lang) is record:
                continue  # gone, or nothing to change there
            with suppress(RefusalError):
                changed.append(await self.update(game_id, lambda r: _speaking(r, user_id, lang)))
        return changed

    async def update(
        self, game_id: str, change: Callable[[GameRecord], GameRecord], attempts: int = 5
    ) -> GameRecord:
        """Apply `change` (pure; it may raise `RefusalError`) to the latest record and save
        it; when another write got there first, load again and apply it again."""
        for _ in range(attempts):
            record = await self.storage.load(game_id)
            if record is None:
                raise RefusalError(RefusalCode.NO_GAME)
            changed = change(record)
            if changed is record:
                return record  # nothing to write
            try:
                return await self.storage.save(
                    changed.model_copy(update={"updated_at": self._now()})
                )
            except VersionConflictError:
                continue
        raise RefusalError(RefusalCode.STALE, await self.storage.load(game_id))

    # -- the steps ------------------------------------------------------------------------------

    async def _checked(
        self, game_id: str, user_id: int, version: int | None, *, active: bool = True
    ) -> tuple[GameRecord, int]:
        record = await self.storage.load(game_id)
        if record is None:
            raise RefusalError(RefusalCode.NO_GAME)
        seat = record.seat_of(user_id)
        if seat is None:
            raise RefusalError(RefusalCode.NOT_A_PLAYER)
        if version is not None and version != record.version:
            raise RefusalError(RefusalCode.STALE, record)
        if active and not record.is_active:
            raise RefusalError(RefusalCode.GAME_OVER, record)
        return record, seat

    def _run_bots(self, record: GameRecord, match: Match) -> None:
        """Let bot seats decide until a human must, or the hand is over."""
        for _ in range(MAX_BOT_MOVES):
            seat = match.turn
            if seat is None:
                return
            if not isinstance(record.seats[seat], BotSeat):
                return
            self._bot_decides(record, match, seat)
        raise RuntimeError(f"bots made {MAX_BOT_MOVES} moves without reaching a human")

    def _bot_decides(self, record: GameRecord, match: Match, seat: int) -> None:
        occupant = record.seats[seat]
        assert isinstance(occupant, BotSeat)
        # One rng per decision, derived from the game: a game can be replayed exactly.
        rng = decision_rng(record.seed, match.state.hand_no, len(match.state.decisions))
        tile, end = self._players[occupant.level].choose(seat_view(match, seat), rng)
        match.play(seat, tile, end)

    def _with_match(self, record: GameRecord, match: Match) -> GameRecord:
        status = GameStatus.FINISHED if match.match_over else record.status
        return record.model_copy(update={"engine": match.to_dict(), "status": status})

    async def _save(self, record: GameRecord, match: Match) -> GameRecord:
        return await self._save_record(self._with_match(record, match))

    async def _save_record(self, record: GameRecord) -> GameRecord:
        try:
            return await self.storage.save(record.model_copy(update={"updated_at": self._now()}))
        except VersionConflictError as exc:
            raise RefusalError(RefusalCode.STALE, await self.storage.load(record.game_id)) from exc


def _speaking(record: GameRecord, user_id: int, lang: str) -> GameRecord:
    """`record` with the user's seat (or lobby seat) in `lang`; itself if nothing changes."""
    if not record.is_live:
        return record
    seat = record.seat_of(user_id)
    if seat is not None and record.human(seat).language != lang:
        seats = list(record.seats)
        seats[seat] = record.human(seat).model_copy(update={"language": lang})
        return record.model_copy(update={"seats": seats})
    group = record.group
    if group is not None:
        for i, human in group.lobby_humans():
            if human.user_id == user_id and human.language != lang:
                lobby = list(group.lobby)
                lobby[i] = human.model_copy(update={"language": lang})
                return record.model_copy(
                    update={"group": group.model_copy(update={"lobby": lobby})}
                )
    return record
