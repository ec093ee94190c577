"""What happens at the table, in direct and group games: a direct game created, a
person's move, the next hand, a rematch, a direct game stopped; and the worker's steps
in a group game (a bot's decision, a move for a person whose timer ran out, the next
hand dealt by itself). The rules are `core`'s alone: this module only asks the engine
and the bot players.

A use case consumes the game it changes: its engine is changed in place. A press that
is refused because the game moved on shows the game again, so the player sees why.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.game import bots, timer
from bot.game.advice import Advisor
from bot.game.cases import TableCases
from bot.game.changes import stopped
from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.kinds import GROUP
from bot.game.notify import Show
from bot.game.options import GameOptions
from bot.game.people import Person
from bot.game.record import TableSettings
from bot.game.refusals import (
    RefusedOnError,
    check_current,
    in_chat,
    pressed,
    refusal_for,
)
from bot.game.seats import BotSeat, HumanSeat, LogMark, Seat, human_seat
from bot.game.state import Game, HandOver, InMatch, Playing
from core.engine import Match
from core.errors import GameError
from core.players import Level

# What a person's seat starts a new match with: its log, hints and coach note anew.
FRESH_MATCH = {"log_mark": LogMark(), "hints": 0, "hinted": None, "coach": None}


class Matches(TableCases):
    """The table's use cases (see the module's doc), over `Games` and the bot players;
    `advisor` (the expert of `players` by default) coaches the person of a direct game."""

    def __init__(self, games: Games, players: bots.Players, advisor: Advisor | None = None) -> None:
        super().__init__(games)
        self._players = players
        self._advisor = advisor or Advisor(players)

    # -- a person's presses -------------------------------------------------------------

    async def create(
        self, chat_id: int, person: Person, options: GameOptions, *, menu: int | None = None
    ) -> Game:
        """A direct game: `person` against bots; the bots' first moves are made. `menu`:
        the message of the menu that chose it, which becomes the game's message."""
        try:
            level = Level(options.level)
            settings = TableSettings(
                variant=options.variant,
                n_players=options.n_players,
                target=options.target,
                level=level,
            )
            match, seed = bots.new_match(settings, self._games.new_secret())
        except (GameError, ValueError) as exc:
            raise RefusalError(RefusalCode.BAD_OPTIONS) from exc
        seats: tuple[Seat, ...] = (
            human_seat(person),
            *(BotSeat(level=level) for _ in range(options.opponents)),
        )
        await self._run(seats, lambda: bots.run_bots(self._players, seats, seed, match))
        game = self._games.blank(chat_id, settings).with_match(match, seats, seed)
        return await self._games.create(game, Show(adopt=menu))

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
        try:
            return await self._play(game, seat, version, tile, end, chat_id, press)
        except RefusedOnError as refused:
            current = refused.current
            if current is not None and press is not None and pressed(current, user_id, press):
                await self._games.tell(current)  # saved by the same press, handed twice
                return current
            raise await self._shown_again(refused.refusal, current) from None
        except RefusalError as refusal:
            raise await self._shown_again(refusal, game) from None

    async def _play(
        self,
        game: Game,
        seat: int,
        version: int,
        tile: str,
        end: str | None,
        chat_id: int | None,
        press: str | None,
    ) -> Game:
        if version != game.version and press is not None and game.human(seat).press == press:
            await self._games.tell(game)  # saved by the same press, handed twice
            return game
        check_current(game, version)
        # A group player's hand is in their private chat, and maybe shown to them alone
        # in the group too: a move counts from either.
        if not (game.kind.hands_apart and chat_id == game.chat_id):
            in_chat(chat_id, game.human(seat).chat_id)
        state = game.state
        if not isinstance(state, Playing):
            raise RefusalError(RefusalCode.STALE)
        match = state.match
        mark = LogMark(hand_no=match.state.hand_no, index=len(match.state.log))
        person = [game.human(seat)]

        def step() -> None:
            if not game.kind.bots_in_the_press:
                match.play(seat, tile, end)
                return
            person[0] = self._coached(person[0], match, seat, state.seed, tile, end)
            match.play(seat, tile, end)
            bots.run_bots(self._players, state.seats, state.seed, match)

        await self._step(game, step, thread=game.kind.advised)
        seats = list(state.seats)
        moved_at = self._games.now().timestamp()
        seats[seat] = person[0].model_copy(
            update={"log_mark": mark, "timeouts": 0, "press": press, "moved_at": moved_at}
        )
        return await self._commit(game.with_match(match, tuple(seats), state.seed))

    async def next_hand(
        self, game_id: str, user_id: int, version: int, chat_id: int | None
    ) -> Game:
        """Deal the next hand once the previous one is over, pressed in the game's chat
        (`chat_id`); then, in a direct game, the bots play up to a person's decision."""
        game, _ = await self._seated(game_id, user_id)
        try:
            check_current(game, version)
            in_chat(chat_id, game.chat_id)
            state = game.state
            if not isinstance(state, HandOver):
                raise RefusalError(RefusalCode.STALE)
            match = state.match

            def step() -> None:
                match.next_hand()
                if game.kind.bots_in_the_press:
                    bots.run_bots(self._players, state.seats, state.seed, match)

            await self._step(game, step)
            return await self._commit(game.with_match(match, state.seats, state.seed))
        except RefusedOnError as refused:
            raise await self._shown_again(refused.refusal, refused.current) from None
        except RefusalError as refusal:
            raise await self._shown_again(refusal, game) from None

    async def rematch(self, game_id: str, user_id: int, version: int, chat_id: int | None) -> Game:
        """A new match with the same seats and settings, once the match is over; pressed
        in the game's chat (`chat_id`)."""
        game, _ = await self._seated(game_id, user_id)
        try:
            check_current(game, version, active=False)
            in_chat(chat_id, game.chat_id)
            state = game.state
            if not isinstance(state, InMatch) or game.is_active:
                raise RefusalError(RefusalCode.STALE)
        except RefusalError as refusal:
            raise await self._shown_again(refusal, game) from None
        settings = game.record.settings
        match, seed = bots.new_match(settings, self._games.new_secret())
        seats = tuple(
            s.model_copy(update=FRESH_MATCH) if isinstance(s, HumanSeat) else s for s in state.seats
        )
        group = game.record.group
        if game.kind.bots_in_the_press:
            await self._run(seats, lambda: bots.run_bots(self._players, seats, seed, match))
        else:
            group = game.side.model_copy(update={"notices": ()})
        fresh = self._games.blank(game.chat_id, settings, group=group)
        return await self._games.create(fresh.with_match(match, seats, seed))

    async def stop(self, game_id: str, user_id: int) -> Game:
        """Abandon a direct game that is being played (its person may); a group's game
        is stopped from its group (see `GroupGames.stop`)."""
        game, _ = await self._seated(game_id, user_id)
        check_current(game, None)
        if game.kind is GROUP:
            raise RefusalError(RefusalCode.NOT_ALLOWED)
        # An intent, not a press on a version: a move saved meanwhile does not undo it.
        return await self._games.update(game_id, stopped)

    # -- the worker's steps in a group game ---------------------------------------------

    async def bot_move(self, game: Game) -> Game:
        """One decision of the bot to move in a group game, saved (compare-and-set on
        `game.version`) and told; the game itself when no bot is to move."""
        state = game.state
        if not isinstance(state, Playing) or bots.bot_at(state.seats, state.turn) is None:
            return game
        match = state.match
        await self._run(
            state.seats,
            lambda: bots.decide(self._players, state.seats, state.seed, match, state.turn),
        )
        return await self._step_saved(game.with_match(match, state.seats, state.seed))

    async def timeout_move(self, game: Game) -> Game:
        """The person to move let their turn timer run out: a bot of the table's level
        moves for them (as `bot_move`); the game itself when no deadline has passed."""
        due = timer.deadline(game)
        state = game.state
        if due is None or due.expires_at > self._games.now().timestamp():
            return game
        assert isinstance(state, Playing)
        match = state.match
        before = len(match.state.results)
        seats = timer.stand_in(game, due.seat)
        await self._run(
            seats, lambda: bots.decide(self._players, seats, state.seed, match, due.seat)
        )
        return await self._step_saved(timer.timed_out(game, due.seat, match, before))

    async def deal_next(self, game: Game) -> Game:
        """Deal a group's next hand by itself, a while after the last one ended (as
        `bot_move`); the game itself when no hand is over."""
        state = game.state
        if not isinstance(state, HandOver) or not game.kind.deals_by_itself:
            return game
        match = state.match

        def step() -> None:
            match.next_hand()

        await self._step(game, step)
        return await self._step_saved(game.with_match(match, state.seats, state.seed))

    # -- the steps ------------------------------------------------------------------------------

    async def _step(self, game: Game, step: Callable[[], None], *, thread: bool = False) -> None:
        """One engine step (and the bots' replies); an engine refusal is a `RefusalError`.
        `thread`: in a worker thread whatever the bots (the step appraises a move)."""
        try:
            if thread:
                await asyncio.to_thread(step)
            else:
                await self._run(game.seats, step)
        except GameError as exc:
            raise refusal_for(exc) from exc

    def _coached(
        self, person: HumanSeat, match: Match, seat: int, seed: int, tile: str, end: str | None
    ) -> HumanSeat:
        """The person's seat with the coach's note on the move they are about to make
        (checked first: an illegal one is refused by the engine, unappraised)."""
        played = match.check(seat, tile, end)
        return self._advisor.coach(person, match, seat, seed, played)

    @staticmethod
    async def _run(seats: tuple[Seat | None, ...], work: Callable[[], None]) -> None:
        """Engine work inline, or in a worker thread when a hard bot will search."""
        if bots.thinks_long(seats):
            await asyncio.to_thread(work)
        else:
            work()
