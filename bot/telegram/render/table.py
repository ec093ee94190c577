"""What the group sees: the lobby, the table (one message edited in place), and the
announcements (hand results with every hand revealed, the match's result, seat
changes). Rendered from the stored record and public views only: no hand is
shown before the hand is over (R8)."""

from __future__ import annotations

import dataclasses

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.game.actions import GameAction, GroupAction
from bot.game.kinds import GROUP
from bot.game.record import NoticeKind, SeatNotice
from bot.game.seats import BotSeat
from bot.game.state import Finished, Game, HandOver, Lobby, Playing, Stopped
from bot.telegram.callbacks import ActionData, DealData, GroupData
from bot.telegram.render.captions import Block, fit
from bot.telegram.render.content import Content
from bot.telegram.render.drawing import table_picture
from bot.telegram.render.game import RecordNames, bot_number, escape_name, short_name, table_name
from bot.telegram.render.lobby import lobby_content, my_hand_button
from core.events import HandResult, Redealt
from core.state import Phase
from core.views import PublicView
from texts import Translate
from texts.news import news_line
from texts.render import (
    caption_lines,
    deal_secret,
    hand_summary,
    log_lines,
    match_summary,
    score_sheet,
    scores_line,
    table_lines,
)

TABLE_LOG = 6  # last actions shown on the table


def table_content(
    game: Game, t: Translate, bot_link: str, *, drawn: bool = False, under: bool = False
) -> Content:
    """The group's one message: the lobby, then the table of the match (`drawn`: as a
    picture, the words as its caption; `under`: under the latest result, in the same
    message, which says what happened)."""
    state = game.state
    if isinstance(state, Lobby):
        return lobby_content(game, state, t, bot_link)
    match = game.match
    if match is None:  # a lobby cancelled before the match started
        return Content(t("lobby-cancelled"))
    view = game.public_view()
    names = RecordNames(game, None, t)
    if isinstance(state, Stopped):
        news = t("game-stopped")
    else:
        news = news_line(view, names, t, view.history, mention=names.mention)
    blocks = [Block(news)]
    if under and isinstance(state, HandOver):
        blocks = [Block(t("table-next-hand"))]
    elif under and not isinstance(state, Playing | Stopped):
        blocks = []
    elif isinstance(state, HandOver):
        blocks.append(Block(t("table-hand-over")))
    elif not isinstance(state, Playing | Stopped):
        blocks.append(Block(t("table-match-over")))
    # Under a result, which says the score, the table does not say it again.
    table = (
        caption_lines(view, names, t) if drawn else table_lines(view, names, t, scores=not under)
    )
    blocks.append(Block("\n".join(table)))
    # A Kozel redeal stays on the table for the whole hand; other actions scroll by (the
    # picture shows each seat's last one).
    redeals = [e for e in view.history if isinstance(e, Redealt)]
    actions = [e for e in view.history if not isinstance(e, Redealt)]
    scrolled = [] if drawn else log_lines(actions, names, t)[-TABLE_LOG:]
    log = log_lines(redeals, names, t) + scrolled
    if log and view.phase is Phase.PLAYING:
        blocks.append(Block("<i>" + "\n".join(log) + "</i>", kept=False))
    markup = _table_keyboard(game, t)
    if not drawn:
        return Content("\n\n".join(b.text for b in blocks), markup)
    # While a hand is played, every line counts: no blank ones.
    join = "\n" if isinstance(state, Playing) else "\n\n"
    return Content(fit(blocks, join=join), markup, picture=table_picture(game, t))


def _table_keyboard(game: Game, t: Translate) -> InlineKeyboardMarkup | None:
    state = game.state
    if not isinstance(state, Playing | HandOver):
        return None
    # A person whose seat a bot keeps (their turn timer ran out twice) takes it back
    # with one press, mid-hand too.
    back = [
        [
            InlineKeyboardButton(
                text=t("btn-back", name=short_name(occupant.away.name)),
                callback_data=GroupData(
                    game=game.game_id, action=GroupAction.BACK, arg=seat
                ).pack(),
            )
        ]
        for seat, occupant in enumerate(state.seats)
        if isinstance(occupant, BotSeat) and occupant.away is not None
    ]
    if isinstance(state, Playing):
        if game.inline_message_id is not None:
            return _markup(back)  # no group there to show a hand to one person in
        return _markup([[my_hand_button(game, t)], *back])
    next_hand = ActionData(game=game.game_id, version=game.version, action=GameAction.NEXT_HAND)
    rows = [[InlineKeyboardButton(text=t("btn-next-hand"), callback_data=next_hand.pack())]]
    rows += back
    for seat, occupant in enumerate(state.seats):
        if isinstance(occupant, BotSeat) and occupant.away is None:
            take = GroupData(game=game.game_id, action=GroupAction.TAKE, arg=seat)
            label = t("btn-take-seat", n=bot_number(game, seat))
            rows.append([InlineKeyboardButton(text=label, callback_data=take.pack())])
    return _markup(rows)


