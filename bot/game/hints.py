"""The 💡 button of a direct game: what the expert would play in the person's place,
and by how many expected points it prefers that move (see `bot.game.advice`). Each
decision a person asks about counts once among the match's hints."""

from __future__ import annotations

import asyncio

from bot.game import advice
from bot.game.advice import Advisor, Hint
from bot.game.cases import TableCases
from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.refusals import RefusedOnError, check_current, in_chat
from bot.game.state import Playing


class Hints(TableCases):
    def __init__(self, games: Games, advisor: Advisor) -> None:
        super().__init__(games)
        self._advisor = advisor

    async def hint(self, game_id: str, user_id: int, version: int, chat_id: int | None) -> Hint:
        """The hint for the person's decision in a direct game, asked from their chat
        (`chat_id`) on the game as it is (`version`); the first ask is counted."""
        game, seat = await self._seated(game_id, user_id)
        try:
            check_current(game, version)
            in_chat(chat_id, game.chat_id)
            state = game.state
            if not game.kind.advised:
                raise RefusalError(RefusalCode.NOT_ALLOWED)
            if not isinstance(state, Playing) or state.turn != seat:
                raise RefusalError(RefusalCode.STALE)
            match = state.match
            found = await asyncio.to_thread(self._advisor.hint, match, seat, state.seed)
            person = game.human(seat)
            counted = advice.hinted(person, advice.decision_key(match))
            if counted is not person:
                seats = list(state.seats)
                seats[seat] = counted
                await self._commit(game.with_match(match, tuple(seats), state.seed))
            return found
        except RefusedOnError as refused:
            raise await self._shown_again(refused.refusal, refused.current) from None
        except RefusalError as refusal:
            raise await self._shown_again(refusal, game) from None
