"""Hints and the coach in words: the 💡 button's answer, the coach's line under a
direct game's hand result, and the hints counted under its match result. Moves read
as their buttons did: `◀ 2|5` joins 5 on the left."""

from __future__ import annotations

from bot.game.advice import Hint
from bot.game.seats import CoachNote, HumanSeat
from core.engine import Move
from core.line import End
from core.tiles import Tile
from texts import Translate
from texts.render import move_label


def hint_text(hint: Hint, t: Translate) -> str:
    """The 💡 button's answer (an alert: plain text, 200 characters at most)."""
    move = move_label(hint.best, hint.ends)
    if hint.runner_up is None:
        return t("hint-only", move=move)
    following = move_label(hint.runner_up, hint.ends)
    points = _points(hint.margin)
    if points <= 0:
        return t("hint-even", move=move, next=following)
    return t("hint-best", move=move, next=following, points=points)


def coach_line(person: HumanSeat, hand_no: int, t: Translate) -> str | None:
    """The coach's line on hand `hand_no`, when one of the person's moves in it cost
    more than the coach's threshold."""
    note = person.coach
    if note is None or note.hand_no != hand_no:
        return None
    return t(
        "coach-line",
        move=_label(note.played, note),
        better=_label(note.better, note),
        points=_points(note.cost),
    )


def hints_line(person: HumanSeat, t: Translate) -> str:
    """The hints the person asked in the match."""
    return t("hints-used", count=person.hints)


def _label(stored: tuple[str, str | None], note: CoachNote) -> str:
    tile, end = stored
    move: Move = (Tile.parse(tile), None if end is None else End(end))
    return move_label(move, note.ends)


def _points(value: float) -> int | float:
    """A number of points to one decimal; whole ones as integers, so that their plural
    form is the integer's ("5 очков", not the fraction's "5,0 очка")."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded
