"""Games shown as pictures: the table drawn as a photo whose caption says what matters
(whose turn, the open ends, the score), changed with one call per change
(`editMessageMedia`, or `editMessageCaption` when the picture is the same), a text
message that had to become a photo (a /play menu, a lobby) sent anew and the old one
deleted, and an unchanged picture never drawn or sent again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import EditMessageMedia, SendPhoto, TelegramMethod
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from fakeredis import FakeAsyncRedis

from bot.app import App
from bot.game.state import Playing
from bot.store import keys
from bot.telegram.outbox.calls import Calls
from bot.telegram.outbox.sender import Sender
from bot.telegram.ports import Look
from bot.telegram.render import drawing
from bot.telegram.render.captions import CAPTION_LIMIT, visible_length
from bot.telegram.render.content import Content, Picture
from bot.telegram.show.placement import GroupShows
from core.positions import seeded_position
from core.variants import Variant
from core.views import public_view
from picture.scene import Scene, scene_of
from picture.table import render_scene
from tests.bot.conftest import CHAT_LIMITS, FakeClock
from tests.bot.fake_telegram import WRONG_FILE, FakeTelegram, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    GROUP,
    game_in,
    hand,
    kozel_of_four,
    open_lobby,
    table,
)
from tests.bot.telegram.handlers.driver import open_game
from texts import Texts

PICTURES = pytest.mark.parametrize("look", [Look.PICTURE], indirect=True)


def drawn_position(variant: Variant, players: int, moves: int) -> bytes:
    """The PNG of a seeded position (any picture will do for these calls)."""
    view = public_view(seeded_position(variant, players, 7, moves))
    names = [f"P{n}" for n in range(players)]
    return render_scene(scene_of(view, names, [False] * players, Texts().translator("en")))


def calls_of(bot: Bot) -> Calls:
    return Calls(bot)


def counted(key: str, png: bytes) -> tuple[Picture, list[int]]:
    """A picture that counts how often it is drawn."""
    drawn: list[int] = []

    def draw() -> bytes:
        drawn.append(1)
        return png

    return Picture(key, draw), drawn


@PICTURES
async def test_a_direct_game_is_one_photo_edited_once_per_press(
    harness: TelegramHarness, fake: FakeTelegram
) -> None:
    await open_game(harness, "Draw game", "1 bot", "Easy", "100")
    game = fake.last_in(ALICE.id)
    assert game.photo is not None
    width, _ = fake.photo_of(game.chat_id, game.message_id).size
    assert width <= 1280
    assert any(news in game.text.splitlines()[0] for news in ("your move", "to play", "lead"))
    assert "Line:" not in game.text  # the picture shows the line; the caption does not
    # The /play menu could not become a photo: it was deleted, leaving one game message.
    assert [m.message_id for (c, _), m in fake.messages.items() if c == ALICE.id] == [
        game.message_id
    ]
    before = len(fake.calls)
    photo = game.photo
    answer = await harness.press(ALICE, game, game.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    made = [c.name for c in fake.calls[before:]]
    assert made.count("editMessageMedia") == 1
    assert "sendPhoto" not in made
    assert "sendMessage" not in made
    assert fake.message(game.chat_id, game.message_id).photo != photo


@PICTURES
async def test_the_groups_table_is_a_photo_whose_caption_says_whose_turn_it_is(
    harness: TelegramHarness, fake: FakeTelegram
) -> None:
    lobby = await table(harness) if await open_lobby(harness) else None
    assert lobby is not None
    assert lobby.photo is None
    game = await kozel_of_four(harness)
    shown = await table(harness)
    assert shown.photo is not None
    assert shown.message_id != lobby.message_id
    assert (GROUP, lobby.message_id) not in fake.messages  # one table in the group
    assert isinstance(game.state, Playing)
    turn = game.human(game.state.turn)
    assert f"tg://user?id={turn.user_id}" in shown.text  # the mention notifies them
    assert "Score:" in shown.text
    assert shown.buttons()  # "my hand" under the picture, as under the text
    # Each person's hand is a photo with their moves under it.
    mine = await hand(harness, turn.user_id)
    assert mine.photo is not None
    assert mine.buttons()
    assert visible_length(mine.text) <= CAPTION_LIMIT


async def test_the_same_picture_changes_only_the_caption_and_is_not_drawn_again(
    bot: Bot, fake: FakeTelegram
) -> None:
    calls = calls_of(bot)
    png = drawn_position(Variant.KOZEL, 4, 10)
    picture, drawn = counted("table-1", png)
    first = await calls.put(ALICE.id, None, Content("Hand 1", picture=picture))
    assert drawn == [1]
    same, drawn_again = counted("table-1", png)
    markup = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="Next", callback_data="x")]]
    )
    put = await calls.put(
        ALICE.id, first.message_id, Content("Hand 2", markup, picture=same), "table-1"
    )
    assert put.message_id == first.message_id is not None
    assert put.replaced is None
    assert drawn_again == []  # never drawn: the message keeps the picture it has
    assert fake.calls[-1].name == "editMessageCaption"
    assert fake.message(ALICE.id, first.message_id).text == "Hand 2"


async def test_a_message_of_the_other_kind_is_sent_anew_and_handed_back_to_delete(
    bot: Bot, fake: FakeTelegram
) -> None:
    """A text message thought to be a photo (a record from before pictures, a lost
    answer): Telegram says it has no media; the picture goes in a new message."""
    calls = calls_of(bot)
    words = await calls.put(ALICE.id, None, Content("a menu"))
    picture, _ = counted("table-2", drawn_position(Variant.DRAW, 2, 6))
    put = await calls.put(ALICE.id, words.message_id, Content("Hand 1", picture=picture), "old")
    assert fake.calls[-2].name == "editMessageMedia"  # refused: no media in a text message
    assert fake.calls[-1].name == "sendPhoto"
    assert put.replaced == words.message_id
    assert put.photo == "table-2"
    # And back: a photo cannot become words; a text goes anew.
    back = await calls.put(ALICE.id, put.message_id, Content("words again"), put.photo)
    assert back.replaced == put.message_id
    assert back.message_id is not None
    assert fake.message(ALICE.id, back.message_id).photo is None


@PICTURES
async def test_a_pass_with_nothing_changed_draws_and_sends_nothing(
    harness: TelegramHarness, app: App, fake: FakeTelegram
) -> None:
    await kozel_of_four(harness)
    game = await game_in(harness)
    shown = GroupShows.of(await harness.messages.load(game.game_id))
    assert shown.table is not None
    assert shown.table.photo
    before = len(fake.calls)
    drawing.drawn.cache_clear()
    await app.outbox.changed(game)
    await harness.settle()
    assert len(fake.calls) == before
    assert drawing.drawn.cache_info().misses == 0


REAL = CHAT_LIMITS


@PICTURES
@pytest.mark.parametrize("pace", [REAL], indirect=True)
async def test_the_menu_a_picture_replaced_goes_at_the_chats_pace_not_in_a_batch(
    harness: TelegramHarness, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Telegram's limits enforced: the photo takes the chat's slot, and the /play menu
    (with its buttons) is deleted in the next one, not left for a batch of old hands."""
    fake.limit(lambda: clock.now().timestamp())
    await open_game(harness, "Block game", "1 bot", "Easy", "100", clock=clock)
    for _ in range(5):
        clock.advance(1.5)
        await harness.settle()
    left = [m for (chat, _), m in fake.messages.items() if chat == ALICE.id]
    assert len(left) == 1  # the menu is gone
    assert left[0].photo is not None
    assert fake.floods == 0


