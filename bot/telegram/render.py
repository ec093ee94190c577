"""A game -> Telegram HTML: names of the game's seats (people escaped, with
mentions), the direct game's message and the /score reply. Views become text in
`texts.render`; every user-supplied string goes through `html.escape` here first."""

from __future__ import annotations

import html
import unicodedata

from bot.game.seats import NAME_LIMIT, BotSeat
from bot.game.state import Game, Stopped
from core.state import Phase
from core.views import PublicView, SeatView
from texts import Translate
from texts.render import (
    Names,
    events_since,
    hand_summary,
    header,
    log_lines,
    match_summary,
    prompt,
    scores_line,
    table_lines,
    tiles_text,
)

# A name must not turn the rest of the message right-to-left.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def plain_name(name: str) -> str:
    """A display name made safe to show (a button's label is plain text): control
    characters dropped, length capped."""
    spaced = " ".join(name.split())  # line breaks and tabs become single spaces
    cleaned = "".join(
        c for c in spaced if unicodedata.category(c) != "Cc" and c not in _BIDI_CONTROLS
    ).strip()[:NAME_LIMIT]
    return cleaned or "?"


def escape_name(name: str) -> str:
    """A display name made safe for Telegram HTML: `plain_name`, markup escaped."""
    return html.escape(plain_name(name), quote=False)


def mention(user_id: int, name: str) -> str:
    """A name that notifies its owner: a link to the user."""
    return f'<a href="tg://user?id={int(user_id)}">{escape_name(name)}</a>'


def bot_number(game: Game, seat: int) -> int:
    """A bot's number: its seat, counted from 1 in a group (where seat 0 may be a bot);
    from 0 in a direct game, where the person sits at seat 0."""
    return seat + 1 if game.in_group else seat


class RecordNames(Names):
    """The game's seats as one viewer names them: bots by number, people by their
    escaped name, and mentions of people where a text should notify them."""

    def __init__(self, game: Game, viewer: int | None, t: Translate) -> None:
        labels = [
            escape_name(occupant.name)
            if occupant is not None and not isinstance(occupant, BotSeat)
            else t("bot-name", n=bot_number(game, seat))
            for seat, occupant in enumerate(game.seats)
        ]
        super().__init__(labels, viewer, t)
        self._game, self._viewer = game, viewer

    def mention(self, seat: int) -> str:
        """The seat's name, as a mention when it is a person's."""
        occupant = self._game.seats[seat]
        if occupant is None or isinstance(occupant, BotSeat) or seat == self._viewer:
            return self(seat)
        return mention(occupant.user_id, occupant.name)


def game_text(game: Game, view: SeatView, t: Translate) -> str:
    """The whole game message for the person at `view.seat`."""
    names = RecordNames(game, view.seat, t)
    human = game.human(view.seat)
    blocks = ["\n".join(table_lines(view, names, t))]
    since = events_since(view, human.log_mark.hand_no, human.log_mark.index)
    log = log_lines(since, names, t)
    if log:
        blocks.append("<i>" + "\n".join(log) + "</i>")
    if isinstance(game.state, Stopped):
        blocks.append(t("game-stopped"))
    elif view.revealed is not None:
        blocks.append(hand_summary(view, view.revealed, names, t))
        if view.match_result is not None:
            blocks.append(match_summary(view, view.match_result, names, t))
    if view.phase is Phase.PLAYING:
        blocks.append(t("your-hand", tiles=tiles_text(view.hand)))
        if game.is_active:
            blocks.append(prompt(view, names, t))
    return "\n\n".join(blocks)


def score_text(game: Game, view: PublicView, viewer: int | None, t: Translate) -> str:
    """The /score reply: the table without anyone's hand."""
    names = RecordNames(game, viewer, t)
    lines = [header(view, t), scores_line(view, names, t)]
    if view.turn is not None:
        lines.append(
            t("your-turn-now") if view.turn == viewer else t("waiting-for", name=names(view.turn))
        )
    elif view.match_result is not None:
        lines.append(match_summary(view, view.match_result, names, t))
    return "\n".join(lines)
