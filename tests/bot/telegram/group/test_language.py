"""One language per group: the opener's by default, chosen with /lang in the group by
its live game's opener or an admin. Everything the group sees speaks it; what reaches
a person privately speaks their own."""

from __future__ import annotations

from fakeredis import FakeAsyncRedis

from bot.app import create_app
from bot.game.state import Game
from bot.store.languages import LanguageStore
from bot.store.messages import MessageStore
from bot.telegram.callbacks import GroupLangData, LangData
from bot.telegram.ports import Look
from bot.telegram.render.hands import hand_content
from bot.telegram.render.table import table_content
from tests.bot.conftest import QUICK_PACE, FakeClock, quick_players
from tests.bot.fake_telegram import StoredMessage, TelegramHarness, alert_of
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    GROUP,
    game_in,
    hand,
    table,
    tap,
)
from texts import LANGUAGE_NAMES, Texts


async def russian_kozel(harness: TelegramHarness, texts: Texts) -> Game:
    """Bob, who speaks Russian, opens a Kozel; Alice (English), Carol and Dave join."""
    await harness.send(BOB, "/kozel", chat_id=GROUP)
    for who in (ALICE.id, CAROL.id, DAVE.id):
        answer = await tap(harness, who, await table(harness), texts.get("ru", "btn-join"))
        assert alert_of(answer) is None, alert_of(answer)
    game = await game_in(harness)
    assert game.is_active
    return game


def group_language(game: Game) -> str:
    group = game.record.group
    assert group is not None
    return group.language


async def asks_for_the_menu(harness: TelegramHarness, who_id: int) -> StoredMessage:
    who = {u.id: u for u in (ALICE, BOB, CAROL, DAVE, EVE)}[who_id]
    await harness.send(who, "/lang", chat_id=GROUP)
    return harness.fake.last_in(GROUP)


async def shown_table(harness: TelegramHarness, texts: Texts, lang: str) -> str:
    """What the group's table shows in `lang`, as delivery would render it."""
    game = await game_in(harness)
    link = f"https://t.me/{(await harness.bot.me()).username}"
    return table_content(game, texts.translator(lang), link).text


