"""Invitations from any chat, black box: the real `python -m bot` against the fake
Telegram over HTTP (inline mode as `tests/bot/fake_inline.py` keeps it) and a real
redis-server. Part of the fault suite (`-m faults`)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.telegram.inline import inline_chat
from tests.bot.fake_inline import InlineMessage
from tests.e2e.checks import check_answers, check_moves, check_no_flood, engine_of
from tests.e2e.fake_bot_api import Someone, StoredMessage
from tests.e2e.people import FROZEN, Action, Players
from tests.e2e.suite import scenario
from tests.e2e.test_faults import check_all_stored
from tests.e2e.world import World

ANN, BOB = Someone(3101, "Ann"), Someone(3102, "Boris")
THEIR_CHAT = 3_555_000  # Ann's private chat with Boris: the bot is not in it


def labels_of(posted: InlineMessage) -> list[str]:
    return [str(b["text"]) for row in posted.markup["inline_keyboard"] for b in row]


def data_of(posted: InlineMessage, label: str) -> str:
    rows = posted.markup["inline_keyboard"]
    return next(str(b["callback_data"]) for row in rows for b in row if b["text"] == label)


class Invited(Players):
    """Two people playing from their private hands a game whose table is a card posted
    in their own chat."""

    def __init__(self, world: World) -> None:
        super().__init__(world.api, world.service)
        self.people = (ANN, BOB)

    def hand(self, who: Someone) -> StoredMessage | None:
        """`who`'s latest private message for the game (it shows their hand)."""
        mine = [m for m in self.api.messages_in(who.id) if "Your hand" in m.text]
        return mine[-1] if mine else None

    def choose(self) -> Action | None:
        for who in self.people:
            hand = self.hand(who)
            moves = hand.data_starting("mv:") if hand is not None else []
            if hand is not None and moves and self.may_press(who, hand):
                return who, hand, moves[0]
        return None

    def watched(self) -> list[StoredMessage]:
        return [m for m in (self.hand(w) for w in self.people) if m is not None]


@pytest.mark.faults
@scenario(expected=90, timeout=300.0, weight=2)  # a draw match to 50: about 60 moves
async def test_a_card_posted_between_two_people_is_played_to_its_end_through_a_kill_9(
    world: World,
) -> None:
    """Ann posts a draw game's card by inline mode in her private chat with Boris (the bot
    is not there); her Join opens its lobby in the card and his seats him; they play the
    match to its end from their private hands while the card shows the table, the bot
    killed -9 and started again mid-match: every press answered once but one in flight,
    every move applied once, no 429, nothing sent to their chat, the result on the card."""
    api = world.api
    # As text: the scenarios beside it share the machine (an invitation's table is text
    # anyway; the pictures would be the private hands').
    bot = await world.start_bot(replace(world.settings, look="text"))
    for who in (ANN, BOB):
        api.write(who, "/start")
    await api.wait_until(
        lambda: all(api.messages_in(w.id) for w in (ANN, BOB)), FROZEN, "the greetings"
    )
    query = api.inline_query(ANN, "draw 2")
    await api.wait_until(lambda: api.inline.queries[query].answer is not None, FROZEN, "offer")
    posted = api.choose(ANN, query, "draw-2", THEIR_CHAT)
    card = str(posted.markup["inline_keyboard"][0][0]["callback_data"])
    api.press_inline(ANN, posted.inline_message_id, card)
    await api.wait_until(lambda: "Leave" in str(posted.markup), FROZEN, "the lobby in the card")
    # Its manager plays to 50, to keep the match short: ⚙ Settings, To 50, ← Back.
    for label, shows in (("⚙ Settings", "To 50"), ("To 50", "● To 50"), ("← Back", "Join")):
        api.press_inline(ANN, posted.inline_message_id, data_of(posted, label))

        def showing(wanted: str = shows) -> bool:
            return wanted in labels_of(posted)

        await api.wait_until(showing, FROZEN, f"the lobby after {label!r}")
    api.press_inline(BOB, posted.inline_message_id, data_of(posted, "Join"))
    game = Invited(world)
    await api.wait_until(lambda: game.choose() is not None, FROZEN, "the first move's buttons")

    def over() -> bool:
        return "wins the match" in posted.text

    playing = asyncio.ensure_future(game.drive(game.choose, over, game.watched, "the match"))
    await asyncio.sleep(world.rng.uniform(2.0, 5.0))
    assert not playing.done() or playing.exception() is None, playing.exception()
    await world.kill(bot)
    await asyncio.sleep(world.rng.uniform(0.0, 0.8))
    await world.start_bot()
    await playing

    record = await world.record_in(inline_chat(posted.inline_message_id))
    assert engine_of(record).match_over
    await check_answers(world, game.presses)
    check_moves(api, record, game.presses, figures=world.figures)
    check_no_flood(api)
    await check_all_stored(world)
    assert not [c for c in api.calls() if c.params.get("chat_id") == THEIR_CHAT]
