"""A player's private hand takes them back to the group's table with one press: a link
to the table's message (a supergroup's; a basic group's messages have no link), which
follows the table when it is sent anew."""

from __future__ import annotations

from bot.telegram.render.hands import table_link
from tests.bot.fake_telegram import StoredMessage, TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GROUP,
    SUPERGROUP,
    game_in,
    hand,
    open_lobby,
    play_one_move,
    seat_everyone,
    table,
)
from texts import Texts


def links_of(message: StoredMessage) -> list[tuple[str, str]]:
    return [(b.text, b.url) for b in message.buttons() if b.url]


def test_only_a_supergroups_messages_have_a_link() -> None:
    assert table_link(SUPERGROUP, 42) == "https://t.me/c/1234567890/42"
    assert table_link(GROUP, 42) is None
    assert table_link(SUPERGROUP, None) is None


async def test_a_hand_in_a_supergroup_links_to_the_groups_table_in_its_own_language(
    harness: TelegramHarness, texts: Texts
) -> None:
    await open_lobby(harness, chat_id=SUPERGROUP)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id, chat_id=SUPERGROUP)
    await play_one_move(harness, SUPERGROUP)
    shown = await table(harness, SUPERGROUP)
    url = f"https://t.me/c/1234567890/{shown.message_id}"
    for person, lang in ((ALICE, "en"), (BOB, "ru")):
        mine = await hand(harness, person.id, SUPERGROUP)
        assert links_of(mine) == [(texts.get(lang, "btn-to-table"), url)]
        assert mine.buttons()[-1].url == url  # below the moves, if any


async def test_a_basic_groups_hands_have_no_link(harness: TelegramHarness) -> None:
    await open_lobby(harness)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id)
    await play_one_move(harness)
    for person in (ALICE, BOB, CAROL, DAVE):
        assert links_of(await hand(harness, person.id)) == []


async def test_the_link_follows_a_table_sent_anew_by_the_persons_next_turn(
    harness: TelegramHarness,
) -> None:
    await open_lobby(harness, chat_id=SUPERGROUP)
    await seat_everyone(harness, BOB.id, CAROL.id, DAVE.id, chat_id=SUPERGROUP)
    old = await table(harness, SUPERGROUP)
    await harness.send(ALICE, "/board", chat_id=SUPERGROUP)
    new = await table(harness, SUPERGROUP)
    assert new.message_id != old.message_id
    for _ in range(4):  # everyone's turn comes once
        await play_one_move(harness, SUPERGROUP)
    game = await game_in(harness, SUPERGROUP)
    url = f"https://t.me/c/1234567890/{new.message_id}"
    for _, person in game.humans():
        assert [link for _, link in links_of(await hand(harness, person.user_id, SUPERGROUP))] == [
            url
        ]
