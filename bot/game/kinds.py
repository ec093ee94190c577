"""Where a game is played, and what follows from it: in a group, people around one table
shown in the group, each with their hand in their private chat; in a direct chat, one
person against bots, the whole game in one message. Each difference is named here once,
and the use cases, the renderers and the outbox ask the game's kind (`Game.kind`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Kind:
    """How a game of this kind is played and shown."""

    name: str
    # Each person's hand is a private message of its own, the table the group's; a
    # hand whose only change is the line others made waits for its owner's turn.
    hands_apart: bool
    # The bots answer within the person's press (else one at a time, each after a
    # pause, from the worker, so that people can follow).
    bots_in_the_press: bool
    # 💡 hints and the coach's line after each hand.
    advised: bool
    # A turn timer: a reminder, then a bot's move for someone who lets it run out.
    timed: bool
    # The next hand comes by itself a while after the last one's result was told.
    deals_by_itself: bool
    # Bots are named by their seat from one ("Bot 3" sits third), not counted apart.
    bots_by_seat: bool

    def __repr__(self) -> str:
        return f"Kind({self.name})"


GROUP = Kind(
    "group",
    hands_apart=True,
    bots_in_the_press=False,
    advised=False,
    timed=True,
    deals_by_itself=True,
    bots_by_seat=True,
)
DIRECT = Kind(
    "direct",
    hands_apart=False,
    bots_in_the_press=True,
    advised=True,
    timed=False,
    deals_by_itself=False,
    bots_by_seat=False,
)
