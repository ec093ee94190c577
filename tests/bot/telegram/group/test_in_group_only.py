"""Someone who never started the bot plays from the group alone (`HumanSeat.in_group`):
Join seats them all the same, their seat and then their hand show to them alone inside
the group (ephemeral messages), their turn is called out in the group (a mention, with
🂠) while no private message can reach them, the call goes once their turn has passed,
and the link to the private chat, followed later, brings their hand there too."""

from __future__ import annotations

import pytest
from aiogram.utils.deep_linking import create_start_link

from bot.game.state import Game
from bot.telegram.callbacks import HandData
from tests.bot.conftest import FakeClock
from tests.bot.fake_ephemeral import Ephemeral
from tests.bot.fake_telegram import Call, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GROUP,
    game_in,
    hand,
    open_lobby,
    seat_everyone,
    table,
    tap,
)
from tests.bot.telegram.group.test_own_hand import moves_on, others_play_until_the_turn_of
from texts import Texts


def seen(harness: TelegramHarness, user_id: int) -> list[Ephemeral]:
    return harness.fake.ephemerals.seen_by(user_id, GROUP)


def private_calls(harness: TelegramHarness, user_id: int) -> list[Call]:
    """Every call the bot made to `user_id`'s private chat."""
    return [c for c in harness.fake.calls if c.params.get("chat_id") == user_id]


def calls_out(harness: TelegramHarness, user_id: int) -> list[int]:
    """The group's messages that call out `user_id`'s turn, still there."""
    mention = f"tg://user?id={user_id}"
    return [
        m.message_id
        for (chat, _), m in harness.fake.messages.items()
        if chat == GROUP and mention in m.text and ", your move: 🂠 My hand shows" in m.text
    ]


async def bob_sits_down_without_a_private_chat(harness: TelegramHarness) -> Game:
    """Alice opens Kozel; Bob, who never started the bot, presses Join; Carol and Dave
    join: the match is dealt."""
    await open_lobby(harness)
    harness.fake.unreachable.add(BOB.id)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    return await game_in(harness)


async def test_join_seats_someone_the_bot_cannot_write_to_and_shows_them_their_seat_there(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await open_lobby(harness)
    harness.fake.unreachable.add(BOB.id)
    answer = await tap(harness, BOB.id, await table(harness), "Join")
    assert answer.params.get("url") is None  # no detour through the private chat
    assert answer.params["text"] == texts.get("en", "answer-seated-in-group")  # the group's
    game = await game_in(harness)
    seat = game.seat_of(BOB.id)
    assert seat is not None
    assert game.human(seat).in_group
    (shown,) = seen(harness, BOB.id)  # his seat, to him alone, in his language
    assert shown.text == texts.get("ru", "group-hand-lobby")
    assert seen(harness, ALICE.id) == []
    link = await create_start_link(harness.bot, f"join-{game.game_id}")
    lobby = await table(harness)
    assert texts.get("en", "lobby-invite-hint", link=link) in lobby.text
    assert len(lobby.buttons()) <= 11


async def test_nothing_is_sent_to_the_private_chat_of_someone_seated_in_the_group_only(
    harness: TelegramHarness,
) -> None:
    await bob_sits_down_without_a_private_chat(harness)
    tried = len(private_calls(harness, BOB.id))  # the one that found he never started it
    await others_play_until_the_turn_of(harness, BOB.id)
    assert len(private_calls(harness, BOB.id)) == tried == 1
    assert (await game_in(harness)).seat_of(BOB.id) is not None  # not taken for a blocker


async def test_their_turn_is_called_out_they_play_from_the_group_and_the_call_goes(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    await bob_sits_down_without_a_private_chat(harness)
    await others_play_until_the_turn_of(harness, BOB.id)
    game = await game_in(harness)
    (call,) = calls_out(harness, BOB.id)  # a mention, which notifies him
    shown = harness.fake.message(GROUP, call)
    mine = HandData(game=game.game_id).pack()
    assert [b.callback_data for b in shown.buttons()] == [mine]
    # 🂠 on the call: his hand, with his moves, to him alone (his seat's message edited).
    assert alert_of(await harness.press(BOB, shown, mine)) is None
    (ephemeral,) = seen(harness, BOB.id)
    move = moves_on(ephemeral)[0]
    assert alert_of(await harness.press_ephemeral(BOB, ephemeral, move)) is None
    after = await game_in(harness)
    assert after.version > game.version
    clock.advance(10)
    await harness.settle()
    assert calls_out(harness, BOB.id) == []  # his turn has passed: the call is deleted


async def test_where_the_bot_is_an_administrator_their_hand_comes_at_their_turn_unasked(
    harness: TelegramHarness,
) -> None:
    harness.fake.bot_admin_in.add(GROUP)
    await harness.bot_status(ALICE, GROUP, "administrator")
    await open_lobby(harness)
    harness.fake.unreachable.add(BOB.id)
    await harness.send(BOB, "/join", chat_id=GROUP)  # no press of his, ever
    await seat_everyone(harness, CAROL.id, DAVE.id)
    await others_play_until_the_turn_of(harness, BOB.id)
    (shown,) = seen(harness, BOB.id)
    assert moves_on(shown)


@pytest.mark.parametrize("joined", ["button", "command"])
async def test_the_link_followed_later_brings_their_hand_to_the_private_chat(
    harness: TelegramHarness, texts: Texts, joined: str
) -> None:
    game = await open_lobby(harness)
    harness.fake.unreachable.add(BOB.id)
    if joined == "button":
        await tap(harness, BOB.id, await table(harness), "Join")
    else:
        await harness.send(BOB, "/join", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).message_id == (await table(harness)).message_id
    await harness.send(BOB, f"/start join-{game.game_id}")  # one tap on Start
    game = await game_in(harness)
    seat = game.seat_of(BOB.id)
    assert seat is not None
    assert not game.human(seat).in_group
    title = "Friday &lt;dominoes&gt; &amp; co"
    assert (await hand(harness, BOB.id)).text == texts.get("ru", "private-lobby", group=title)
    await seat_everyone(harness, CAROL.id, DAVE.id)
    assert "Ваши кости:" in (await hand(harness, BOB.id)).text  # dealt: his hand, there
