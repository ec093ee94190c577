"""Views -> inline keyboards. Move buttons come from the view's legal moves only:
the bot offers what the engine allows and nothing else."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, SwitchInlineQueryChosenChat
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.game.actions import GameAction
from bot.game.level_ratings import LEAGUE
from bot.game.options import opponent_choices
from bot.game.state import Finished, Game, HandOver, Playing
from bot.telegram.callbacks import (
    ActionData,
    DealData,
    EndCode,
    GroupLangData,
    GroupLookData,
    HintData,
    LangData,
    LookData,
    MenuData,
    MoveData,
    RulesData,
)
from bot.telegram.ports import Look
from core.engine import Move
from core.line import End
from core.players import Level
from core.variants import TARGETS, Variant
from core.views import SeatView
from texts import LANGUAGE_NAMES, LANGUAGES, Translate
from texts.news import forced_move
from texts.render import deal_secret, move_label, moves_by_end, variant_name

ROW = 4  # tile buttons per row: fits a phone screen
WIDEST = 8  # Telegram's most buttons in a row
MOST_ROWS = 3  # a turn's buttons, below a picture and its caption, within a phone screen
END_CODES = {End.LEFT: EndCode.LEFT, End.RIGHT: EndCode.RIGHT, None: EndCode.NONE}


def _rows(buttons: Sequence[InlineKeyboardButton], width: int) -> list[list[InlineKeyboardButton]]:
    return [list(buttons[i : i + width]) for i in range(0, len(buttons), width)]


def move_buttons(
    game: Game, view: SeatView, t: Translate, extra: InlineKeyboardButton | None = None
) -> list[list[InlineKeyboardButton]]:
    """The seat's legal moves, grouped by end: left end first, then right; a tile that
    fits both (different) ends appears in both groups. A row per end where that keeps
    within `MOST_ROWS` with `extra` (💡, or the way back to the table) beside the last
    tiles, else every button in as few rows as fit. One forced move is one button that
    names it."""
    only = forced_move(view)
    if only is not None:
        label = t("btn-play-only", tile=move_label(only, view.ends))
        return [[_move_button(game, only, label)], *([[extra]] if extra else [])]
    groups = [
        [_move_button(game, move, move_label(move, view.ends)) for move in moves]
        for _, moves in moves_by_end(view)
    ]
    rows = [row for group in groups for row in _rows(group, ROW)]
    if extra is not None:
        if len(rows[-1]) < ROW:
            rows[-1] = [*rows[-1], extra]
        else:
            rows.append([extra])
    if len(rows) <= MOST_ROWS:
        return rows
    flat = [button for row in rows for button in row]
    return _rows(flat, min(WIDEST, max(ROW, -(-len(flat) // MOST_ROWS))))


def _move_button(game: Game, move: Move, label: str) -> InlineKeyboardButton:
    data = MoveData(
        game=game.game_id, version=game.version, tile=str(move[0]), end=END_CODES[move[1]]
    )
    return InlineKeyboardButton(text=label, callback_data=data.pack())


def game_keyboard(
    game: Game, view: SeatView, t: Translate, extra: InlineKeyboardButton | None = None
) -> InlineKeyboardMarkup | None:
    """The game message's buttons for one seat: its moves, or Next hand, or Rematch,
    with 🔑 for the deal's secret of a hand just over. A group seat's private message
    only ever has moves: the rest is in the group. `extra` (a link) goes last."""
    state = game.state
    rows: list[list[InlineKeyboardButton]] = []
    if isinstance(state, Playing) and state.turn == view.seat:
        if game.kind.advised and len(view.legal_moves) > 1:
            hint = HintData(game=game.game_id, version=game.version).pack()
            extra_moves = InlineKeyboardButton(text=t("btn-hint"), callback_data=hint)
            return _markup(move_buttons(game, view, t, extra_moves), extra)
        return _markup(move_buttons(game, view, t), extra)
    if isinstance(state, HandOver | Finished) and not game.kind.hands_apart:
        action = GameAction.REMATCH if isinstance(state, Finished) else GameAction.NEXT_HAND
        label = t("btn-rematch") if isinstance(state, Finished) else t("btn-next-hand")
        data = ActionData(game=game.game_id, version=game.version, action=action)
        rows = [[InlineKeyboardButton(text=label, callback_data=data.pack())]]
        hand = view.revealed.hand_no if view.revealed is not None else None
        if hand is not None and deal_secret(view, hand) is not None:
            key = DealData(game=game.game_id, hand=hand).pack()
            rows.append([InlineKeyboardButton(text=t("btn-deal-secret"), callback_data=key)])
    return _markup(rows, extra)


def _markup(
    rows: list[list[InlineKeyboardButton]], extra: InlineKeyboardButton | None
) -> InlineKeyboardMarkup | None:
    """`rows`, then `extra` in a row of its own unless a row holds it already."""
    if extra is not None and not any(extra in row for row in rows):
        rows = [*rows, [extra]]
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None


def _choice_keyboard(choices: Iterable[tuple[str, str]], width: int) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    for text, data in choices:
        builder.button(text=text, callback_data=data)
    builder.adjust(width)
    return builder.as_markup()


def menu_keyboard(menu: MenuData, t: Translate) -> InlineKeyboardMarkup:
    """The next choice of the /play menu, given the ones made so far."""
    if not menu.variant:
        choices = [
            (
                variant_name(v, t),
                MenuData(
                    variant=v.value, opponents=_only(opponent_choices(v)), level="", target=0
                ).pack(),
            )
            for v in Variant
        ]
        # A game with friends: inline mode, in a chat they choose (any private chat or
        # group), where the invitation card is posted.
        friends = InlineKeyboardButton(
            text=t("btn-with-friends"),
            switch_inline_query_chosen_chat=SwitchInlineQueryChosenChat(
                query="", allow_user_chats=True, allow_group_chats=True
            ),
        )
        chosen = _choice_keyboard(choices, 1)
        return InlineKeyboardMarkup(inline_keyboard=[*chosen.inline_keyboard, [friends]])
    if not menu.opponents:
        variant = Variant(menu.variant)
        choices = [
            (t("btn-opponents", count=n), menu.model_copy(update={"opponents": n}).pack())
            for n in opponent_choices(variant)
        ]
        return _choice_keyboard(choices, 3)
    if not menu.level:
        choices = [
            (level_label(level, t), menu.model_copy(update={"level": level.value}).pack())
            for level in Level
        ]
        return _choice_keyboard(choices, 2)
    choices = [
        (str(target), menu.model_copy(update={"target": target}).pack()) for target in TARGETS
    ]
    return _choice_keyboard(choices, 3)


def level_label(level: Level, t: Translate) -> str:
    """A level as people choose it: its name and its rating from the bots' league."""
    return t("level-rated", level=t(f"level-{level.value}"), rating=str(LEAGUE[level]))