async def test_a_russian_openers_group_answers_in_russian_whoever_asks(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await russian_kozel(harness, texts)
    assert group_language(game) == "ru"
    await harness.send(ALICE, "/score", chat_id=GROUP)
    assert texts.get("ru", "scores", scores="").rstrip() in harness.fake.last_in(GROUP).text
    await harness.send(EVE, "/stop", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).text == texts.get("ru", "refusal-not-allowed")
    harness.fake.admins[GROUP] = {ALICE.id}
    await harness.send(ALICE, "/stop", chat_id=GROUP)
    confirm = harness.fake.last_in(GROUP)
    assert confirm.text == texts.get("ru", "stop-ask-group", name="Alice")
    assert [b.text for b in confirm.buttons()] == [
        texts.get("ru", "btn-stop-yes"),
        texts.get("ru", "btn-stop-no"),
    ]


async def test_each_hand_stays_in_its_owners_language(
    harness: TelegramHarness, texts: Texts
) -> None:
    game = await russian_kozel(harness, texts)
    for who, lang in ((ALICE.id, "en"), (BOB.id, "ru"), (CAROL.id, "fr"), (DAVE.id, "it")):
        expected = hand_content(game, who, texts.translator(lang)).text
        assert (await hand(harness, who)).text == expected, lang


async def test_lang_from_someone_who_neither_opened_the_game_nor_administers_is_refused(
    harness: TelegramHarness, texts: Texts
) -> None:
    before = await russian_kozel(harness, texts)
    refused = await asks_for_the_menu(harness, CAROL.id)
    assert refused.text == texts.get("ru", "refusal-not-allowed")
    assert refused.buttons() == []
    # Nor may they press the opener's menu.
    menu = await asks_for_the_menu(harness, BOB.id)
    shown = await table(harness)
    answer = await tap(harness, CAROL.id, menu, LANGUAGE_NAMES["fr"])
    assert alert_of(answer) == texts.get("ru", "refusal-not-allowed")
    assert (await game_in(harness)).record == before.record
    assert harness.fake.message(GROUP, menu.message_id).buttons() == menu.buttons()
    assert (await table(harness)).text == shown.text
    await harness.send(CAROL, "/score", chat_id=GROUP)
    assert texts.get("ru", "scores", scores="").rstrip() in harness.fake.last_in(GROUP).text


async def test_the_opener_changes_the_language_and_the_table_follows(
    harness: TelegramHarness, texts: Texts
) -> None:
    await russian_kozel(harness, texts)
    assert (await table(harness)).text == await shown_table(harness, texts, "ru")
    menu = await asks_for_the_menu(harness, BOB.id)
    assert menu.text == texts.get("ru", "group-lang-choose")
    assert "● Русский" in [b.text for b in menu.buttons()]
    answer = await tap(harness, BOB.id, menu, LANGUAGE_NAMES["fr"])
    assert alert_of(answer) is None
    assert harness.fake.message(GROUP, menu.message_id).text == texts.get("fr", "group-lang-set")
    game = await game_in(harness)
    assert group_language(game) == "fr"
    french = await shown_table(harness, texts, "fr")
    assert french != await shown_table(harness, texts, "ru")
    assert (await table(harness)).text == french
    await harness.send(BOB, "/score", chat_id=GROUP)
    assert texts.get("fr", "scores", scores="").rstrip() in harness.fake.last_in(GROUP).text
    # Bob's own language, and his hand, are not the group's.
    assert (await hand(harness, BOB.id)).text == hand_content(
        game, BOB.id, texts.translator("ru")
    ).text
    await harness.send(BOB, "/score")
    assert texts.get("ru", "scores", scores="").rstrip() in harness.fake.last_in(BOB.id).text


async def test_a_second_process_speaks_the_new_language(
    harness: TelegramHarness, texts: Texts, redis: FakeAsyncRedis, clock: FakeClock
) -> None:
    await russian_kozel(harness, texts)
    await harness.send(ALICE, "/score", chat_id=GROUP)  # this process read Russian
    await tap(harness, BOB.id, await asks_for_the_menu(harness, BOB.id), LANGUAGE_NAMES["it"])
    await harness.send(ALICE, "/score", chat_id=GROUP)  # ...and knows at once
    assert texts.get("it", "scores", scores="").rstrip() in harness.fake.last_in(GROUP).text
    second = create_app(
        harness.bot, redis, quick_players(), texts, QUICK_PACE, now=clock.now, look=Look.TEXT
    )
    other = TelegramHarness(second, harness.bot, harness.fake, MessageStore(redis), second.store)
    await other.send(CAROL, "/score", chat_id=GROUP)
    assert texts.get("it", "scores", scores="").rstrip() in harness.fake.last_in(GROUP).text


async def test_the_group_keeps_its_language_for_the_next_game(
    harness: TelegramHarness, texts: Texts
) -> None:
    await harness.send(BOB, "/kozel", chat_id=GROUP)
    await tap(harness, BOB.id, await table(harness), texts.get("ru", "btn-cancel"))
    await harness.send(ALICE, "/kozel", chat_id=GROUP)
    game = await game_in(harness)
    assert game.is_live
    assert group_language(game) == "ru"
    assert (await table(harness)).text == await shown_table(harness, texts, "ru")
    assert (await hand(harness, ALICE.id)).text == hand_content(
        game, ALICE.id, texts.translator("en")
    ).text


async def test_with_no_game_an_admin_chooses_the_language(
    harness: TelegramHarness, texts: Texts
) -> None:
    harness.fake.admins[GROUP] = {EVE.id}
    menu = await asks_for_the_menu(harness, EVE.id)
    assert menu.text == texts.get("en", "group-lang-choose")
    await tap(harness, EVE.id, menu, LANGUAGE_NAMES["it"])
    assert harness.fake.message(GROUP, menu.message_id).text == texts.get("it", "group-lang-set")
    await harness.send(ALICE, "/kozel", chat_id=GROUP)
    assert group_language(await game_in(harness)) == "it"


async def test_a_private_lang_button_is_refused_in_the_group(
    harness: TelegramHarness, texts: Texts
) -> None:
    before = await russian_kozel(harness, texts)
    menu = await asks_for_the_menu(harness, BOB.id)
    answer = await harness.press(BOB, menu, LangData(lang="fr").pack())
    assert alert_of(answer) == texts.get("ru", "refusal-wrong-chat")
    assert (await game_in(harness)).record == before.record
    assert await LanguageStore(harness.storage.redis).get(BOB.id) is None
    assert await LanguageStore(harness.storage.redis).get(GROUP) == "ru"


async def test_the_groups_menu_works_only_in_a_group_and_with_a_known_language(
    harness: TelegramHarness, texts: Texts
) -> None:
    await harness.send(ALICE, "/help")
    private = harness.fake.last_in(ALICE.id)
    answer = await harness.press(ALICE, private, GroupLangData(lang="fr").pack())
    assert alert_of(answer) == texts.get("en", "refusal-wrong-chat")
    assert await LanguageStore(harness.storage.redis).get(ALICE.id) is None
    harness.fake.admins[GROUP] = {EVE.id}
    menu = await asks_for_the_menu(harness, EVE.id)
    for forged in ("gl:de", "gl:en:1", "gl:"):
        answer = await harness.press(EVE, menu, forged)
        assert alert_of(answer) == texts.get("en", "refusal-unknown-button"), forged
    assert await LanguageStore(harness.storage.redis).get(GROUP) is None
