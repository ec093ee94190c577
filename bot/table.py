"""What the group sees: the lobby, the table (one message edited in place), and the
announcements (hand results with every hand revealed, the match's result, seat
changes). Rendered from the stored record and public views only: no hand is
shown before the hand is over (R8)."""

from __future__ import annotations

import dataclasses

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import ActionData, GameAction, GroupData
from bot.content import Content
from bot.groups import GroupAction
from bot.record import BotSeat, GameRecord, GameStatus, Group, NoticeKind, SeatNotice
from bot.render import RecordNames, bot_number, escape_name, plain_name
from core.engine import Match
from core.events import Redealt
from core.rules.kozel import losing_mark
from core.state import Phase
from core.variants import Variant
from core.views import PublicView, public_view
from texts import Translate
from texts.render import (
    hand_summary,
    log_lines,
    match_summary,
    scores_line,
    table_lines,
    variant_name,
)

TABLE_LOG = 6  # last actions shown on the table


def table_content(record: GameRecord, t: Translate, bot_link: str) -> Content:
    """The group's one message: the lobby, then the table of the match."""
    group = record.group
    assert group is not None
    if record.status is GameStatus.LOBBY:
        return lobby_content(record, group, t, bot_link)
    if not record.engine:  # a lobby cancelled before the match started
        return Content(t("lobby-cancelled"))
    view = public_view(Match.from_dict(record.engine))
    names = RecordNames(record, None, t)
    blocks = ["\n".join(table_lines(view, names, t))]
    # A Kozel redeal stays on the table for the whole hand; other actions scroll by.
    redeals = [e for e in view.history if isinstance(e, Redealt)]
    actions = [e for e in view.history if not isinstance(e, Redealt)]
    log = log_lines(redeals, names, t) + log_lines(actions, names, t)[-TABLE_LOG:]
    if log and view.phase is Phase.PLAYING:
        blocks.append("<i>" + "\n".join(log) + "</i>")
    if record.status is GameStatus.STOPPED:
        blocks.append(t("game-stopped"))
    elif view.phase is Phase.PLAYING and view.turn is not None:
        blocks.append(t("table-turn", name=names.mention(view.turn)))
    elif view.phase is Phase.HAND_OVER:
        blocks.append(t("table-hand-over", hand=view.hand_no))
    else:
        blocks.append(t("table-match-over"))
    return Content("\n\n".join(blocks), _table_keyboard(record, view, t, bot_link))


def _table_keyboard(
    record: GameRecord, view: PublicView, t: Translate, bot_link: str
) -> InlineKeyboardMarkup | None:
    if not record.is_active:
        return None
    if view.phase is Phase.PLAYING:
        return _markup([[InlineKeyboardButton(text=t("btn-my-hand"), url=bot_link)]])
    next_hand = ActionData(game=record.game_id, version=record.version, action=GameAction.NEXT_HAND)
    rows = [[InlineKeyboardButton(text=t("btn-next-hand"), callback_data=next_hand.pack())]]
    for seat, occupant in enumerate(record.seats):
        if isinstance(occupant, BotSeat):
            take = GroupData(game=record.game_id, action=GroupAction.TAKE, arg=seat)
            label = t("btn-take-seat", n=bot_number(record, seat))
            rows.append([InlineKeyboardButton(text=label, callback_data=take.pack())])
    return _markup(rows)


