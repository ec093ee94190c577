"""Callback data factories (aiogram's `CallbackData`): typed, and refused past
Telegram's 64 bytes when packed. Everything in them is untrusted on the way back."""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData

from bot.game.actions import GameAction, GroupAction


class EndCode(StrEnum):
    """The end of the line a tile goes to, short to save callback bytes."""

    LEFT = "l"
    RIGHT = "r"
    NONE = "n"  # a lead, or a tile with one placement


class MoveData(CallbackData, prefix="mv"):
    """Lay `tile` at `end`, in game `game` as seen at `version`."""

    game: str
    version: int
    tile: str
    end: EndCode


class ActionData(CallbackData, prefix="gm"):
    """A game button that is not a move (next hand, rematch)."""

    game: str
    version: int
    action: GameAction


class GroupData(CallbackData, prefix="gp"):
    """A group game's button other than a move: lobby seats and settings, Start,
    Cancel, taking a bot's seat. No version: each is an intent on the latest game."""

    game: str
    action: GroupAction
    arg: int = -1  # a seat, for the actions that need one


class StopData(CallbackData, prefix="st"):
    """The /stop confirmation: abandon `game` or keep it."""

    game: str
    confirm: bool


class MenuData(CallbackData, prefix="pl"):
    """The /play menu so far; empty fields are still to choose."""

    variant: str = ""
    opponents: int = 0
    level: str = ""
    target: int = 0


class RulesData(CallbackData, prefix="ru"):
    variant: str


class LangData(CallbackData, prefix="lg"):
    lang: str
