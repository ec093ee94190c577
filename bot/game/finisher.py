"""Every finished match is handed to each record keeper (stats, history) until each
has it: the save that gave the match its result also put it on the set of matches to
record (`bot.store.finished`), and the match leaves the set only once every keeper
took it. A keeper must take a match any number of times and count it once (keyed by
the game id), because a process may die after a keeper and before the set is told,
and two processes may hand the same match at once."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

from bot.game.games import Games
from bot.game.kinds import GROUP
from bot.game.ports import FinishedMatches
from bot.game.state import Finished, Game

log = logging.getLogger(__name__)


class Keeper(Protocol):
    """Records a finished match, once however many times it is handed."""

    async def keep(self, game: Game) -> None: ...


class Finisher:
    """Hands the matches to record to every keeper."""

    def __init__(
        self, games: Games, finished: FinishedMatches, keepers: Sequence[Keeper] = ()
    ) -> None:
        self._games = games
        self._finished = finished
        self.keepers = list(keepers)

    async def run(self) -> int:
        """Record every pending match; returns how many left the set. A keeper's failure
        leaves its match on the set for the next run."""
        recorded = 0
        for game_id in await self._finished.pending():
            game = await self._games.get(game_id)
            if game is not None and isinstance(game.state, Finished):
                try:
                    for keeper in self.keepers:
                        await keeper.keep(game)
                except Exception:
                    log.exception("finisher: match %s not recorded; trying again later", game_id)
                    continue
                if game.kind is GROUP:
                    await self._games.tell(game)  # its group is told the records' line
            await self._finished.done(game_id)  # recorded, or expired: nothing to record
            recorded += 1
        return recorded
