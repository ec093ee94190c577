"""What the table's use cases share (`Matches`, `Hints`): the game and the person's
seat a press names, a change saved, and the game shown again after a refused press."""

from __future__ import annotations

from bot.game.errors import RefusalCode, RefusalError
from bot.game.games import Games
from bot.game.ports import VersionConflictError
from bot.game.refusals import SHOWN_AGAIN, RefusedOnError
from bot.game.state import Game, Lobby


class TableCases:
    def __init__(self, games: Games) -> None:
        self._games = games

    async def _seated(self, game_id: str, user_id: int) -> tuple[Game, int]:
        """The game and the seat of `user_id` at its table (a lobby seats no player yet)."""
        game = await self._games.get(game_id)
        if game is None:
            raise RefusalError(RefusalCode.NO_GAME)
        seat = game.seat_of(user_id)
        if seat is None or isinstance(game.state, Lobby):
            raise RefusalError(RefusalCode.NOT_A_PLAYER)
        return game, seat

    async def _commit(self, game: Game) -> Game:
        """Save and tell; a conflicting write is a refusal that knows the game now."""
        try:
            return await self._games.commit(game)
        except VersionConflictError as conflict:
            raise RefusedOnError(RefusalError(RefusalCode.STALE), conflict.current) from None

    async def _step_saved(self, game: Game) -> Game:
        """A worker's step saved and told; another version saved first is a refusal."""
        try:
            return await self._games.commit(game)
        except VersionConflictError as exc:
            raise RefusalError(RefusalCode.STALE) from exc

    async def _shown_again(self, refusal: RefusalError, game: Game | None) -> RefusalError:
        """A press refused on a game that moved on: the game is shown as it is now."""
        if refusal.code in SHOWN_AGAIN and game is not None:
            await self._games.tell(game)
        return refusal
