"""Use cases every game shares, and the direct game's (one person against bots in a
private chat): create, play a move, deal the next hand, rematch, stop, a group bot's
one decision, a person's language. No aiogram types, no Redis: a `GameRepository`.

Every change is load -> check -> apply through `core` -> compare-and-set save, and
returns the new `Game`: the engine is rebuilt once, at the load. The rules are
`core`'s alone: this module only asks the engine and the bot players.

A use case consumes the game it changes: its engine is changed in place.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial

from bot.game import bots, timer
from bot.game.errors import RefusalCode, RefusalError
from bot.game.people import Person
from bot.game.ports import ChatBusyError, GameRepository, VersionConflictError
from bot.game.record import GameRecord, LobbyStage, MatchStage, StoppedStage, TableSettings
from bot.game.seats import BotSeat, HumanSeat, LogMark, Seat, human_seat
from bot.game.state import Game, HandOver, InMatch, Lobby, Playing
from core.deal import SECRET_BYTES
from core.errors import ErrorCode, GameError
from core.players import Level
from core.variants import HAND_SIZES, Variant

ATTEMPTS = 5  # writes retried on a conflict by `update` before giving up


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


def _utcnow() -> datetime:
    return datetime.now(UTC)


_STALE_ENGINE_CODES = {ErrorCode.HAND_OVER, ErrorCode.MATCH_OVER, ErrorCode.HAND_NOT_OVER}


def _refusal_for(error: GameError) -> RefusalError:
    if error.code is ErrorCode.NOT_YOUR_TURN:
        return RefusalError(RefusalCode.NOT_YOUR_TURN)
    if error.code in _STALE_ENGINE_CODES:
        return RefusalError(RefusalCode.STALE)
    return RefusalError(RefusalCode.INVALID)


class Games:
    """The use cases of every game, over a `GameRepository` and the bot players."""

    def __init__(
        self,
        store: GameRepository,
        players: bots.Players,
        *,
        rng: random.Random | None = None,
        now: Callable[[], datetime] = _utcnow,
    ) -> None:
        self._store = store
        self._players = players
        self._rng = rng or random.SystemRandom()
        # Tests inject `rng` to deal the same matches again; the bot draws from the OS.
        self._secret: Callable[[], bytes] = partial(
            secrets.token_bytes if rng is None else rng.randbytes, SECRET_BYTES
        )
        self._now = now

    def now(self) -> datetime:
        """The clock of the use cases (tests move it by hand)."""
        return self._now()

    def new_secret(self) -> bytes:
        """A match secret (256 bits): every deal of the match and its bots' chance
        derive from it, and it is never shown (`core.fair`)."""
        return self._secret()

    def new_game_id(self, chat_id: int) -> str:
        """An id for a new game of `chat_id`, as the store places it."""
        return self._store.new_id(chat_id, self._rng)

    # -- reading ---------------------------------------------------------------------

    async def get(self, game_id: str) -> Game | None:
        """The game, whatever its state."""
        return await self._store.load(game_id)

    async def for_chat(self, chat_id: int) -> Game | None:
        """The chat's latest game, live or not."""
        return await self._store.load_for_chat(chat_id)

    async def live_for_chat(self, chat_id: int) -> Game | None:
        """The chat's game while it is open or being played."""
        game = await self.for_chat(chat_id)
        return game if game is not None and game.is_live else None

    async def of_person(self, chat_id: int, user_id: int) -> Game | None:
        """The game a person's private chat `chat_id` is about: their direct game or a
        group game they sit in, a live one first, then the one changed last."""
        found: dict[str, Game] = {}
        direct = await self.for_chat(chat_id)
        if direct is not None:
            found[direct.game_id] = direct
        for game_id in await self._store.games_of(user_id):
            game = await self._store.load(game_id) if game_id not in found else None
            if game is not None and game.seat_of(user_id) is not None:
                found[game_id] = game
        return max(found.values(), key=lambda g: (g.is_live, g.record.updated_at), default=None)

    # -- creating ---------------------------------------------------------------------

    async def create(self, chat_id: int, person: Person, options: GameOptions) -> Game:
        """A direct game: `person` against bots; the bots' first moves are made."""
        try:
            level = Level(options.level)
            settings = TableSettings(
                variant=options.variant,
                n_players=options.n_players,
                target=options.target,
                level=level,
            )
            match, seed = bots.new_match(settings, self.new_secret())
        except (GameError, ValueError) as exc:
            raise RefusalError(RefusalCode.BAD_OPTIONS) from exc
        seats: tuple[Seat, ...] = (
            human_seat(person),
            *(BotSeat(level=level) for _ in range(options.opponents)),
        )
        await self._run(seats, lambda: bots.run_bots(self._players, seats, seed, match))
        return await self.store_new(self.blank(chat_id, settings).with_match(match, seats, seed))

    def blank(self, chat_id: int, settings: TableSettings, **fields: object) -> Game:
        """A new game record in `chat_id`, still to be staged (see `Game.changed`)."""
        now = self._now()
        record = GameRecord.model_validate(
            {
                "game_id": self.new_game_id(chat_id),
                "chat_id": chat_id,
                "settings": settings,
                "stage": LobbyStage(seats=()),
                "created_at": now,
                "updated_at": now,
                **fields,
            }
        )
        return Game.load(record)

    async def rematch(self, game_id: str, user_id: int, version: int, chat_id: int | None) -> Game:
        """A new match with the same seats and settings, once the match is over; pressed
        in the game's chat (`chat_id`)."""
        game, _ = await self._checked(game_id, user_id, version, active=False)
        _in_chat(chat_id, game.chat_id)
        state = game.state
        if not isinstance(state, InMatch) or game.is_active:
            raise RefusalError(RefusalCode.STALE)
        settings = game.record.settings
        match, seed = bots.new_match(settings, self.new_secret())
        seats = tuple(
            s.model_copy(update={"log_mark": LogMark()}) if isinstance(s, HumanSeat) else s
            for s in state.seats
        )
        group = game.record.group
        if group is not None:
            group = group.model_copy(update={"notices": ()})
        else:
            await self._run(seats, lambda: bots.run_bots(self._players, seats, seed, match))
        fresh = self.blank(game.chat_id, settings, group=group)
        return await self.store_new(fresh.with_match(match, seats, seed))

    async def store_new(self, game: Game) -> Game:
        """Store a new game as its chat's game; refused while the chat has a live one."""
        try:
            return await self._store.create(game)
        except ChatBusyError as exc:
            raise RefusalError(RefusalCode.GAME_RUNNING) from exc
        except VersionConflictError as exc:
            raise RefusalError(RefusalCode.STALE) from exc

    # -- changing a game ----------------------------------------------------------------------

    async def play(
        self,
        game_id: str,
        user_id: int,
        version: int,
        tile: str,
        end: str | None,
        chat_id: int | None,
        press: str | None = None,
    ) -> Game:
        """The person's move (untrusted input, checked by the engine), pressed in their
        private chat (`chat_id`), then, in a direct game, the bots' moves up to the next
        decision of a person. `press` names the press: handed again once its move is
        saved, it gets the game as it is, the move made once."""
        game, seat = await self._seated(game_id, user_id)
        if version != game.version and press is not None and game.human(seat).press == press:
            return game
        _check_current(game, version)
        _in_chat(chat_id, game.human(seat).chat_id)
        state = game.state
        if not isinstance(state, Playing):
            raise RefusalError(RefusalCode.STALE)
        match = state.match
        mark = LogMark(hand_no=match.state.hand_no, index=len(match.state.log))

        def step() -> None:
            match.play(seat, tile, end)
            if not game.in_group:
                bots.run_bots(self._players, state.seats, state.seed, match)

        await self._step(game, step)
        seats = list(state.seats)
        seats[seat] = game.human(seat).model_copy(
            update={"log_mark": mark, "timeouts": 0, "press": press}
        )
        return await self._save(game.with_match(match, tuple(seats), state.seed))

    async def next_hand(
        self, game_id: str, user_id: int, version: int, chat_id: int | None
    ) -> Game:
        """Deal the next hand once the previous one is over, pressed in the game's chat
        (`chat_id`); then, in a direct game, the bots play up to a person's decision."""
        game, _ = await self._checked(game_id, user_id, version)
        _in_chat(chat_id, game.chat_id)
        state = game.state
        if not isinstance(state, HandOver):
            raise RefusalError(RefusalCode.STALE)
        match = state.match

        def step() -> None:
            match.next_hand()
            if not game.in_group:
                bots.run_bots(self._players, state.seats, state.seed, match)

        await self._step(game, step)
        return await self._save(game.with_match(match, state.seats, state.seed))

    async def stop(self, game_id: str, user_id: int) -> Game:
        """Abandon a direct game that is being played (its person may); a group's game
        is stopped from its group (see `GroupGames.stop`)."""
        game, _ = await self._checked(game_id, user_id, version=None)
        if game.in_group:
            raise RefusalError(RefusalCode.NOT_ALLOWED)
        return await self._save(stopped(game))

    async def bot_move(self, game: Game) -> Game:
        """One decision of the bot to move in a group game, saved (compare-and-set on
        `game.version`); the game itself when no bot is to move."""
        state = game.state
        if not isinstance(state, Playing) or bots.bot_at(state.seats, state.turn) is None:
            return game
        match = state.match
        await self._run(
            state.seats,
            lambda: bots.decide(self._players, state.seats, state.seed, match, state.turn),
        )
        return await self._save(game.with_match(match, state.seats, state.seed))

    async def timeout_move(self, game: Game) -> Game:
        """The person to move let their turn timer run out: a bot of the table's level
        moves for them (compare-and-set on `game.version`); the game itself when no
        deadline has passed."""
        due = timer.deadline(game)
        state = game.state
        if due is None or due.expires_at > self.now().timestamp():
            return game
        assert isinstance(state, Playing)
        match = state.match
        before = len(match.state.results)
        seats = timer.stand_in(game, due.seat)
        await self._run(
            seats, lambda: bots.decide(self._players, seats, state.seed, match, due.seat)
        )
        return await self._save(timer.timed_out(game, due.seat, match, before))

    async def deal_next(self, game: Game) -> Game:
        """Deal a group's next hand by itself, a while after the last one's result was
        told (compare-and-set on `game.version`); the game itself when no hand is over."""
        state = game.state
        if not isinstance(state, HandOver) or not game.in_group:
            return game
        match = state.match

        def step() -> None:
            match.next_hand()

        await self._step(game, step)
        return await self._save(game.with_match(match, state.seats, state.seed))

    async def set_language(self, chat_id: int, user_id: int, lang: str) -> list[Game]:
        """The person's seats speak `lang` from now on: in the chat's live game and in
        every group game they sit in. Returns the games that changed."""
        game_ids = await self._store.games_of(user_id)
        direct = await self._store.load_for_chat(chat_id)
        if direct is not None and direct.game_id not in game_ids:
            game_ids.append(direct.game_id)
        changed = []
        for game_id in game_ids:
            game = await self._store.load(game_id)
            if game is None or speaking(game, user_id, lang) is game:
                continue  # gone, or nothing to change there
            with suppress(RefusalError):
                changed.append(await self.update(game_id, lambda g: speaking(g, user_id, lang)))
        return changed

    async def update(self, game_id: str, change: Callable[[Game], Game]) -> Game:
        """Apply `change` (pure; it may raise `RefusalError`; it returns the game itself
        when there is nothing to change) to the latest game and save it, again on a
        conflicting write. Returns the latest game."""
        for _ in range(ATTEMPTS):
            game = await self._store.load(game_id)
            if game is None:
                raise RefusalError(RefusalCode.NO_GAME)
            changed = change(game)
            if changed is game:
                return game
            try:
                return await self._store.save(changed.changed_at(self._now()))
            except VersionConflictError:
                continue
        raise RefusalError(RefusalCode.STALE)

    # -- the steps ------------------------------------------------------------------------------

    async def _checked(
        self, game_id: str, user_id: int, version: int | None, *, active: bool = True
    ) -> tuple[Game, int]:
        game, seat = await self._seated(game_id, user_id)
        _check_current(game, version, active=active)
        return game, seat

    async def _seated(self, game_id: str, user_id: int) -> tuple[Game, int]:
        """The game and the seat of `user_id` at its table (a lobby seats no player yet)."""
        game = await self._store.load(game_id)
        if game is None:
            raise RefusalError(RefusalCode.NO_GAME)
        seat = game.seat_of(user_id)
        if seat is None or isinstance(game.state, Lobby):
            raise RefusalError(RefusalCode.NOT_A_PLAYER)
        return game, seat

    async def _step(self, game: Game, step: Callable[[], None]) -> None:
        """One engine step (and the bots' replies); an engine refusal is a `RefusalError`."""
        try:
            await self._run(game.seats, step)
        except GameError as exc:
            raise _refusal_for(exc) from exc

    @staticmethod
    async def _run(seats: tuple[Seat | None, ...], work: Callable[[], None]) -> None:
        """Engine work inline, or in a worker thread when a hard bot will search."""
        if bots.thinks_long(seats):
            await asyncio.to_thread(work)
        else:
            work()

    async def _save(self, game: Game) -> Game:
        try:
            return await self._store.save(game.changed_at(self._now()))
        except VersionConflictError as exc:
            raise RefusalError(RefusalCode.STALE) from exc


