"""The first line of a game message: the news for the person who reads it, which is
what a notification and a chat list show of it. While a hand is played: what the
last player did and whose move it is ("Alex plays 4|5 · your move: ends 2 and 6");
once it is over: how it ended; once the match is over: who lost or won."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.engine import Move
from core.events import Drew, Event, HandStarted, Passed, Played, Redealt
from core.state import Phase
from core.views import PublicView, SeatView
from texts import Translate
from texts.render import (
    Names,
    hand_headline,
    laid,
    match_headline,
    move_label,
    tile_text,
    upper_first,
)


def news_line(
    view: PublicView,
    names: Names,
    t: Translate,
    since: Sequence[Event],
    *,
    mention: Callable[[int], str] | None = None,
) -> str:
    """The news for `names`' viewer (a seat's view, or the group's public one): the
    last thing someone else did among `since`, then whose move it is; or how the hand
    or the match ended. `mention` names the seat to move where a text should notify it."""
    if view.match_result is not None:
        return match_headline(view, view.match_result, names, t)
    if view.phase is not Phase.PLAYING:
        return hand_headline(view, view.results[-1], names, t) if view.results else ""
    if view.turn is None:
        return ""
    viewer = view.seat if isinstance(view, SeatView) else None
    what = _last_action(since, viewer, names, t)
    turn = _turn(view, t, mention or names)
    if what:
        return t("news-join", what=what, turn=turn)
    return upper_first(turn)


def _turn(view: PublicView, t: Translate, name_of: Callable[[int], str]) -> str:
    turn = view.turn
    assert turn is not None
    if not isinstance(view, SeatView) or turn != view.seat:
        return t("news-turn", name=name_of(turn))
    if not view.line or view.ends is None:
        return t("news-your-lead")
    only = forced_move(view)
    if only is not None:
        return t("news-your-only", tile=move_label(only, view.ends))
    return t("news-your-move", left=view.ends[0], right=view.ends[1])


def forced_move(view: SeatView) -> Move | None:
    """The seat's one legal move, when it has no other choice (a lead is always free)."""
    if len(view.legal_moves) != 1 or not view.line:
        return None
    return view.legal_moves[0]


def _last_action(
    events: Sequence[Event], viewer: int | None, names: Names, t: Translate
) -> str | None:
    """The latest thing a seat other than the viewer did (the viewer knows their own)."""
    for event in reversed(events):
        if isinstance(event, HandStarted):
            return t("news-dealt", hand=event.hand_no)
        if isinstance(event, Redealt):
            return t("news-redealt", **names.args(event.seat))
        if not isinstance(event, Played | Passed | Drew) or event.seat == viewer:
            if isinstance(event, Played | Passed) and event.seat == viewer:
                return None  # nothing new since the viewer's own move
            continue
        if isinstance(event, Passed):
            return t("news-passed", **names.args(event.seat))
        if isinstance(event, Drew):
            continue  # a draw ends in a tile played or a pass, told instead
        return t("news-played", **names.args(event.seat), tile=tile_text(laid(event)))
    return None
