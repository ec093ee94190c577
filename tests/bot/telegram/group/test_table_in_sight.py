"""The table stays in sight: once a few messages came under it, its next change is
sent at the bottom of the group and the old one deleted; a table that does not change
is not sent again (no message of its own), and a few messages change nothing."""

from __future__ import annotations

from tests.bot.conftest import FakeClock
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    EVE,
    GROUP,
    kozel_of_four,
    play_one_move,
    table,
)


async def kozel(harness: TelegramHarness, clock: FakeClock) -> int:
    await kozel_of_four(harness, clock, 5)
    return (await table(harness)).message_id


def deleted_in_group(harness: TelegramHarness) -> list[int]:
    return [
        message_id
        for c in harness.fake.named("deleteMessages")
        if c.params["chat_id"] == GROUP
        for message_id in c.params["message_ids"]
    ]


async def chatter(harness: TelegramHarness, times: int) -> None:
    """Members talk to the bot in the group (each command and its answer count)."""
    for _ in range(times):
        await harness.send(EVE, "/help", chat_id=GROUP)


async def test_a_buried_table_comes_back_at_the_bottom_with_its_next_change(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    first = await kozel(harness, clock)
    await chatter(harness, 3)  # six messages under the table
    await play_one_move(harness)
    clock.advance(5)
    await harness.settle()
    now = await table(harness)
    assert now.message_id != first, "the buried table was edited in place"
    assert now.message_id == max(m for (c, m) in harness.fake.messages if c == GROUP)
    assert deleted_in_group(harness) == [first]


async def test_a_table_that_does_not_change_is_not_sent_again(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    first = await kozel(harness, clock)
    await chatter(harness, 4)
    clock.advance(30)
    await harness.settle()
    assert (await table(harness)).message_id == first
    assert deleted_in_group(harness) == []


async def test_a_few_messages_under_the_table_leave_it_in_place(
    harness: TelegramHarness, clock: FakeClock
) -> None:
    first = await kozel(harness, clock)
    await chatter(harness, 1)
    await play_one_move(harness)
    clock.advance(5)
    await harness.settle()
    assert (await table(harness)).message_id == first
