"""A whole match played inside a supergroup, black box: the real `python -m bot` against
the fake Telegram over HTTP and a real redis-server, four people each playing from the
hand shown to them alone in the group (ephemeral messages), the bot no administrator,
and one of them never starting the bot at all. Part of the fault suite (`-m faults`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from bot.game.state import Game
from tests.e2e.checks import (
    check_announcements,
    check_answers,
    check_moves,
    check_no_flood,
    engine_of,
)
from tests.e2e.people import GroupGame
from tests.e2e.suite import scenario
from tests.e2e.test_faults import FOUR, check_all_stored, check_over
from tests.e2e.world import World

SUPERGROUP = -1_001_987_654_321
CALLS_PER_MOVE = 4.7  # at most: what a move cost with every hand in private chats


@pytest.mark.faults
@scenario(expected=200, timeout=420.0, weight=3)
async def test_a_whole_kozel_match_is_played_from_the_group_one_person_never_starting_the_bot(
    world: World,
) -> None:
    """Kozel to 50 (several hands, the goats at 51) in a supergroup where the bot is no
    administrator: Ann, Boris and Chloe play from their hands in the group (🂠), Dmitri,
    who never starts the bot, from the group alone, at the calls of his turn. The match
    ends; every press answered once, every move applied once, each announcement once,
    no 429; nothing ever reaches Dmitri's private chat but the first try that found he
    never started the bot; calls per move reported beside the private-chat figure."""
    # As text: the scenarios beside it share the machine, and the group's pace, not the
    # drawing, is what this match is about.
    await world.start_bot(replace(world.settings, look="text"))
    dmitri = FOUR[3]
    group = GroupGame(
        world.api, world.service, SUPERGROUP, FOUR, in_group=True, never_started=[dmitri]
    )
    # A press every 2 s at most, at a table of four; a person waits up to 9 s for their
    # hand in the group (it comes at the group's pace, 20 writes a minute).
    group.think, group.patience = 2.0, 9.0
    await group.open(timer="⏱ off")
    start = len(world.api.calls())
    await group.play()
    record = await world.record_in(SUPERGROUP)
    check_over(record, group.table())
    await check_answers(world, group.presses)
    check_moves(world.api, record, group.presses, figures=world.figures)
    check_announcements(world.api, SUPERGROUP, record, figures=world.figures)
    check_no_flood(world.api)
    await check_all_stored(world)
    assert not world.log_problems()

    game = Game.load(record)
    seat = game.seat_of(dmitri.id)
    assert seat is not None, "Dmitri's seat went to a bot"
    assert game.human(seat).in_group
    to_dmitri = [c for c in world.api.calls() if c.params.get("chat_id") == dmitri.id]
    assert len(to_dmitri) == 1, [c.method for c in to_dmitri]
    moves = [p for p in group.presses if p.data.startswith("mv:")]
    from_group = [p for p in moves if p.message.message_id == 0]
    his = [p for p in moves if p.who == dmitri]
    laid = [d for d in engine_of(record).state.decisions if d.seat == seat]
    # A short match (a big fish in its first hand) may give him no tile to lay.
    assert bool(his) == bool(laid), f"{len(his)} presses of his, {len(laid)} tiles laid"
    assert all(p.message.message_id == 0 for p in his)  # all from the group
    # The calls the bot made, but its polling for updates.
    made = Counter(c.method for c in world.api.calls()[start:] if c.method != "getUpdates")
    calls = sum(made.values())
    print(f"{len(moves)} moves, {len(from_group)} from the group, {calls} calls: {dict(made)}")
    world.figures.rates["calls a move, from the group"] = calls / len(moves)
    world.figures.rates["share of moves from the group"] = len(from_group) / len(moves)
    assert calls / len(moves) <= CALLS_PER_MOVE, f"{calls} calls for {len(moves)} moves"
    # A move costs the group two writes here (its table, the next mover's hand) of its 20
    # a minute: at a press every 2 s some hands come past their owner's patience, and
    # those moves are made from the private chat (nothing waits for the group).
    assert len(from_group) * 2 >= len(moves), f"{len(from_group)} of {len(moves)} moves"
