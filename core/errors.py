"""Precise, machine-readable errors. No user-facing text lives here: the bot maps
each code to a message in the player's language."""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """Why a request was refused."""

    BAD_TILE = "bad_tile"
    BAD_END = "bad_end"
    BAD_SEAT = "bad_seat"
    BAD_SETTINGS = "bad_settings"
    BAD_DEAL = "bad_deal"
    BAD_STATE = "bad_state"
    NOT_YOUR_TURN = "not_your_turn"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    TILE_DOES_NOT_FIT = "tile_does_not_fit"
    END_REQUIRED = "end_required"
    MUST_PLAY_DRAWN_TILE = "must_play_drawn_tile"
    MUST_LEAD_TILE = "must_lead_tile"
    HAND_OVER = "hand_over"
    HAND_NOT_OVER = "hand_not_over"
    MATCH_OVER = "match_over"
    DEALER_EXHAUSTED = "dealer_exhausted"


class GameError(ValueError):
    """A refused request. `code` says why; the message is for logs and developers."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code.value}: {message}")
        self.code = code