@PICTURES
async def test_a_picture_is_drawn_before_its_turn_is_taken(
    harness: TelegramHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A call must reach Telegram right after its turn: drawing between the two would
    let calls arrive bunched, past the chat's limit, on a loaded machine."""
    game = await open_game(harness, "Draw game", "1 bot", "Easy", "100")
    drawing.drawn.cache_clear()  # drawn by another test, a picture would not be drawn again
    events: list[str] = []
    draw, take = render_scene, Sender._turn

    def drawn(scene: Scene) -> bytes:
        events.append("draw")
        return draw(scene)

    async def taken(self: Sender) -> None:
        events.append("turn")
        await take(self)

    monkeypatch.setattr(drawing, "render_scene", drawn)
    monkeypatch.setattr(Sender, "_turn", taken)
    answer = await harness.press(ALICE, game, game.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    assert events[:2] == ["draw", "turn"]


def refusing_pictures(chat_id: int) -> Callable[[TelegramMethod[Any]], Exception | None]:
    """Telegram refuses every picture sent to `chat_id` (as it does a bad file id)."""

    def hook(method: TelegramMethod[Any]) -> Exception | None:
        if isinstance(method, SendPhoto | EditMessageMedia) and method.chat_id == chat_id:
            return TelegramBadRequest(method, WRONG_FILE)  # type: ignore[misc]
        return None

    return hook


@PICTURES
async def test_a_chat_whose_pictures_telegram_refuses_is_shown_as_text_and_goes_on(
    harness: TelegramHarness, fake: FakeTelegram, redis: FakeAsyncRedis
) -> None:
    fake.fail_next.extend([refusing_pictures(ALICE.id)] * 3)
    game = await open_game(harness, "Block game", "1 bot", "Easy", "50")
    shown = fake.message(game.chat_id, game.message_id)
    assert shown.photo is None
    assert "<b>Block game</b>" in shown.text
    assert await redis.get(keys.look(ALICE.id)) == Look.TEXT.value.encode()  # as /look says
    before = shown.text
    answer = await harness.press(ALICE, shown, shown.buttons()[0].callback_data or "")
    assert alert_of(answer) is None
    assert fake.message(game.chat_id, game.message_id).text != before  # and it goes on


@PICTURES
async def test_a_group_whose_pictures_telegram_refuses_sees_its_table_as_text(
    harness: TelegramHarness, fake: FakeTelegram
) -> None:
    fake.fail_next.extend([refusing_pictures(GROUP)] * 3)
    await kozel_of_four(harness)
    table_now = await table(harness)
    assert table_now.photo is None
    assert "Line:" in table_now.text or "The line is empty" in table_now.text
