"""What a button asks for, beyond a move. Short values: they travel in callback data.
A leaf module."""

from __future__ import annotations

from enum import StrEnum


class GameAction(StrEnum):
    NEXT_HAND = "next"
    REMATCH = "again"


class GroupAction(StrEnum):
    """What a group button asks for (short values: they travel in callback data)."""

    SEAT = "seat"  # a seat's button: sit there, leave it, or remove its bot
    JOIN = "join"
    LEAVE = "leave"
    BOT = "bot"  # add a bot
    LEVEL = "level"
    VARIANT = "var"
    PLAYERS = "n"
    TARGET = "to"
    START = "go"
    CANCEL = "stop"  # cancel the lobby, or stop the match (creator or admin)
    KEEP = "keep"  # "no, keep playing" on a stop confirmation
    TAKE = "take"  # take a bot's seat between hands
    TIMER = "timer"  # the lobby's turn timer, in seconds (the button's arg; -1: the next)
    BACK = "back"  # take one's seat back from the bot that kept it (a turn timer ran out)
    SETTINGS = "cfg"  # the lobby's message shows its settings
    SEATS = "main"  # ... and its seats again
