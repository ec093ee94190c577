"""The fake Telegram's ephemeral messages behave as the Bot API documents them (see
`tests/bot/fake_ephemeral.py`), refusals included: a test that passes against the fake
says something about Telegram."""

from __future__ import annotations

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import EphemeralMessageParameters, InlineKeyboardButton, InlineKeyboardMarkup

from tests.bot.fake_telegram import FakeTelegram

GROUP = -1001234567890
ANN, BOB = 11, 12


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def clock(fake: FakeTelegram) -> Clock:
    ticking = Clock()
    fake.ephemerals.clock = ticking
    return ticking


def to(
    user_id: int, query: str | None = None, replace: bool | None = None
) -> EphemeralMessageParameters:
    return EphemeralMessageParameters(
        receiver_user_id=user_id, callback_query_id=query, replace_callback_query_message=replace
    )


def button(text: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=text, callback_data="x")]]
    )


async def test_only_its_receiver_sees_it_and_it_has_no_message_id(
    bot: Bot, fake: FakeTelegram
) -> None:
    fake.ephemerals.pressed("q1", ANN, GROUP, on_ephemeral=False)
    sent = await bot.send_message(GROUP, "your hand", ephemeral_message_parameters=to(ANN, "q1"))
    assert sent.message_id == 0
    assert sent.ephemeral_message_id is not None
    assert sent.receiver_user is not None
    assert sent.receiver_user.id == ANN
    assert [m.text for m in fake.ephemerals.seen_by(ANN, GROUP)] == ["your hand"]
    assert fake.ephemerals.seen_by(BOB, GROUP) == []
    assert all(chat != GROUP for chat, _ in fake.messages)  # not a message of the group


async def test_a_bot_that_is_no_admin_needs_the_receivers_press_of_the_last_15_s(
    bot: Bot, fake: FakeTelegram, clock: Clock
) -> None:
    with pytest.raises(TelegramBadRequest):  # no press named
        await bot.send_message(GROUP, "x", ephemeral_message_parameters=to(ANN))
    fake.ephemerals.pressed("q1", BOB, GROUP, on_ephemeral=False)
    with pytest.raises(TelegramBadRequest):  # someone else's press
        await bot.send_message(GROUP, "x", ephemeral_message_parameters=to(ANN, "q1"))
    fake.ephemerals.pressed("q2", ANN, GROUP, on_ephemeral=False)
    clock.now += 16
    with pytest.raises(TelegramBadRequest):  # too old
        await bot.send_message(GROUP, "x", ephemeral_message_parameters=to(ANN, "q2"))
    fake.ephemerals.pressed("q3", ANN, GROUP, on_ephemeral=False)
    clock.now += 14
    await bot.send_message(GROUP, "x", ephemeral_message_parameters=to(ANN, "q3"))


async def test_an_administrator_may_send_one_to_any_member_but_not_an_outsider(
    bot: Bot, fake: FakeTelegram
) -> None:
    fake.bot_admin_in.add(GROUP)
    await bot.send_message(GROUP, "x", ephemeral_message_parameters=to(ANN))
    fake.outsiders[GROUP] = {BOB}
    with pytest.raises(TelegramBadRequest):
        await bot.send_message(GROUP, "x", ephemeral_message_parameters=to(BOB))


async def test_it_is_for_groups_only(bot: Bot, fake: FakeTelegram) -> None:
    fake.ephemerals.pressed("q1", ANN, ANN, on_ephemeral=False)
    with pytest.raises(TelegramBadRequest):
        await bot.send_message(ANN, "x", ephemeral_message_parameters=to(ANN, "q1"))


async def test_a_press_on_an_ephemeral_message_may_not_replace_it(
    bot: Bot, fake: FakeTelegram
) -> None:
    fake.ephemerals.pressed("q1", ANN, GROUP, on_ephemeral=True)
    with pytest.raises(TelegramBadRequest):
        await bot.send_message(GROUP, "x", ephemeral_message_parameters=to(ANN, "q1", True))


async def test_it_is_edited_and_deleted_by_chat_receiver_and_id(
    bot: Bot, fake: FakeTelegram
) -> None:
    fake.ephemerals.pressed("q1", ANN, GROUP, on_ephemeral=False)
    sent = await bot.send_message(GROUP, "a", ephemeral_message_parameters=to(ANN, "q1"))
    ephemeral = sent.ephemeral_message_id
    assert ephemeral is not None
    await bot.edit_ephemeral_message_text(
        chat_id=GROUP, receiver_user_id=ANN, ephemeral_message_id=ephemeral, text="b"
    )
    with pytest.raises(TelegramBadRequest, match="not modified"):
        await bot.edit_ephemeral_message_text(
            chat_id=GROUP, receiver_user_id=ANN, ephemeral_message_id=ephemeral, text="b"
        )
    await bot.edit_ephemeral_message_reply_markup(
        chat_id=GROUP,
        receiver_user_id=ANN,
        ephemeral_message_id=ephemeral,
        reply_markup=button("1"),
    )
    (shown,) = fake.ephemerals.seen_by(ANN, GROUP)
    assert (shown.text, shown.markup) == ("b", button("1"))
    with pytest.raises(TelegramBadRequest, match="not found"):  # Bob received none
        await bot.edit_ephemeral_message_text(
            chat_id=GROUP, receiver_user_id=BOB, ephemeral_message_id=ephemeral, text="c"
        )
    await bot.delete_ephemeral_message(
        chat_id=GROUP, receiver_user_id=ANN, ephemeral_message_id=ephemeral
    )
    assert fake.ephemerals.seen_by(ANN, GROUP) == []
    with pytest.raises(TelegramBadRequest, match="not found"):
        await bot.edit_ephemeral_message_text(
            chat_id=GROUP, receiver_user_id=ANN, ephemeral_message_id=ephemeral, text="d"
        )


async def test_someone_offline_never_sees_it_though_it_was_accepted(
    bot: Bot, fake: FakeTelegram
) -> None:
    fake.ephemerals.offline.add(ANN)
    fake.ephemerals.pressed("q1", ANN, GROUP, on_ephemeral=False)
    sent = await bot.send_message(GROUP, "a", ephemeral_message_parameters=to(ANN, "q1"))
    assert sent.ephemeral_message_id is not None  # nothing tells the bot
    assert fake.ephemerals.seen_by(ANN, GROUP) == []


async def test_an_expired_one_cannot_be_edited(bot: Bot, fake: FakeTelegram, clock: Clock) -> None:
    fake.ephemerals.lifetime = 60
    fake.ephemerals.pressed("q1", ANN, GROUP, on_ephemeral=False)
    sent = await bot.send_message(GROUP, "a", ephemeral_message_parameters=to(ANN, "q1"))
    assert sent.ephemeral_message_id is not None
    clock.now += 61
    with pytest.raises(TelegramBadRequest, match="not found"):
        await bot.edit_ephemeral_message_text(
            chat_id=GROUP,
            receiver_user_id=ANN,
            ephemeral_message_id=sent.ephemeral_message_id,
            text="b",
        )
