"""The HTTP fake Telegram takes photos as aiogram uploads them (multipart form data,
the file in a part named by `attach://<part>`) and keeps their bytes. Needs no Redis
and no bot process: a real aiogram `Bot` talks to the fake."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import (
    BufferedInputFile,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
)
from PIL import Image

from tests.e2e.fake_bot_api import BOT_ID, FakeBotApi

CHAT = -100
MARKUP = InlineKeyboardMarkup(
    inline_keyboard=[[InlineKeyboardButton(text="Play", callback_data="play")]]
)


def upload(color: tuple[int, int, int]) -> BufferedInputFile:
    out = io.BytesIO()
    Image.new("RGB", (32, 24), color).save(out, format="PNG")
    return BufferedInputFile(out.getvalue(), filename="table.png")


@pytest_asyncio.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi()
    await fake.start()
    yield fake
    await fake.close()


@pytest_asyncio.fixture
async def bot(api: FakeBotApi) -> AsyncIterator[Bot]:
    session = AiohttpSession(api=TelegramAPIServer.from_base(api.url))
    async with Bot(f"{BOT_ID}:photos-test", session=session) as bot:
        yield bot


async def test_a_photo_uploaded_over_http_is_kept(api: FakeBotApi, bot: Bot) -> None:
    sent = await bot.send_photo(
        CHAT, upload((255, 0, 0)), caption="<b>Table</b>", parse_mode="HTML", reply_markup=MARKUP
    )
    stored = api.last_in(CHAT)
    assert stored.message_id == sent.message_id
    assert stored.text == "<b>Table</b>"
    assert stored.labels() == ["Play"]
    assert stored.photo is not None
    assert api.photo_of(CHAT, sent.message_id).getpixel((3, 3)) == (255, 0, 0)
    assert sent.caption == "Table"
    assert sent.photo is not None
    assert (sent.photo[-1].width, sent.photo[-1].height) == (32, 24)
    # The same photo again by the file_id Telegram gave it.
    again = await bot.send_photo(CHAT, sent.photo[-1].file_id)
    assert api.photo_of(CHAT, again.message_id).getpixel((0, 0)) == (255, 0, 0)


async def test_a_photo_is_edited_over_http(api: FakeBotApi, bot: Bot) -> None:
    sent = await bot.send_photo(CHAT, upload((255, 0, 0)), caption="before")
    media = InputMediaPhoto(media=upload((0, 0, 255)), caption="after")
    await bot.edit_message_media(media=media, chat_id=CHAT, message_id=sent.message_id)
    assert api.photo_of(CHAT, sent.message_id).getpixel((3, 3)) == (0, 0, 255)
    assert api.last_in(CHAT).text == "after"
    assert api.last_in(CHAT).revision == 1
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_media(media=media, chat_id=CHAT, message_id=sent.message_id)
    await bot.edit_message_caption(chat_id=CHAT, message_id=sent.message_id, caption="later")
    assert api.last_in(CHAT).text == "later"
    text = await bot.send_message(CHAT, "words")
    with pytest.raises(TelegramBadRequest, match="there is no media in the message to edit"):
        await bot.edit_message_media(media=media, chat_id=CHAT, message_id=text.message_id)
    with pytest.raises(TelegramBadRequest, match="there is no text in the message to edit"):
        await bot.edit_message_text("words", chat_id=CHAT, message_id=sent.message_id)
    assert [c.method for c in api.calls() if not c.ok] == [
        "editMessageMedia",
        "editMessageMedia",
        "editMessageText",
    ]
