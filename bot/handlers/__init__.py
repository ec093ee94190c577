"""One router per feature. `routers()` gives them in the order they must be tried:
the fallbacks (unknown buttons, chats the bot does not play in yet) come last."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import errors, lang, moves, play, rules, score, start, stop


def routers() -> list[Router]:
    return [
        errors.group_router,
        start.router,
        play.router,
        moves.router,
        score.router,
        rules.router,
        lang.router,
        stop.router,
        errors.fallback_router,
    ]
