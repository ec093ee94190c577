"""/look: each chat chooses how it sees its games, the table drawn (a photo with a
caption) or as text. A person chooses for their private chat; in a group, its live
game's opener or an admin chooses for the group. The chat's games are shown again in
the new look, and the choice goes with /forgetme."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis

from bot.store import keys
from bot.store.choices import ChoiceStore
from bot.telegram.callbacks import GroupLookData, LookData
from tests.bot.fake_telegram import Call, StoredMessage, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import ALICE, CAROL, EVE, GROUP, PEOPLE, game_in, kozel_of_four
from tests.bot.telegram.handlers.driver import open_game
from texts import Texts

PICTURE, TEXT = "🖼 Picture", "🔤 Text"


async def stored_look(redis: FakeAsyncRedis, chat_id: int) -> str | None:
    return await ChoiceStore(redis, keys.look).get(chat_id)


async def private_menu(harness: TelegramHarness) -> StoredMessage:
    await harness.send(ALICE, "/look")
    return harness.fake.last_in(ALICE.id)


async def group_menu(harness: TelegramHarness, who_id: int) -> StoredMessage:
    who = {u.id: u for u in (ALICE, CAROL, EVE)}[who_id]
    await harness.send(who, "/look", chat_id=GROUP)
    return harness.fake.last_in(GROUP)


async def tap(harness: TelegramHarness, who_id: int, message: StoredMessage, label: str) -> Call:
    """Press the button labelled `label`, marked as the current choice or not."""
    button = next(b for b in message.buttons() if b.text in (label, "● " + label))
    return await harness.press(PEOPLE[who_id], message, button.callback_data or "")


def labels(message: StoredMessage) -> list[str]:
    return [b.text for b in message.buttons()]


async def test_look_in_a_private_chat_offers_both_looks_and_marks_the_current_one(
    harness: TelegramHarness, texts: Texts
) -> None:
    menu = await private_menu(harness)
    assert menu.text == texts.get("en", "look-choose")
    # Nothing chosen yet: the bot's default is marked (text in these tests).
    assert labels(menu) == [PICTURE, "● " + TEXT]
    await tap(harness, ALICE.id, menu, PICTURE)
    assert labels(await private_menu(harness)) == ["● " + PICTURE, TEXT]
    await tap(harness, ALICE.id, await private_menu(harness), TEXT)
    assert labels(await private_menu(harness)) == [PICTURE, "● " + TEXT]
    await tap(harness, ALICE.id, await private_menu(harness), PICTURE)
    assert labels(await private_menu(harness)) == ["● " + PICTURE, TEXT]


async def test_pressing_text_stores_text_and_answers_in_the_menu(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis
) -> None:
    menu = await private_menu(harness)
    answer = await tap(harness, ALICE.id, menu, TEXT)
    assert alert_of(answer) is None
    assert await stored_look(redis, ALICE.id) == "text"
    answered = harness.fake.message(ALICE.id, menu.message_id)
    assert answered.text == texts.get("en", "look-set-text")
    assert answered.buttons() == []


async def test_the_menu_speaks_the_persons_language(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis
) -> None:
    await harness.send(ALICE, "/lang")
    lang_menu = harness.fake.last_in(ALICE.id)
    await tap(harness, ALICE.id, lang_menu, "Italiano")
    menu = await private_menu(harness)
    assert menu.text == texts.get("it", "look-choose")
    await tap(harness, ALICE.id, menu, texts.get("it", "btn-look-picture"))
    assert await stored_look(redis, ALICE.id) == "picture"
    answered = harness.fake.message(ALICE.id, menu.message_id)
    assert answered.text == texts.get("it", "look-set-picture")


async def test_a_forged_look_is_refused_and_nothing_is_stored(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis
) -> None:
    menu = await private_menu(harness)
    answer = await harness.press(ALICE, menu, LookData(look="sepia").pack())
    assert alert_of(answer) == texts.get("en", "refusal-invalid")
    for shapeless in ("lk:Picture", "lk:", "lk:text:1"):
        answer = await harness.press(ALICE, menu, shapeless)
        assert alert_of(answer) == texts.get("en", "refusal-unknown-button"), shapeless
    assert await stored_look(redis, ALICE.id) is None


async def test_the_groups_buttons_are_refused_in_a_private_chat_and_the_other_way(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis
) -> None:
    private = await private_menu(harness)
    answer = await harness.press(ALICE, private, GroupLookData(look="text").pack())
    assert alert_of(answer) == texts.get("en", "refusal-wrong-chat")
    harness.fake.admins[GROUP] = {ALICE.id}
    menu = await group_menu(harness, ALICE.id)
    answer = await harness.press(ALICE, menu, LookData(look="text").pack())
    assert alert_of(answer) == texts.get("en", "refusal-wrong-chat")
    assert await stored_look(redis, ALICE.id) is None
    assert await stored_look(redis, GROUP) is None


async def test_in_a_group_someone_who_neither_opened_the_game_nor_administers_is_refused(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis
) -> None:
    before = await kozel_of_four(harness)
    refused = await group_menu(harness, EVE.id)
    assert refused.text == texts.get("en", "refusal-not-allowed")
    assert refused.buttons() == []
    # Nor may they press the opener's menu.
    menu = await group_menu(harness, ALICE.id)
    assert menu.text == texts.get("en", "group-look-choose")
    answer = await tap(harness, CAROL.id, menu, TEXT)
    assert alert_of(answer) == texts.get("en", "refusal-not-allowed")
    assert await stored_look(redis, GROUP) is None
    assert harness.fake.message(GROUP, menu.message_id).buttons() == menu.buttons()
    assert (await game_in(harness)).record == before.record


async def test_the_opener_chooses_the_groups_look_and_the_game_is_not_changed(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis
) -> None:
    before = await kozel_of_four(harness)
    menu = await group_menu(harness, ALICE.id)
    answer = await tap(harness, ALICE.id, menu, TEXT)
    assert alert_of(answer) is None
    assert await stored_look(redis, GROUP) == "text"
    assert await stored_look(redis, ALICE.id) is None  # the group's choice, not hers
    answered = harness.fake.message(GROUP, menu.message_id)
    assert answered.text == texts.get("en", "group-look-set-text")
    assert labels(await group_menu(harness, ALICE.id)) == [PICTURE, "● " + TEXT]
    after = await game_in(harness)
    assert after.version == before.version
    assert after.record == before.record


async def test_with_no_game_an_admin_chooses_the_groups_look(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis
) -> None:
    refused = await group_menu(harness, EVE.id)
    assert refused.text == texts.get("en", "refusal-admins-only")
    harness.fake.admins[GROUP] = {EVE.id}
    await tap(harness, EVE.id, await group_menu(harness, EVE.id), PICTURE)
    assert await stored_look(redis, GROUP) == "picture"


async def test_forgetme_erases_the_look(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis
) -> None:
    await tap(harness, ALICE.id, await private_menu(harness), PICTURE)
    assert await stored_look(redis, ALICE.id) == "picture"
    await harness.send(ALICE, "/forgetme")
    question = harness.fake.last_in(ALICE.id)
    await tap(harness, ALICE.id, question, texts.get("en", "btn-forget-yes"))
    assert await stored_look(redis, ALICE.id) is None
    # This process forgot too: the default (text in these tests) is marked again.
    assert labels(await private_menu(harness)) == [PICTURE, "● " + TEXT]


async def test_picture_in_a_private_chat_turns_the_direct_game_message_into_a_photo(
    harness: TelegramHarness, redis: FakeAsyncRedis
) -> None:
    await open_game(harness, "Draw game", "1 bot", "Easy", "50")
    game = await game_in(harness, ALICE.id)
    shown_id = await harness.private_message_id(game.game_id, ALICE.id)
    assert shown_id is not None
    shown = harness.fake.message(ALICE.id, shown_id)
    assert shown.photo is None  # the tests' default look is text
    await tap(harness, ALICE.id, await private_menu(harness), PICTURE)
    assert await stored_look(redis, ALICE.id) == "picture"
    photo_id = await harness.private_message_id(game.game_id, ALICE.id)
    assert photo_id is not None
    image = harness.fake.photo_of(ALICE.id, photo_id)
    assert image.width > 0
    assert image.height > 0
    drawn = harness.fake.message(ALICE.id, photo_id).buttons()
    assert [b.callback_data for b in drawn] == [b.callback_data for b in shown.buttons()]
    assert (await game_in(harness, ALICE.id)).version == game.version
