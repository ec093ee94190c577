"""The fake Telegram keeps photos: what the bot sends can be opened and looked at."""

from __future__ import annotations

import io

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import (
    BufferedInputFile,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
)
from PIL import Image

from tests.bot.fake_telegram import FakeTelegram

CHAT = -100


def png(color: tuple[int, int, int], size: tuple[int, int] = (40, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def upload(color: tuple[int, int, int]) -> BufferedInputFile:
    return BufferedInputFile(png(color), filename="table.png")


MARKUP = InlineKeyboardMarkup(
    inline_keyboard=[[InlineKeyboardButton(text="Play", callback_data="play")]]
)


async def test_a_sent_photo_is_kept_with_its_caption(bot: Bot, fake: FakeTelegram) -> None:
    sent = await bot.send_photo(
        CHAT, upload((255, 0, 0)), caption="<b>Table</b>", reply_markup=MARKUP
    )
    stored = fake.message(CHAT, sent.message_id)
    assert stored.text == stored.caption == "<b>Table</b>"
    assert stored.markup == MARKUP
    assert fake.photo_of(CHAT, sent.message_id).getpixel((5, 5)) == (255, 0, 0)
    assert sent.photo is not None
    assert (sent.photo[-1].width, sent.photo[-1].height) == (40, 30)
    assert sent.caption == "<b>Table</b>"  # as sent, as the fake answers texts
    assert fake.named("sendPhoto")[0].params["caption"] == "<b>Table</b>"


async def test_a_photo_is_edited_to_another(bot: Bot, fake: FakeTelegram) -> None:
    sent = await bot.send_photo(CHAT, upload((255, 0, 0)), caption="before")
    media = InputMediaPhoto(media=upload((0, 0, 255)), caption="after")
    await bot.edit_message_media(media=media, chat_id=CHAT, message_id=sent.message_id)
    assert fake.photo_of(CHAT, sent.message_id).getpixel((5, 5)) == (0, 0, 255)
    assert fake.message(CHAT, sent.message_id).text == "after"
    await bot.edit_message_caption(chat_id=CHAT, message_id=sent.message_id, caption="later")
    assert fake.message(CHAT, sent.message_id).caption == "later"


async def test_a_photo_sent_again_by_its_file_id(bot: Bot, fake: FakeTelegram) -> None:
    first = await bot.send_photo(CHAT, upload((0, 255, 0)))
    assert first.photo is not None
    again = await bot.send_photo(CHAT, first.photo[-1].file_id)
    assert fake.photo_of(CHAT, again.message_id).getpixel((0, 0)) == (0, 255, 0)
    with pytest.raises(TelegramBadRequest, match="wrong file identifier"):
        await bot.send_photo(CHAT, "no-such-file")


async def test_a_text_message_holds_no_media_to_edit(bot: Bot, fake: FakeTelegram) -> None:
    text = await bot.send_message(CHAT, "words")
    media = InputMediaPhoto(media=upload((0, 0, 0)))
    with pytest.raises(TelegramBadRequest, match="there is no media in the message to edit"):
        await bot.edit_message_media(media=media, chat_id=CHAT, message_id=text.message_id)
    with pytest.raises(TelegramBadRequest, match="there is no caption in the message to edit"):
        await bot.edit_message_caption(chat_id=CHAT, message_id=text.message_id, caption="x")
    photo = await bot.send_photo(CHAT, upload((0, 0, 0)))
    with pytest.raises(TelegramBadRequest, match="there is no text in the message to edit"):
        await bot.edit_message_text("words", chat_id=CHAT, message_id=photo.message_id)
    assert fake.message(CHAT, text.message_id).photo is None


async def test_the_same_media_again_is_not_modified(bot: Bot, fake: FakeTelegram) -> None:
    sent = await bot.send_photo(CHAT, upload((9, 9, 9)), caption="same", reply_markup=MARKUP)
    media = InputMediaPhoto(media=upload((9, 9, 9)), caption="same")
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_media(
            media=media, chat_id=CHAT, message_id=sent.message_id, reply_markup=MARKUP
        )
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_caption(
            chat_id=CHAT, message_id=sent.message_id, caption="same", reply_markup=MARKUP
        )
    # Another markup is a change, even with the same picture.
    await bot.edit_message_media(media=media, chat_id=CHAT, message_id=sent.message_id)
    assert fake.message(CHAT, sent.message_id).markup is None


async def test_photos_obey_the_limits_and_refusals(bot: Bot, fake: FakeTelegram) -> None:
    fake.unreachable.add(77)
    with pytest.raises(TelegramForbiddenError, match="can't initiate conversation"):
        await bot.send_photo(77, upload((1, 2, 3)))
    with pytest.raises(TelegramBadRequest, match="IMAGE_PROCESS_FAILED"):
        await bot.send_photo(CHAT, BufferedInputFile(b"not a picture", filename="x.png"))
    with pytest.raises(TelegramBadRequest, match="caption is too long"):
        await bot.send_photo(CHAT, upload((1, 2, 3)), caption="x" * 1025)
    fake.flood(1, retry_after=3)
    sent = await bot.send_photo(CHAT, upload((1, 2, 3)))  # the bot waits and sends again
    assert [c.name for c in fake.calls[-2:]] == ["sendPhoto", "sendPhoto"]
    assert fake.photo_of(CHAT, sent.message_id).getpixel((0, 0)) == (1, 2, 3)