def turn_call(game: Game, seat: int, t: Translate) -> Content:
    """The group calls out the turn of the person at `seat` (who is reached in the group
    only): a mention, which notifies them, and 🂠 to see their hand there."""
    name = RecordNames(game, None, t).mention(seat)
    return Content(t("turn-call", name=name), _markup([[my_hand_button(game, t)]]))


def _markup(rows: list[list[InlineKeyboardButton]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=rows)


# -- announcements ---------------------------------------------------------------------------


def announcements(game: Game, t: Translate) -> list[Content]:
    """Every message the group is sent in this match, in order: seat changes among the
    hand results, then the match's result. Only ever grows, so a count of those sent
    is enough to know what is left to send."""
    if game.kind is not GROUP or game.match is None:
        return []
    group = game.side
    view = game.public_view()
    names = RecordNames(game, None, t)
    out: list[Content] = []
    for done in range(len(view.results) + 1):
        out.extend(_notice(n, game, t) for n in group.notices if n.after_results == done)
        if done < len(view.results):
            result = view.results[done]
            # The scores as they were after that hand, even if it is told late.
            then = dataclasses.replace(view, scores=result.scores_after, eggs=result.eggs_after)
            out.append(_result(game, then, result, names, t))
    if view.match_result is not None:
        out.append(_match_result(game, view, names, t))
    return out


def inline_table(
    game: Game, t: Translate, bot_link: str, epilogue: tuple[Content, ...] = ()
) -> Content:
    """An inline message's game (nothing can be posted where it is): its table as text,
    under the latest result while the next hand waits or once the match is over (the
    last hand's, with its deal's secret, or the match's, with Rematch, and `epilogue`,
    the records' line, once known)."""
    if game.match is None or not isinstance(game.state, HandOver | Finished):
        return table_content(game, t, bot_link)
    table = table_content(game, t, bot_link, under=True)
    view = game.public_view()
    names = RecordNames(game, None, t)
    if view.match_result is not None:
        latest = _match_result(game, view, names, t)
        latest = Content("\n\n".join([latest.text, *(c.text for c in epilogue)]), latest.markup)
    elif view.results:
        result = view.results[-1]
        latest = _result(game, view, result, names, t)
    else:
        return table
    rows = [
        *(latest.markup.inline_keyboard if latest.markup else []),
        *(table.markup.inline_keyboard if table.markup else []),
    ]
    return Content(latest.text + "\n\n" + table.text, _markup(rows) if rows else None)


def _match_result(game: Game, view: PublicView, names: RecordNames, t: Translate) -> Content:
    """The match's result, its scores and its sheet, with Rematch."""
    assert view.match_result is not None
    rematch = ActionData(game=game.game_id, version=game.version, action=GameAction.REMATCH)
    button = InlineKeyboardButton(text=t("btn-rematch"), callback_data=rematch.pack())
    text = match_summary(view, view.match_result, names, t) + "\n" + scores_line(view, names, t)
    text += "\n\n" + "\n".join(score_sheet(view, names, t))
    return Content(text, _markup([[button]]))


def _result(
    game: Game, view: PublicView, result: HandResult, names: RecordNames, t: Translate
) -> Content:
    """A hand's result: every hand and the points; of the deal, one line and a button
    that sends its secret privately to whoever wants to check it."""
    text = hand_summary(view, result, names, t, secret=False)
    secret = deal_secret(view, result.hand_no)
    if secret is None:
        return Content(text)
    data = DealData(game=game.game_id, hand=result.hand_no)
    button = InlineKeyboardButton(text=t("btn-deal-secret"), callback_data=data.pack())
    text += "\n\n" + t("deal-check", commitment=secret.commitment)
    return Content(text, _markup([[button]]))


def _notice(notice: SeatNotice, game: Game, t: Translate) -> Content:
    name = table_name(notice.name)
    if notice.kind is NoticeKind.LEFT:
        return Content(
            t("notice-left", name=name, bot=t("bot-name", n=bot_number(game, notice.seat)))
        )
    if notice.kind is NoticeKind.TOOK:
        return Content(t("notice-took", name=name, n=bot_number(game, notice.seat)))
    if notice.kind is NoticeKind.TIMED_OUT:
        return Content(t("notice-timed-out", name=name))
    if notice.kind is NoticeKind.AWAY:
        return Content(t("notice-away", name=name, n=bot_number(game, notice.seat)))
    if notice.kind is NoticeKind.BACK:
        return Content(t("notice-back", name=name))
    return Content(t("notice-all-left"))


def group_title(game: Game, t: Translate) -> str:
    """The group's title, made safe for HTML; an invitation's game (no group) is named
    by the invitation and whoever opened its table."""
    group = game.record.group
    title = escape_name(group.title if group else "")
    return t("invite-table", name=title) if game.inline_message_id is not None else title


def group_line(game: Game, t: Translate) -> str:
    """Which group game a private message is about: its group, or its invitation."""
    title = group_title(game, t)
    return title if game.inline_message_id is not None else t("private-group", group=title)
