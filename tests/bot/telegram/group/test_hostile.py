"""Hostile and odd input in groups: forged buttons on the group's messages, joining
from outside the group, odd command arguments, a group the bot was removed from.
Each gets a clear answer, or none where nothing can be told, and changes nothing."""

from __future__ import annotations

import logging

import pytest
from aiogram.utils.deep_linking import create_start_link

from bot.game.actions import GroupAction
from bot.game.state import Lobby
from bot.telegram.callbacks import GroupData, MenuData
from bot.telegram.render.lobby import join_payload
from tests.bot.fake_telegram import TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    EVE,
    GROUP,
    game_in,
    group_texts,
    open_lobby,
    table,
    tap,
)
from texts import Texts


@pytest.mark.parametrize(
    "forged",
    [
        MenuData(variant="draw", opponents=1, level="easy", target=50).pack(),
        "lg:ru",
        "ru:kozel",
    ],
    ids=["menu", "language", "rules"],
)
async def test_a_private_chats_button_forged_on_the_table_changes_nothing(
    harness: TelegramHarness, texts: Texts, forged: str
) -> None:
    await open_lobby(harness)
    lobby = await table(harness)
    before = (lobby.text, lobby.buttons())
    answer = await harness.press(EVE, lobby, forged)
    assert alert_of(answer) == texts.get("en", "refusal-wrong-chat")
    after = await table(harness)
    assert (after.text, after.buttons()) == before
    assert isinstance((await game_in(harness)).state, Lobby)  # no game of Eve's here


@pytest.mark.parametrize(
    ("action", "arg"), [(GroupAction.KEEP, -1), (GroupAction.CANCEL, 1)], ids=["no", "yes"]
)
async def test_an_old_style_stop_confirmation_is_out_of_date_and_changes_nothing(
    harness: TelegramHarness, texts: Texts, action: GroupAction, arg: int
) -> None:
    """The confirmations anyone could answer: pressed by the opener, forged on the table,
    they no longer stop the game nor replace the table."""
    game = await open_lobby(harness)
    lobby = await table(harness)
    before = (lobby.text, lobby.buttons())
    old = GroupData(game=game.game_id, action=action, arg=arg).pack()
    answer = await harness.press(ALICE, lobby, old)
    assert alert_of(answer) == texts.get("en", "refusal-stale")
    after = await table(harness)
    assert (after.text, after.buttons()) == before
    assert (await game_in(harness)).record == game.record


async def test_a_groups_button_forged_in_another_chat_changes_nothing(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await open_lobby(harness)
    await harness.send(EVE, "/start")
    mine = harness.fake.last_in(EVE.id)
    join = GroupData(game=game.game_id, action=GroupAction.JOIN).pack()
    answer = await harness.press(EVE, mine, join)
    assert alert_of(answer) == texts.get("en", "refusal-wrong-chat")
    assert (await game_in(harness)).record == game.record


async def test_someone_outside_the_group_cannot_join_by_button_or_link(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await open_lobby(harness)
    harness.fake.outsiders[GROUP] = {EVE.id}
    answer = await tap(harness, EVE.id, await table(harness), "Join")
    assert alert_of(answer) == texts.get("en", "refusal-not-a-member")
    link = await create_start_link(harness.bot, join_payload(game.game_id))
    await harness.send(EVE, "/start " + link.split("start=")[1])
    assert harness.fake.last_in(EVE.id).text == texts.get("en", "refusal-not-a-member")
    assert (await game_in(harness)).record == game.record


@pytest.mark.parametrize("argument", ["²", "٣", "draw 9", "x" * 10_000, "block 3 4"])
async def test_odd_new_arguments_get_the_usage_and_open_nothing(
    harness: TelegramHarness, texts: Texts, argument: str
) -> None:
    await harness.send(ALICE, f"/new {argument}", chat_id=GROUP)
    assert group_texts(harness)[-1] == texts.get("en", "group-new-usage")
    assert await harness.storage.load_for_chat(GROUP) is None


async def test_an_update_from_a_group_the_bot_left_is_dropped_quietly(
    harness: TelegramHarness, caplog: pytest.LogCaptureFixture
) -> None:
    await open_lobby(harness)
    harness.fake.removed_from.add(GROUP)
    caplog.set_level(logging.INFO)
    calls = len(harness.fake.calls)
    await harness.send(BOB, "/score", chat_id=GROUP)
    await harness.send(BOB, "/new ²", chat_id=GROUP)
    refused = [c for c in harness.fake.calls[calls:] if c.params.get("chat_id") == GROUP]
    assert len(refused) == 2  # one attempt each, no error reply after the 403
    assert "Traceback" not in caplog.text
    assert caplog.text.count("cannot write to") == 2


async def test_a_lone_surrogate_in_callback_data_is_an_unknown_button(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await open_lobby(harness)
    answer = await harness.press(BOB, await table(harness), f"gp:{game.game_id[:9]}\ud800:join")
    assert alert_of(answer) == texts.get("en", "refusal-unknown-button")  # the group's