def _markup(rows: list[list[InlineKeyboardButton]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=rows)


# -- the lobby -------------------------------------------------------------------------------


def target_text(variant: Variant, target: int, t: Translate) -> str:
    """The target as players say it: in Kozel, the goats' mark (R7.6)."""
    if variant is Variant.KOZEL:
        return t("target-goats", mark=losing_mark(target))
    return t("target-classic", target=target)


def _seat_label(group: Group, seat: int, t: Translate, *, plain: bool) -> str:
    occupant = group.lobby[seat]
    if occupant is None:
        return t("lobby-free")
    if isinstance(occupant, BotSeat):
        return t("lobby-bot", level=t(f"level-{occupant.level.value}"))
    return plain_name(occupant.name) if plain else escape_name(occupant.name)


def lobby_content(record: GameRecord, group: Group, t: Translate, bot_link: str) -> Content:
    """Seats (teams in Kozel: partners sit opposite), settings, and the buttons."""
    lines = [
        t(
            "lobby-title",
            variant=variant_name(group.variant, t),
            target=target_text(group.variant, group.target, t),
        )
    ]
    seat_text = [
        t("lobby-seat", n=i + 1, name=_seat_label(group, i, t, plain=False))
        for i in range(len(group.lobby))
    ]
    if group.variant is Variant.KOZEL:  # R2.2: seats 1 and 3 against 2 and 4
        for team in (0, 1):
            lines.append(t("lobby-team", n=team + 1, seats=" · ".join(seat_text[team::2])))
    else:
        lines.append(t("lobby-seats", count=group.n_players))
        lines.extend(seat_text)
    lines.append(t("lobby-level", level=t(f"level-{group.level.value}")))
    lines.append("")
    lines.append(t("lobby-hint"))
    if group.invite:
        lines.append(t("lobby-invite-hint"))
    return Content("\n".join(lines), _lobby_keyboard(record, group, t, bot_link))


def _lobby_keyboard(
    record: GameRecord, group: Group, t: Translate, bot_link: str
) -> InlineKeyboardMarkup:
    def button(text: str, action: GroupAction, arg: int = -1) -> InlineKeyboardButton:
        data = GroupData(game=record.game_id, action=action, arg=arg)
        return InlineKeyboardButton(text=text, callback_data=data.pack())

    seats = [
        button(
            t("btn-seat", n=i + 1, name=_seat_label(group, i, t, plain=True)), GroupAction.SEAT, i
        )
        for i in range(len(group.lobby))
    ]
    rows = [seats[i : i + 2] for i in range(0, len(seats), 2)]
    rows.append(
        [button(t("btn-join"), GroupAction.JOIN), button(t("btn-leave"), GroupAction.LEAVE)]
    )
    level = t(f"level-{group.level.value}")
    rows.append(
        [
            button(t("btn-add-bot"), GroupAction.BOT),
            button(t("btn-level", level=level), GroupAction.LEVEL),
        ]
    )
    rows.append(
        [
            button(t("btn-variant", variant=variant_name(group.variant, t)), GroupAction.VARIANT),
            button(t("btn-players", count=group.n_players), GroupAction.PLAYERS),
            button(t("btn-target", target=group.target), GroupAction.TARGET),
        ]
    )
    rows.append(
        [button(t("btn-start"), GroupAction.START), button(t("btn-cancel"), GroupAction.CANCEL)]
    )
    if group.invite:
        link = f"{bot_link}?start={join_payload(record.game_id)}"
        rows.append([InlineKeyboardButton(text=t("btn-invite"), url=link)])
    return _markup(rows)


def join_payload(game_id: str) -> str:
    """The /start payload of the lobby's deep link."""
    return f"join-{game_id}"


def seat_payload(game_id: str, seat: int) -> str:
    """The /start payload that takes a bot's seat between hands."""
    return f"seat-{game_id}-{seat}"


# -- announcements ---------------------------------------------------------------------------


def announcements(record: GameRecord, t: Translate) -> list[Content]:
    """Every message the group is sent in this match, in order: seat changes among the
    hand results, then the match's result. Only ever grows, so a count of those sent
    is enough to know what is left to send."""
    group = record.group
    if group is None or not record.engine:
        return []
    view = public_view(Match.from_dict(record.engine))
    names = RecordNames(record, None, t)
    out: list[Content] = []
    for done in range(len(view.results) + 1):
        out.extend(_notice(n, record, t) for n in group.notices if n.after_results == done)
        if done < len(view.results):
            result = view.results[done]
            # The scores as they were after that hand, even if it is told late.
            then = dataclasses.replace(view, scores=result.scores_after, eggs=result.eggs_after)
            out.append(Content(hand_summary(then, result, names, t)))
    if view.match_result is not None:
        rematch = ActionData(game=record.game_id, version=record.version, action=GameAction.REMATCH)
        button = InlineKeyboardButton(text=t("btn-rematch"), callback_data=rematch.pack())
        text = match_summary(view, view.match_result, names, t) + "\n" + scores_line(view, names, t)
        out.append(Content(text, _markup([[button]])))
    return out


def _notice(notice: SeatNotice, record: GameRecord, t: Translate) -> Content:
    name = escape_name(notice.name)
    if notice.kind is NoticeKind.LEFT:
        return Content(
            t("notice-left", name=name, bot=t("bot-name", n=bot_number(record, notice.seat)))
        )
    if notice.kind is NoticeKind.TOOK:
        return Content(t("notice-took", name=name, n=bot_number(record, notice.seat)))
    return Content(t("notice-all-left"))


def group_title(record: GameRecord) -> str:
    """The group's title, made safe for HTML."""
    return escape_name(record.group.title if record.group else "")
