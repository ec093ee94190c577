"""A picture's PNG for a call, drawn off the event loop."""

from __future__ import annotations

import asyncio

from bot.telegram.render.content import Picture

PICTURE_FILE = "table.png"


async def png_of(picture: Picture) -> bytes:
    """The picture's PNG: drawn in a thread, off the event loop; one drawn already comes
    at once (a hop to the thread pool would queue it behind other chats' drawings, and
    a call that took its turn would reach Telegram late, bunched with later ones)."""
    return picture.png() if picture.drawn else await asyncio.to_thread(picture.png)
