"""The lobby of a group game: one message, which shows either its seats (teams in
Kozel) with Join, Leave, 🂠, + Bot, ⚙ Settings, Start and Cancel, or its settings (the
bots' level, the target, the turn timer; in a /new lobby the game and its number of
players too) with ← Back. Each view has at most eleven buttons, at most three a row."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.game.actions import GroupAction
from bot.game.lobby import TURN_TIMERS, player_counts
from bot.game.seats import BotSeat
from bot.game.state import Game, Lobby
from bot.telegram.callbacks import GroupData, HandData
from bot.telegram.render.content import Content
from bot.telegram.render.game import short_name, table_name
from bot.telegram.render.keyboards import level_label
from core.variants import TARGETS, Variant
from texts import Translate
from texts.render import target_text, variant_name


def join_payload(game_id: str) -> str:
    """The /start payload of the lobby's deep link."""
    return f"join-{game_id}"


def my_hand_button(game: Game, t: Translate) -> InlineKeyboardButton:
    """🂠 on a group game's messages: the presser's seat, then their hand, shown to them
    alone in the group (an ephemeral message)."""
    mine = HandData(game=game.game_id).pack()
    return InlineKeyboardButton(text=t("btn-my-hand"), callback_data=mine)


def _seat_label(lobby: Lobby, seat: int, t: Translate, *, plain: bool) -> str:
    occupant = lobby.seats[seat]
    if occupant is None:
        return t("lobby-free")
    if isinstance(occupant, BotSeat):
        return t("lobby-bot", level=t(f"level-{occupant.level.value}"))
    return short_name(occupant.name) if plain else table_name(occupant.name)


def lobby_content(game: Game, lobby: Lobby, t: Translate, bot_link: str) -> Content:
    """Seats (teams in Kozel: partners sit opposite), settings, and the buttons of the
    view the lobby shows."""
    settings = game.record.settings
    lines = [
        t(
            "lobby-title",
            variant=variant_name(settings.variant, t),
            goal=target_text(settings.variant, settings.target, t),
        )
    ]
    seat_text = [
        t("lobby-seat", n=i + 1, name=_seat_label(lobby, i, t, plain=False))
        for i in range(len(lobby.seats))
    ]
    if settings.variant is Variant.KOZEL:  # R2.2: seats 1 and 3 against 2 and 4
        for team in (0, 1):
            lines.append(t("lobby-team", n=team + 1, seats=" · ".join(seat_text[team::2])))
    else:
        lines.append(t("lobby-seats", count=settings.n_players))
        lines.extend(seat_text)
    lines.append(t("lobby-level", level=level_label(settings.level, t)))
    lines.append(t("lobby-timer", seconds=settings.turn_timer))
    lines.append("")
    if lobby.settings_open:
        lines.append(t("lobby-settings-hint"))
        return Content("\n".join(lines), _settings_keyboard(game, lobby, t))
    lines.append(t("lobby-hint"))
    if lobby.invite:  # a link in the words, not one more button
        lines.append(t("lobby-invite-hint", link=f"{bot_link}?start={join_payload(game.game_id)}"))
    return Content("\n".join(lines), _seats_keyboard(game, lobby, t))


def _button(game: Game, text: str, action: GroupAction, arg: int = -1) -> InlineKeyboardButton:
    data = GroupData(game=game.game_id, action=action, arg=arg)
    return InlineKeyboardButton(text=text, callback_data=data.pack())


def _seats_keyboard(game: Game, lobby: Lobby, t: Translate) -> InlineKeyboardMarkup:
    """The seats two a row, Join, Leave and 🂠, + Bot and ⚙ Settings, Start and Cancel."""
    seats = [
        _button(
            game,
            t("btn-seat", n=i + 1, name=_seat_label(lobby, i, t, plain=True)),
            GroupAction.SEAT,
            i,
        )
        for i in range(len(lobby.seats))
    ]
    rows = [seats[i : i + 2] for i in range(0, len(seats), 2)]
    joining = [
        _button(game, t("btn-join"), GroupAction.JOIN),
        _button(game, t("btn-leave"), GroupAction.LEAVE),
    ]
    if game.inline_message_id is None:  # an inline message has no group to show it in
        joining.append(my_hand_button(game, t))
    rows.append(joining)
    rows.append(
        [
            _button(game, t("btn-add-bot"), GroupAction.BOT),
            _button(game, t("btn-settings"), GroupAction.SETTINGS),
        ]
    )
    rows.append(
        [
            _button(game, t("btn-start"), GroupAction.START),
            _button(game, t("btn-cancel"), GroupAction.CANCEL),
        ]
    )
    return InlineKeyboardMarkup(inline_keyboard=rows)


def _settings_keyboard(game: Game, lobby: Lobby, t: Translate) -> InlineKeyboardMarkup:
    """The bots' level (one button that moves to the next), the target (a row, the
    chosen one marked), the turn timer (a row in a Kozel lobby; one button that moves
    to the next in a /new lobby, whose game and player count take the room), ← Back."""
    settings = game.record.settings

    def choice(label: str, chosen: bool, action: GroupAction, arg: int) -> InlineKeyboardButton:
        return _button(game, t("btn-chosen", label=label) if chosen else label, action, arg)

    rows: list[list[InlineKeyboardButton]] = []
    if not lobby.variant_fixed:
        variant = t("btn-variant", variant=variant_name(settings.variant, t))
        game_row = [_button(game, variant, GroupAction.VARIANT)]
        if len(player_counts(settings.variant)) > 1:
            players = t("btn-players", count=settings.n_players)
            game_row.append(_button(game, players, GroupAction.PLAYERS))
        rows.append(game_row)
    level = level_label(settings.level, t)
    rows.append([_button(game, t("btn-level", level=level), GroupAction.LEVEL)])
    rows.append(
        [
            choice(t("btn-target", target=x), x == settings.target, GroupAction.TARGET, x)
            for x in TARGETS
        ]
    )
    if lobby.variant_fixed:
        rows.append(
            [
                choice(t("btn-timer", seconds=x), x == settings.turn_timer, GroupAction.TIMER, x)
                for x in TURN_TIMERS
            ]
        )
    else:
        timer = t("btn-timer-next", seconds=settings.turn_timer)
        rows.append([_button(game, timer, GroupAction.TIMER)])
    rows.append([_button(game, t("btn-settings-back"), GroupAction.SEATS)])
    return InlineKeyboardMarkup(inline_keyboard=rows)
