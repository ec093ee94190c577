"""The picture of a game's table (`picture` draws it): the group's, from the public
view, or a person's, from their seat's view, with only their own hand face up (R8)."""

from __future__ import annotations

from functools import lru_cache

from bot.game.seats import BotSeat
from bot.game.state import Game
from bot.telegram.render.content import Picture, digest
from bot.telegram.render.game import bot_number
from picture.scene import Scene, scene_of
from picture.table import render_scene
from texts import Translate


def table_picture(game: Game, t: Translate, owner: int | None = None) -> Picture | None:
    """The table as a picture, seen by the seat `owner` (None: the group); None before
    the match."""
    if game.match is None:
        return None
    view = game.seat_view(owner) if owner is not None else game.public_view()
    names = [
        occupant.name
        if occupant is not None and not isinstance(occupant, BotSeat)
        else t("bot-name", n=bot_number(game, seat))
        for seat, occupant in enumerate(game.seats)
    ]
    bots = [game.is_bot(seat) for seat in range(len(names))]
    scene = scene_of(view, names, bots, t, owner)
    # The scene says everything drawn: equal scenes are equal pictures.
    return Picture(digest(repr(scene)), lambda: drawn(scene))


@lru_cache(maxsize=64)
def drawn(scene: Scene) -> bytes:
    """The scene's PNG; the last 64 are kept (about 16 KB each): one drawn for a pass
    whose slot was not free yet is not drawn again by the pass that comes back."""
    return render_scene(scene)
