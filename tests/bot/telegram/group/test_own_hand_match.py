"""A whole Kozel match of four people played from their hands inside the group (🂠,
ephemeral messages), with Telegram's limits enforced and the bot no administrator: each
person, at their turn, plays from the hand shown to them in the group, pressing 🂠 first
when they have none there; every move is applied once, nothing is refused, and a move
costs no more calls than with every hand in the private chats (4.7; `pytest -s -k
whole_match` prints them)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.game.state import Playing
from bot.telegram.callbacks import HandData, MoveData
from tests.bot.conftest import CHAT_LIMITS, FakeClock
from tests.bot.fake_telegram import FakeTelegram, StoredMessage, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    BOB,
    CAROL,
    DAVE,
    GROUP,
    PEOPLE,
    choose,
    game_in,
    hand,
    open_lobby,
    seat_everyone,
    seats,
    table,
)


def call_of(fake: FakeTelegram, user_id: int) -> StoredMessage | None:
    """The group's message that calls out `user_id`'s turn, while it is there."""
    mention = f"tg://user?id={user_id}"
    found = [
        m
        for (chat, _), m in sorted(fake.messages.items())
        if chat == GROUP and mention in m.text and "your move: 🂠" in m.text
    ]
    return found[-1] if found else None


THINK = 6  # seconds a person takes to press, once their turn has come
CALLS_PER_MOVE = 4.7  # at most: what a move cost with every hand in private chats


@pytest.mark.parametrize("pace", [CHAT_LIMITS], indirect=True)
@pytest.mark.parametrize(
    ("offline", "admin", "never_started"),
    [(False, False, False), (True, True, False), (False, False, True)],
)
async def test_a_whole_match_played_from_hands_in_the_group(
    harness: TelegramHarness,
    clock: FakeClock,
    fake: FakeTelegram,
    offline: bool,
    admin: bool,
    never_started: bool,
) -> None:
    """`offline`: Bob's ephemeral messages never reach him; he plays from his private
    chat, and nothing stalls. `admin`: the bot administers the group. `never_started`:
    Bob never started the bot; he plays from the group alone, pressing 🂠 on the call
    of his turn when he has no hand there. A match to 50 (the goats at 51): several
    hands."""
    fake.limit(lambda: clock.now().timestamp())
    if admin:
        fake.bot_admin_in.add(GROUP)
    if offline:
        fake.ephemerals.offline.add(BOB.id)
    if never_started:
        fake.unreachable.add(BOB.id)
    await open_lobby(harness)
    assert alert_of(await choose(harness, "To 50")) is None
    await harness.elapse(8)  # the lobby's edits at the group's pace
    await seats(harness)
    await harness.elapse(8)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    start = len(fake.calls)
    moves = from_group = waited = 0
    for _ in range(5000):
        clock.advance(THINK)
        await harness.settle()
        game = await game_in(harness)
        if not game.is_active:
            break
        state = game.state
        if not isinstance(state, Playing) or game.is_bot(state.turn):
            continue
        mover = game.human(state.turn).user_id
        shown = fake.ephemerals.seen_by(mover, GROUP)
        moves_there = [
            b.callback_data or ""
            for m in shown[-1:]
            if m.markup is not None
            for row in m.markup.inline_keyboard
            for b in row
            if (b.callback_data or "").startswith("mv:")
        ]
        before = game.version
        if moves_there and MoveData.unpack(moves_there[0]).version != game.version:
            waited += 1  # their hand in the group is brought up to date at the group's pace
            continue
        if moves_there:
            answer = await harness.press_ephemeral(PEOPLE[mover], shown[-1], moves_there[0])
            from_group += 1
        elif mover != BOB.id or not offline:
            # No hand in the group yet (or one left behind): 🂠 (on the call of his turn,
            # for someone reached in the group only), then play from it.
            mine = HandData(game=game.game_id).pack()
            called = call_of(fake, mover) if mover == BOB.id and never_started else None
            on = called or await table(harness)
            assert alert_of(await harness.press(PEOPLE[mover], on, mine)) is None
            continue
        else:
            private = await hand(harness, mover)
            answer = await harness.press(
                PEOPLE[mover], private, private.buttons()[0].callback_data or ""
            )
        assert alert_of(answer) is None, alert_of(answer)
        assert (await game_in(harness)).version > before
        moves += 1
    else:
        raise AssertionError("the match did not end")
    for _ in range(60):  # what still waits for the group's pace goes out
        clock.advance(4)
        await harness.settle()
    calls = len(fake.calls) - start
    made = Counter(c.name for c in fake.calls[start:])
    print(
        f"hands in the group{', Bob offline' if offline else ''}{', admin' if admin else ''}"
        f"{', Bob never started the bot' if never_started else ''}: "
        f"{moves} moves "
        f"({from_group} from the group), {calls} calls, {calls / moves:.2f} a move; "
        f"{waited} times a turn waited {THINK} s more for the hand in the group"
    )
    print(f"  {dict(made)}")
    assert fake.floods == 0
    assert calls / moves <= CALLS_PER_MOVE, f"{calls} calls for {moves} moves"
    assert from_group >= (moves // 2 if offline else moves * 3 // 4)
    if offline:
        assert fake.ephemerals.seen_by(BOB.id, GROUP) == []
    if never_started:
        to_bob = [c for c in fake.calls if c.params.get("chat_id") == BOB.id]
        assert len(to_bob) == 1  # the first, which found he never started the bot
        assert (await game_in(harness)).seat_of(BOB.id) is not None  # he played it all
        assert call_of(fake, BOB.id) is None  # every call of his turn went once it passed
        bob = f"tg://user?id={BOB.id}"
        said = [c for c in fake.named("sendMessage") if bob in c.params.get("text", "")]
        turns_called = [c for c in said if "your move: 🂠" in c.params["text"]]
        print(f"  Bob's turn called out {len(turns_called)} times")
        assert turns_called
