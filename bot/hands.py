"""Each person's private message in a group game: their hand, the table as they may
see it, and their moves when it is their turn. Nobody else's hand is ever in it
(R8.2): it is rendered from that seat's own view."""

from __future__ import annotations

from bot import keyboards, render
from bot.content import Content
from bot.record import GameRecord, GameStatus
from bot.table import group_title
from core.engine import Match
from core.state import Phase
from core.tiles import format_tiles
from core.views import seat_view
from texts import Translate


def hand_content(record: GameRecord, user_id: int, t: Translate) -> Content:
    """What `user_id`'s private message for this game shows (they may have left it)."""
    title = group_title(record)
    seated = any(p.user_id == user_id for p in record.people())
    if record.status is GameStatus.LOBBY:
        if seated:
            return lobby_seat_content(record, t)
        return Content(t("private-not-seated", group=title), key="out")
    if not record.engine:
        return Content(t("private-cancelled", group=title), key="cancelled")
    seat = record.seat_of(user_id)
    if seat is None:
        return Content(t("private-not-seated", group=title), key="out")
    view = seat_view(Match.from_dict(record.engine), seat)
    blocks = [t("private-group", group=title), render.game_text(record, view, t)]
    if record.is_active and view.phase is Phase.HAND_OVER:
        blocks.append(t("private-next-hand"))
    elif record.status is GameStatus.FINISHED:
        blocks.append(t("private-rematch"))
    tiles = " ".join(format_tiles(view.hand))
    key = f"{record.status.value}:{view.hand_no}:{view.phase.value}:{tiles}"
    return Content("\n\n".join(blocks), keyboards.game_keyboard(record, view, t), key)


def lobby_seat_content(record: GameRecord, t: Translate) -> Content:
    """A lobby seat's private message: sent on joining, which also proves that the bot
    may write to the person."""
    return Content(t("private-lobby", group=group_title(record)), key="lobby")


def joining_content(record: GameRecord, t: Translate) -> Content:
    """Sent when a person takes a bot's seat: the pacer then shows their hand in it."""
    return Content(t("private-joining", group=group_title(record)), key="joining")
