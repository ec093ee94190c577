"""Invitations from any chat, black box: the real `python -m bot` against the fake
Telegram over HTTP (inline mode as `tests/bot/fake_inline.py` keeps it) and a real
redis-server. Part of the fault suite (`-m faults`)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.store import keys
from bot.store.client import text
from bot.telegram.inline import inline_chat
from tests.bot.fake_inline import InlineMessage
from tests.e2e.checks import check_answers, check_moves, check_no_flood, engine_of
from tests.e2e.fake_bot_api import Someone, StoredMessage
from tests.e2e.people import FROZEN, Action, Players
from tests.e2e.suite import scenario
from tests.e2e.test_faults import check_all_stored
from tests.e2e.world import World

ANN, BOB = Someone(3101, "Ann"), Someone(3102, "Boris")
CHLOE, DMITRI = Someone(3103, "Chloe"), Someone(3104, "Dmitri")
THEIR_CHAT = 3_555_000  # Ann's private chat with Boris: the bot is not in it
THEIR_GROUP = -3_555_001  # a group of the four: the bot is not a member
RATED = "📈 Ratings after the match: "


def labels_of(posted: InlineMessage) -> list[str]:
    return [str(b["text"]) for row in posted.markup["inline_keyboard"] for b in row]


def data_of(posted: InlineMessage, label: str) -> str:
    rows = posted.markup["inline_keyboard"]
    return next(str(b["callback_data"]) for row in rows for b in row if b["text"] == label)


class Invited(Players):
    """People playing from their private hands a game whose table is a card posted in
    their own chat."""

    def __init__(self, world: World, people: tuple[Someone, ...]) -> None:
        super().__init__(world.api, world.service)
        self.people = people

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
    # As text: the scenarios beside it share the machine (an invitation's table is text
    # anyway; the pictures would be the private hands').
    bot = await world.start_bot(replace(world.settings, look="text"))
    # Its manager plays to 50, to keep the match short.
    posted, game = await invited(world, (ANN, BOB), "draw 2", THEIR_CHAT, short=True)

    def over() -> bool:
        return "wins the match" in posted.text

    playing = asyncio.ensure_future(game.drive(game.choose, over, game.watched, "the match"))
    await asyncio.sleep(world.rng.uniform(2.0, 5.0))
    assert not playing.done() or playing.exception() is None, playing.exception()
    await world.kill(bot)
    await asyncio.sleep(world.rng.uniform(0.0, 0.8))
    await world.start_bot()
    await playing

    await check_played(world, posted, game, THEIR_CHAT)


@pytest.mark.faults
@scenario(expected=150, timeout=420.0, weight=2)  # Kozel to 101: about 100 moves
async def test_four_people_play_kozel_from_a_card_posted_in_a_group_the_bot_is_not_in(
    world: World,
) -> None:
    """Ann posts a Kozel card by inline mode in a group of the four the bot is not a
    member of; her Join opens its lobby in the card, the three others' seat them; they
    play the match to 101 from their private hands while the card shows the table (each
    hand's result on it until the next is dealt by itself):
    every press answered once, every move applied once, no 429, nothing sent to the
    group, the goats on the card; the match counted once for each, under each person
    (their /stats and rating), never under a group."""
    await world.start_bot(replace(world.settings, look="text"))
    people = (ANN, BOB, CHLOE, DMITRI)
    posted, game = await invited(world, people, "kozel", THEIR_GROUP, chat_type="group")

    def over() -> bool:
        return "the goats!" in posted.text

    await game.drive(game.choose, over, game.watched, "the match")
    await check_played(world, posted, game, THEIR_GROUP)
    assert not world.log_problems()


async def invited(
    world: World,
    people: tuple[Someone, ...],
    words: str,
    chat_id: int,
    chat_type: str = "private",
    *,
    short: bool = False,
) -> tuple[InlineMessage, Invited]:
    """Everyone starts the bot; the first of `people` types its name and `words` in
    `chat_id` and posts the card offered, Joins it (its lobby opens in the card) and,
    `short`, sets the match to 50 (⚙ Settings, To 50, ← Back); the others Join. The
    card, and the people at its game once their first move's buttons are there."""
    api = world.api
    for who in people:
        api.write(who, "/start")
    await api.wait_until(
        lambda: all(api.messages_in(w.id) for w in people), FROZEN, "the greetings"
    )
    poster = people[0]
    query = api.inline_query(poster, words, chat_type)
    await api.wait_until(lambda: api.inline.queries[query].answer is not None, FROZEN, "offer")
    (offered,) = api.inline.queries[query].answer or []
    posted = api.choose(poster, query, str(offered["id"]), chat_id)
    card = str(posted.markup["inline_keyboard"][0][0]["callback_data"])
    api.press_inline(poster, posted.inline_message_id, card)
    await api.wait_until(lambda: "Leave" in str(posted.markup), FROZEN, "the lobby in the card")
    to_50 = (("⚙ Settings", "To 50"), ("To 50", "● To 50"), ("← Back", "Join"))
    for label, shows in to_50 if short else ():
        api.press_inline(poster, posted.inline_message_id, data_of(posted, label))

        def showing(wanted: str = shows) -> bool:
            return wanted in labels_of(posted)

        await api.wait_until(showing, FROZEN, f"the lobby after {label!r}")
    for who in people[1:]:
        api.press_inline(who, posted.inline_message_id, data_of(posted, "Join"))

        def seated(name: str = who.first_name) -> bool:
            return name in posted.text or "Leave" not in str(posted.markup)

        await api.wait_until(seated, FROZEN, f"{who.first_name} seated")
    game = Invited(world, people)
    await api.wait_until(lambda: game.choose() is not None, FROZEN, "the first move's buttons")
    return posted, game


async def check_played(world: World, posted: InlineMessage, game: Invited, chat_id: int) -> None:
    """The card's match is over: every press answered once, every move applied once,
    no 429, every stored game replays, nothing sent to `chat_id` (where the card is),
    and the match counted once for each of its people."""
    api = world.api
    record = await world.record_in(inline_chat(posted.inline_message_id))
    assert engine_of(record).match_over
    await check_answers(world, game.presses)
    check_moves(api, record, game.presses, figures=world.figures)
    check_no_flood(api)
    await check_all_stored(world)
    assert not [c for c in api.calls() if c.params.get("chat_id") == chat_id]
    await check_counted_once(world, posted, game.people)


async def check_counted_once(
    world: World, posted: InlineMessage, people: tuple[Someone, ...]
) -> None:
    """Once counted, the card tells everyone's rating after the match; each person's
    /stats has one match played and rated, and their records hold nothing under the
    card's own chat (an invitation's match has no group)."""
    api = world.api
    await api.wait_until(lambda: RATED in posted.text, FROZEN, "the ratings on the card")
    assert posted.text.count(RATED) == 1
    for who in people:
        # Known by id: the match's last messages may be deleted meanwhile.
        before = {m.message_id for m in api.messages_in(who.id)}
        api.write(who, "/stats")

        def cards(me: Someone = who, old: set[int] = before) -> list[str]:
            return [
                m.text for m in api.messages_in(me.id) if m.message_id not in old and "📊" in m.text
            ]

        await api.wait_until(lambda: bool(cards()), FROZEN, f"{who.first_name}'s /stats")
        card = cards()[0]
        assert "Played: 1 ·" in card, card
        assert "rated matches: 1" in card, card
    table = str(inline_chat(posted.inline_message_id))
    async with world.client() as redis:
        for who in people:
            fields = [text(f) for f in await redis.hkeys(keys.stats(who.id))]
            assert fields, f"no records for {who.first_name}"
            assert not [f for f in fields if f.startswith(table)], fields
