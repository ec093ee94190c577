"""A game -> Telegram HTML: names of the game's seats (people's shortened, isolated
and escaped, with mentions), the direct game's message and the /score reply. Views
become text in `texts.render`; every user-supplied string goes through `html.escape`
here first."""

from __future__ import annotations

import html
import unicodedata

from bot.game.seats import NAME_LIMIT, BotSeat
from bot.game.state import Game, Stopped
from bot.telegram.render.advice import coach_line, hints_line
from bot.telegram.render.captions import Block, fit
from core.events import HandResult
from core.state import Phase
from core.views import PublicView, SeatView
from texts import Translate
from texts.news import news_line
from texts.render import (
    Names,
    caption_lines,
    deal_secret,
    events_since,
    hand_summary,
    header,
    log_lines,
    match_summary,
    score_sheet,
    scores_line,
    table_lines,
    tiles_text,
)

# A name must not turn the rest of the message right-to-left.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# A name in a message is wrapped in these, so a right-to-left name cannot reorder the
# line it sits in (its bidi controls were dropped, so it cannot close the isolate).
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
SHORT_NAME = 20  # characters of a name a table shows, the ellipsis included
ELLIPSIS = "…"
_ZERO_WIDTH_JOINER = "\u200d"


def plain_name(name: str) -> str:
    """A display name made safe to show (a button's label is plain text): control
    characters dropped, length capped."""
    spaced = " ".join(name.split())  # line breaks and tabs become single spaces
    cleaned = "".join(
        c for c in spaced if unicodedata.category(c) != "Cc" and c not in _BIDI_CONTROLS
    ).strip()
    kept: list[str] = []
    length = 0
    for cluster in _clusters(cleaned):  # whole characters only, as a reader counts them
        length += len(cluster)
        if length > NAME_LIMIT:
            break
        kept.append(cluster)
    return "".join(kept) or "?"


def escape_name(name: str) -> str:
    """A display name made safe for Telegram HTML: `plain_name`, markup escaped."""
    return html.escape(plain_name(name), quote=False)


def short_name(name: str) -> str:
    """A name as a table's button shows it (plain text, the name alone beside a seat
    number): `plain_name` cut to about `SHORT_NAME` characters with an ellipsis."""
    return _shorten(plain_name(name))


def table_name(name: str) -> str:
    """A name as a table or a game message shows it, in Telegram HTML: `short_name`,
    escaped, and isolated from the text around it."""
    # Cut first, then escape: a cut can then never fall inside an entity.
    return _isolate(html.escape(short_name(name), quote=False))


def _isolate(text: str) -> str:
    return FIRST_STRONG_ISOLATE + text + POP_DIRECTIONAL_ISOLATE


def _shorten(text: str, limit: int = SHORT_NAME) -> str:
    clusters = _clusters(text)
    if len(clusters) <= limit:
        return text
    return "".join(clusters[: limit - 1]).rstrip() + ELLIPSIS


def _clusters(text: str) -> list[str]:
    """The text in the pieces a reader sees as one character, near enough: a cut
    between two of them splits no accent, skin tone, joined emoji or flag."""
    clusters: list[str] = []
    joined = flag_open = False
    for c in text:
        flag_half = "\U0001f1e6" <= c <= "\U0001f1ff"  # a flag is two of these
        if clusters and (joined or _extends(c) or (flag_half and flag_open)):
            clusters[-1] += c
            flag_open = False
        else:
            clusters.append(c)
            flag_open = flag_half
        joined = c == _ZERO_WIDTH_JOINER
    return clusters


def _extends(c: str) -> bool:
    """Whether `c` belongs to the character before it."""
    return (
        unicodedata.category(c) in {"Mn", "Mc", "Me"}
        or c == _ZERO_WIDTH_JOINER
        or "\ufe00" <= c <= "\ufe0f"  # variation selectors
        or "\U0001f3fb" <= c <= "\U0001f3ff"  # skin tones
        or "\U000e0020" <= c <= "\U000e007f"  # tags (subdivision flags)
    )


def mention(user_id: int, name: str) -> str:
    """A name that notifies its owner: a link to the whole user, shown shortened."""
    return f'<a href="tg://user?id={int(user_id)}">{table_name(name)}</a>'


