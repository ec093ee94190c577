"""Replies in a group answer their command (`bot.telegram.outbox.threads`): a `/score`
answered after a `/history` does not read as the answer to `/history`; a reply stands
alone when its command was deleted first; private replies answer nothing."""

from __future__ import annotations

import pytest
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import SendMessage, TelegramMethod
from aiogram.types import ReplyParameters

from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import ALICE, BOB, GROUP, open_lobby


def last_command(harness: TelegramHarness) -> int:
    """The id of the message the harness sent last."""
    update = harness.last_update
    message = update.message if update is not None else None
    assert message is not None
    return message.message_id


async def test_each_group_reply_answers_its_own_command(harness: TelegramHarness) -> None:
    await open_lobby(harness)
    commands = []
    before = len(harness.fake.calls)
    for who, text in ((ALICE, "/history"), (BOB, "/rules"), (ALICE, "/top")):
        await harness.send(who, text, chat_id=GROUP)
        commands.append(last_command(harness))
    sent = [
        c
        for c in harness.fake.calls[before:]
        if c.name == "sendMessage" and c.params["chat_id"] == GROUP
    ]
    assert [c.params["reply_parameters"].message_id for c in sent] == commands
    assert all(c.params["reply_parameters"].allow_sending_without_reply for c in sent)
    stored = [m for (chat, _), m in harness.fake.messages.items() if chat == GROUP]
    assert sorted(m.reply_to for m in stored if m.reply_to is not None) == commands


async def test_a_private_reply_answers_nothing(harness: TelegramHarness) -> None:
    before = len(harness.fake.calls)
    await harness.send(ALICE, "/help")
    sent = [c for c in harness.fake.calls[before:] if c.name == "sendMessage"]
    assert sent
    assert all(c.params.get("reply_parameters") is None for c in sent)


async def test_telegram_refuses_an_answer_to_a_deleted_message_unless_it_may_stand_alone(
    harness: TelegramHarness,
) -> None:
    """The fake Telegram, as documented (ReplyParameters.allow_sending_without_reply)."""
    await harness.send(ALICE, "/rules", chat_id=GROUP)
    command = last_command(harness)
    harness.fake.written.discard((GROUP, command))  # the person deleted it
    alone = await harness.bot.send_message(
        chat_id=GROUP,
        text="standing alone",
        reply_parameters=ReplyParameters(message_id=command, allow_sending_without_reply=True),
    )
    assert harness.fake.message(GROUP, alone.message_id).reply_to is None
    with pytest.raises(TelegramBadRequest, match="message to be replied not found"):
        await harness.bot.send_message(
            chat_id=GROUP,
            text="refused",
            reply_parameters=ReplyParameters(message_id=command, allow_sending_without_reply=False),
        )


async def test_a_reply_whose_command_telegram_no_longer_finds_goes_on_its_own(
    harness: TelegramHarness,
) -> None:
    """In a forum topic a reply may never stand alone: Telegram refuses an answer to a
    deleted command there, and the reply goes again without answering it."""

    def gone(method: TelegramMethod[object]) -> Exception | None:
        if isinstance(method, SendMessage) and method.reply_parameters is not None:
            return TelegramBadRequest(method, "Bad Request: message to be replied not found")
        return None

    harness.fake.fail_next.append(gone)
    before = len(harness.fake.calls)
    await harness.send(ALICE, "/rules", chat_id=GROUP)
    sent = [c for c in harness.fake.calls[before:] if c.name == "sendMessage"]
    assert [c.params.get("reply_parameters") is None for c in sent] == [False, True]
    assert harness.fake.last_in(GROUP).reply_to is None
