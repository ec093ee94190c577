"""/verify SECRET in the bot (`bot.telegram.handlers.verify`), in a private chat and in a
group: the deal dealt again from a hand's secret, with the code the table showed, as
`dominoes verify` prints it; how to use it without a secret; why a text is no secret."""

from __future__ import annotations

import pytest

from core.fair import hand_secret
from core.variants import Settings, Variant
from tests.bot.factories import secret as match_secret
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import ALICE, BOB, GROUP
from texts import Texts
from texts.render import tiles_text

SECRET = hand_secret(match_secret(7), Settings(Variant.KOZEL, 4, 100), 2)


@pytest.mark.parametrize("chat_id", [ALICE.id, GROUP])
async def test_verify_deals_the_hand_again_and_shows_its_code(
    harness: TelegramHarness, texts: Texts, chat_id: int
) -> None:
    await harness.send(ALICE, f"/verify {SECRET}", chat_id=chat_id)
    answer = harness.fake.last_in(chat_id).text
    t = texts.translator("en")
    assert t("verify-code", commitment=SECRET.commitment) in answer
    for seat, tiles in enumerate(SECRET.rebuild().deal.hands):
        assert t("verify-seat", n=seat + 1, tiles=tiles_text(tiles)) in answer


async def test_verify_answers_in_the_persons_language(
    harness: TelegramHarness, texts: Texts
) -> None:
    await harness.send(BOB, f"/verify {SECRET}")  # Bob's Telegram speaks Russian
    answer = harness.fake.last_in(BOB.id).text
    assert texts.get("ru", "verify-code", commitment=SECRET.commitment) in answer


async def test_verify_alone_says_how_to_use_it(harness: TelegramHarness, texts: Texts) -> None:
    await harness.send(ALICE, "/verify")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "verify-usage")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("hello", "shape"),
        (f"chess-4-{'0' * 64}", "game"),
        (f"kozel-3-{'0' * 64}", "players"),
        (f"kozel-4-{'0' * 63}", "key"),
    ],
)
async def test_a_text_that_is_no_secret_is_told_why(
    harness: TelegramHarness, texts: Texts, text: str, problem: str
) -> None:
    await harness.send(ALICE, f"/verify {text}", chat_id=GROUP)
    assert harness.fake.last_in(GROUP).text == texts.get("en", f"verify-bad-{problem}")


async def test_a_name_full_of_html_in_a_secret_is_refused_as_such(
    harness: TelegramHarness, texts: Texts
) -> None:
    await harness.send(ALICE, "/verify <b>kozel-4-</b>")
    assert harness.fake.last_in(ALICE.id).text == texts.get("en", "verify-bad-shape")