def bot_number(game: Game, seat: int) -> int:
    """A bot's number: its seat, counted from 1 in a group (where seat 0 may be a bot);
    from 0 in a direct game, where the person sits at seat 0."""
    return seat + 1 if game.kind.bots_by_seat else seat


class RecordNames(Names):
    """The game's seats as one viewer names them: bots by number, people by their
    `table_name`, and mentions of people where a text should notify them."""

    def __init__(self, game: Game, viewer: int | None, t: Translate) -> None:
        labels = [
            table_name(occupant.name)
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


def game_blocks(
    game: Game,
    view: SeatView,
    t: Translate,
    *,
    drawn: bool = False,
    fair: bool = True,
    about: str = "",
) -> list[Block]:
    """The game message for the person at `view.seat`, in paragraphs, the news first
    (`texts.news`: what a notification shows). `drawn`: the caption of the table's
    picture, which shows the line and the hands, so while a hand is played it says in
    a few lines only what a screen reader needs; `fair`: the deal's code (a group's
    table carries it for everyone); `about`: a line on where the game is played."""
    names = RecordNames(game, view.seat, t)
    human = game.human(view.seat)
    since = events_since(view, human.log_mark.hand_no, human.log_mark.index)
    stopped = isinstance(game.state, Stopped)
    news = t("game-stopped") if stopped else news_line(view, names, t, since)
    code = view.commitment if fair and view.phase is Phase.PLAYING else None
    if view.phase is Phase.PLAYING and drawn:
        lines = [news]
        if not stopped:
            lines.append(t("your-hand", tiles=tiles_text(view.hand)))
        lines += [scores_line(view, names, t), header(view, t), about]
        if code is not None:
            lines.append(t("deal-commitment", commitment=code))
        return [Block("\n".join(line for line in lines if line))]
    blocks = [Block(news)]
    if view.revealed is not None and not stopped:
        blocks += _result_blocks(game, view, view.revealed, names, t, fair=fair)
    if view.revealed is None or stopped:
        table = (caption_lines if drawn else table_lines)(view, names, t, code=code is not None)
    else:  # the result above has the scores
        table = [header(view, t)]
    blocks.append(Block("\n".join([*table, about] if about else table)))
    log = log_lines(since, names, t) if not drawn else []
    if log:
        blocks.append(Block("<i>" + "\n".join(log) + "</i>", kept=False))
    if view.phase is Phase.PLAYING and not stopped:
        blocks.append(Block(t("your-hand", tiles=tiles_text(view.hand))))
    return blocks


def _result_blocks(
    game: Game, view: SeatView, result: HandResult, names: RecordNames, t: Translate, *, fair: bool
) -> list[Block]:
    """A hand's result after the news that says how it ended: the hands, the coach's
    line, the match's result, and the deal's code (its secret comes with 🔑)."""
    over = view.match_result
    human = game.human(view.seat)
    summary = hand_summary(view, result, names, t, secret=False, headline=over is not None)
    blocks = [Block(summary)]
    coach = coach_line(human, result.hand_no, t) if game.kind.advised else None
    if coach is not None:
        blocks.append(Block(coach))
    if over is not None:
        blocks.append(Block(match_summary(view, over, names, t, headline=False)))
        if game.kind.advised:
            blocks.append(Block(hints_line(human, t)))
    secret = deal_secret(view, result.hand_no) if fair else None
    if secret is not None:
        blocks.append(Block(t("deal-check", commitment=secret.commitment)))
    if over is not None:
        blocks.append(Block("\n".join(score_sheet(view, names, t)), kept=False))
    return blocks


def game_text(game: Game, view: SeatView, t: Translate, *, drawn: bool = False) -> str:
    """The whole game message for the person at `view.seat` (`drawn`: as a caption)."""
    blocks = game_blocks(game, view, t, drawn=drawn)
    return fit(blocks) if drawn else "\n\n".join(b.text for b in blocks if b.text)


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
    sheet = score_sheet(view, names, t)
    return "\n".join(lines + (["", *sheet] if sheet else []))
