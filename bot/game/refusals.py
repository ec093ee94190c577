"""Why a press at the table is refused: checks of the game it was made on, and the
engine's errors as refusals."""

from __future__ import annotations

from bot.game.errors import RefusalCode, RefusalError
from bot.game.state import Game
from core.errors import ErrorCode, GameError

STALE_ENGINE_CODES = {ErrorCode.HAND_OVER, ErrorCode.MATCH_OVER, ErrorCode.HAND_NOT_OVER}
# A refused press on a game that moved on shows the game again (another press got
# there first, or the hand moved on).
SHOWN_AGAIN = {RefusalCode.STALE, RefusalCode.GAME_OVER, RefusalCode.NOT_YOUR_TURN}


def refusal_for(error: GameError) -> RefusalError:
    if error.code is ErrorCode.NOT_YOUR_TURN:
        return RefusalError(RefusalCode.NOT_YOUR_TURN)
    if error.code in STALE_ENGINE_CODES:
        return RefusalError(RefusalCode.STALE)
    return RefusalError(RefusalCode.INVALID)


class RefusedOnError(Exception):
    """A save refused because another version was saved first: `current` is that one."""

    def __init__(self, refusal: RefusalError, current: Game | None) -> None:
        super().__init__(refusal.code.value)
        self.refusal = refusal
        self.current = current


def pressed(game: Game, user_id: int, press: str) -> bool:
    """Whether `game` was saved by `press` of `user_id`."""
    seat = game.seat_of(user_id)
    return seat is not None and game.human(seat).press == press


def check_current(game: Game, version: int | None, *, active: bool = True) -> None:
    """A press on the game as it is (`version`, None: any) and, when `active`, live."""
    if version is not None and version != game.version:
        raise RefusalError(RefusalCode.STALE)
    if active and not game.is_active:
        raise RefusalError(RefusalCode.GAME_OVER)


def in_chat(pressed_in: int | None, belongs_to: int) -> None:
    """A button works only in the chat its message was sent to."""
    if pressed_in != belongs_to:
        raise RefusalError(RefusalCode.WRONG_CHAT)