def _only(choices: list[int]) -> int:
    """The one possible choice (Kozel's three bots), or 0: still to choose."""
    return choices[0] if len(choices) == 1 else 0


def rules_keyboard(t: Translate) -> InlineKeyboardMarkup:
    return _choice_keyboard(
        ((variant_name(v, t), RulesData(variant=v.value).pack()) for v in Variant), 3
    )


def language_keyboard() -> InlineKeyboardMarkup:
    return _choice_keyboard(
        ((LANGUAGE_NAMES[lang], LangData(lang=lang).pack()) for lang in LANGUAGES), 2
    )


def group_language_keyboard(current: str, t: Translate) -> InlineKeyboardMarkup:
    """The group's language menu, the language it speaks now marked."""

    def label(lang: str) -> str:
        name = LANGUAGE_NAMES[lang]
        return t("btn-chosen", label=name) if lang == current else name

    return _choice_keyboard(
        ((label(lang), GroupLangData(lang=lang).pack()) for lang in LANGUAGES), 2
    )


def look_keyboard(current: str, t: Translate, *, for_group: bool = False) -> InlineKeyboardMarkup:
    """The /look menu (a group's, or a private chat's), the chat's current look marked."""
    labels = {Look.PICTURE: t("btn-look-picture"), Look.TEXT: t("btn-look-text")}

    def choice(look: Look) -> tuple[str, str]:
        label = labels[look]
        data = GroupLookData(look=look) if for_group else LookData(look=look)
        return (t("btn-chosen", label=label) if look == current else label), data.pack()

    return _choice_keyboard((choice(look) for look in Look), 2)
