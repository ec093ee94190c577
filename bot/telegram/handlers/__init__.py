"""One router per feature. `routers()` gives them in the order they must be tried:
the fallbacks (unknown buttons, chats the bot does not play in yet) come last."""

from __future__ import annotations

from aiogram import Router

from bot.telegram.handlers import (
    board,
    deal,
    errors,
    forget,
    group,
    group_language,
    history,
    invite,
    join,
    lang,
    look,
    membership,
    moves,
    own_hand,
    play,
    rules,
    score,
    start,
    stats,
    stop,
    verify,
)


def routers() -> list[Router]:
    """New routers for one dispatcher, in the order they are tried."""
    return [
        membership.create_router(),
        group.create_router(),
        join.create_router(),
        group_language.create_router(),
        start.create_router(),
        play.create_router(),
        moves.create_router(),
        own_hand.create_router(),
        invite.create_router(),
        score.create_router(),
        board.create_router(),
        history.create_router(),
        stats.create_router(),
        forget.create_router(),
        rules.create_router(),
        deal.create_router(),
        verify.create_router(),
        lang.create_router(),
        look.create_router(),
        stop.create_router(),
        errors.create_fallback_router(),
    ]