def _check_current(game: Game, version: int | None, *, active: bool = True) -> None:
    """A press on the game as it is (`version`, None: any) and, when `active`, live."""
    if version is not None and version != game.version:
        raise RefusalError(RefusalCode.STALE)
    if active and not game.is_active:
        raise RefusalError(RefusalCode.GAME_OVER)


def _in_chat(pressed_in: int | None, belongs_to: int) -> None:
    """A button works only in the chat its message was sent to."""
    if pressed_in != belongs_to:
        raise RefusalError(RefusalCode.WRONG_CHAT)


def stopped(game: Game) -> Game:
    """The game stopped where it stands; refused when it is not live."""
    stage = game.record.stage
    if not game.is_live or isinstance(stage, StoppedStage):
        raise RefusalError(RefusalCode.GAME_OVER)
    return game.changed(StoppedStage(was=stage), game.match)


def speaking(game: Game, user_id: int, lang: str) -> Game:
    """`game` with the person's seat (or lobby seat) in `lang`; itself if nothing changes."""
    if not game.is_live:
        return game
    seat = game.seat_of(user_id)
    if seat is None or game.human(seat).language == lang:
        return game
    seats = list(game.seats)
    seats[seat] = game.human(seat).model_copy(update={"language": lang})
    state = game.state
    if isinstance(state, Lobby):
        return game.changed(LobbyStage(seats=tuple(seats), invite=state.invite))
    assert isinstance(state, InMatch)
    stage = game.record.stage
    assert isinstance(stage, MatchStage)
    taken = tuple(s for s in seats if s is not None)
    return game.changed(stage.model_copy(update={"seats": taken}), state.match)
