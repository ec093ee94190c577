"""Why a request changed nothing: the refusals every layer shares. A leaf module."""

from __future__ import annotations

from enum import StrEnum


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
    WRONG_CHAT = "wrong-chat"  # a button pressed elsewhere than on the message it was for
    NOT_A_MEMBER = "not-a-member"  # joining a group's game from outside the group
    ADMINS_ONLY = "admins-only"  # only a group admin may, the group having no live game


class RefusalError(Exception):
    """A request that changed nothing; `url` is a link that resolves the refusal (the
    private chat to open first)."""

    def __init__(self, code: RefusalCode, *, url: str | None = None) -> None:
        super().__init__(code.value)
        self.code = code
        self.url = url
