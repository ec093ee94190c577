"""Each person's private message in a group game: their hand, the table as they may
see it, their partner in Kozel, and their moves when it is their turn. Nobody else's
hand is ever in it (R8.2): it is rendered from that seat's own view."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton

from bot.game.state import Finished, Game, HandOver, Lobby
from bot.telegram.inline import is_inline
from bot.telegram.render import game as render
from bot.telegram.render import keyboards
from bot.telegram.render.captions import Block, fit
from bot.telegram.render.content import Content
from bot.telegram.render.drawing import table_picture
from bot.telegram.render.table import group_line, group_title
from core.tiles import format_tiles
from texts import Translate

SUPERGROUP = -1_000_000_000_000  # a supergroup's chat id is this minus its own number


def table_link(chat_id: int, message_id: int | None) -> str | None:
    """A link that opens the group's message `message_id`, for its members: only a
    supergroup's messages have one (a basic group's, and an inline message, have none)."""
    if message_id is None or chat_id > SUPERGROUP or is_inline(chat_id):
        return None
    return f"https://t.me/c/{SUPERGROUP - chat_id}/{message_id}"


def hand_content(
    game: Game, user_id: int, t: Translate, *, drawn: bool = False, table: str | None = None
) -> Content:
    """What `user_id`'s private message for this game shows (they may have left it);
    `drawn`: the table as a picture with their hand, the words as its caption; `table`:
    a link to the group's table, for a button that takes them back to it."""
    title = group_title(game, t)
    seat = game.seat_of(user_id)
    if isinstance(game.state, Lobby):
        if seat is not None:
            return lobby_seat_content(game, t)
        return Content(t("private-not-seated", group=title), key="out")
    if game.match is None:
        return Content(t("private-cancelled", group=title), key="cancelled")
    if seat is None:
        return Content(t("private-not-seated", group=title), key="out")
    view = game.seat_view(seat)
    about = group_line(game, t)
    partner = partner_of(game, seat)
    if partner is not None:
        name = render.RecordNames(game, seat, t).inline(partner)
        about += " · " + t("private-partner", name=name)
    # The deal's code and secret are the group's (on its table and results), not repeated.
    blocks = render.game_blocks(game, view, t, drawn=drawn, fair=False, about=about)
    if isinstance(game.state, HandOver):
        blocks.append(Block(t("private-next-hand")))
    elif isinstance(game.state, Finished):
        inline = game.inline_message_id is not None
        blocks.append(Block(t("private-rematch-inline" if inline else "private-rematch")))
    tiles = " ".join(format_tiles(view.hand))
    key = f"{type(game.state).__name__}:{view.hand_no}:{view.phase.value}:{tiles}"
    back = InlineKeyboardButton(text=t("btn-to-table"), url=table) if table else None
    markup = keyboards.game_keyboard(game, view, t, back)
    over = isinstance(game.state, HandOver | Finished)
    if not drawn:
        text = "\n\n".join(b.text for b in blocks if b.text)
        return Content(text, markup, key, lasting=over)
    return Content(fit(blocks), markup, key, table_picture(game, t, seat), lasting=over)


def partner_of(game: Game, seat: int) -> int | None:
    """The seat's partner, in a game played in teams (Kozel); None in any other."""
    if game.match is None:
        return None
    settings = game.match.settings
    if not settings.has_teams:
        return None
    return next(
        other
        for other in range(settings.n_players)
        if other != seat and settings.side_of(other) == settings.side_of(seat)
    )


def group_hand_content(game: Game, user_id: int, t: Translate, *, drawn: bool) -> Content:
    """What `user_id` sees of their hand inside the game's group, to them alone: their
    seat while the lobby fills, then their hand as their private message shows it."""
    if isinstance(game.state, Lobby) and game.seat_of(user_id) is not None:
        return Content(t("group-hand-lobby"), key="lobby")
    return hand_content(game, user_id, t, drawn=drawn)


def lobby_seat_content(game: Game, t: Translate) -> Content:
    """A lobby seat's private message: sent on joining, which also proves that the bot
    may write to the person."""
    return Content(t("private-lobby", group=group_title(game, t)), key="lobby")


def joining_content(game: Game, t: Translate) -> Content:
    """Sent when a person takes a bot's seat: delivery then shows their hand in it."""
    return Content(t("private-joining", group=group_title(game, t)), key="joining")
