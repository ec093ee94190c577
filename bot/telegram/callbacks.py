"""Callback data factories (aiogram's `CallbackData`): typed, and refused past
Telegram's 64 bytes when packed. Everything in them is untrusted on the way back:
each field has the shape it must have (a game id, a tile, a small number), so forged
data, however odd (a lone surrogate, 64 bytes of digits), fails to unpack and is
answered as an unknown button before anything reads it."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from aiogram.filters.callback_data import CallbackData
from pydantic import Field

from bot.game.actions import GameAction, GroupAction
from core.players import Level
from core.variants import Variant
from texts import LANGUAGES

GameId = Annotated[str, Field(pattern=r"^[0-9a-f]{10}$")]
TileText = Annotated[str, Field(pattern=r"^[0-6]-[0-6]$")]
Version = Annotated[int, Field(ge=0, lt=10**12)]
Small = Annotated[int, Field(ge=-1, le=200)]
VariantName = Annotated[str, Field(pattern="^(" + "|".join(v.value for v in Variant) + ")?$")]
LevelName = Annotated[str, Field(pattern="^(" + "|".join(v.value for v in Level) + ")?$")]
Language = Annotated[str, Field(pattern="^(" + "|".join(LANGUAGES) + ")$")]


class EndCode(StrEnum):
    """The end of the line a tile goes to, short to save callback bytes."""

    LEFT = "l"
    RIGHT = "r"
    NONE = "n"  # a lead, or a tile with one placement


class MoveData(CallbackData, prefix="mv"):
    """Lay `tile` at `end`, in game `game` as seen at `version`."""

    game: GameId
    version: Version
    tile: TileText
    end: EndCode


class ActionData(CallbackData, prefix="gm"):
    """A game button that is not a move (next hand, rematch)."""

    game: GameId
    version: Version
    action: GameAction


class HintData(CallbackData, prefix="ht"):
    """A direct game's 💡: what the expert would play, in game `game` at `version`."""

    game: GameId
    version: Version


class GroupData(CallbackData, prefix="gp"):
    """A group game's button other than a move: lobby seats and settings, Start,
    Cancel, taking a bot's seat. No version: each is an intent on the latest game."""

    game: GameId
    action: GroupAction
    arg: Small = -1  # a seat, for the actions that need one


class StopData(CallbackData, prefix="st"):
    """The /stop confirmation: abandon `game` or keep it."""

    game: GameId
    confirm: bool


class MenuData(CallbackData, prefix="pl"):
    """The /play menu so far; empty fields are still to choose."""

    variant: VariantName = ""
    opponents: Small = 0
    level: LevelName = ""
    target: Small = 0


class RulesData(CallbackData, prefix="ru"):
    variant: VariantName


class LangData(CallbackData, prefix="lg"):
    lang: Language


class GroupLangData(CallbackData, prefix="gl"):
    """The group's language menu: `lang` becomes the language of everything the group
    sees. Its own prefix: the private chat's /lang buttons stay refused in a group."""

    lang: Language


# A look's name: its shape only. An unknown one (forged, or a look since withdrawn)
# unpacks and is refused by the handler as invalid.
LookName = Annotated[str, Field(pattern=r"^[a-z]{1,16}$")]


class LookData(CallbackData, prefix="lk"):
    """The private chat's /look menu: `look` (a `Look`'s value) becomes how the person
    sees their games."""

    look: LookName


class GroupLookData(CallbackData, prefix="gk"):
    """The group's /look menu: `look` becomes how the group sees its table. Its own
    prefix: the private chat's buttons stay refused in a group, and the other way."""

    look: LookName


class HandData(CallbackData, prefix="hd"):
    """🂠 on a group's table: the presser's hand, shown to them alone in the group (an
    ephemeral message)."""

    game: GameId


class DealData(CallbackData, prefix="dl"):
    """A group's hand result: its deal's secret, sent to whoever presses, privately."""

    game: GameId
    hand: Small


class InviteData(CallbackData, prefix="iv"):
    """Join on an invitation posted by inline mode (`bot.telegram.handlers.invite`): the
    first press opens the game's lobby in that message, managed by `by` (who posted it).
    `sig` signs the rest with the bot's token: a client sends whatever data it likes,
    and none could name someone else its card's manager without it."""

    variant: VariantName
    players: Annotated[int, Field(ge=2, le=4)]
    by: Annotated[int, Field(ge=1, lt=10**15)]
    sig: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{11}$")]
