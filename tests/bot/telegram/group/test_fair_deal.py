"""A deal anyone can check, in a group: the table shows each hand's deal code while it
is played, the group's announcement of the hand has a button that sends its secret
privately (the group sees no 64 hex digits), and the secret rebuilds exactly what each
seat was dealt, the boneyard in draw order included."""

from __future__ import annotations

import re

from bot.game.state import Finished
from core.fair import HandSecret
from tests.bot.fake_telegram import TelegramHarness
from tests.bot.telegram.group.driver import (
    ALICE,
    BOB,
    GROUP,
    group_edits,
    group_texts,
    open_lobby,
    play_to_the_end,
    seat_everyone,
)
from tests.bot.telegram.group.privacy import PrivacyGuard
from tests.core.dealt import played_hands
from texts import Texts

CODE = re.compile(r"Deal code: <code>([0-9a-f]{16})</code>")
SECRET = re.compile(r"Deal secret: <code>(draw-2-[0-9a-f]{64})</code>")
HAND = re.compile(r"· hand (\d+) ·")
OVER = re.compile(r"<b>Hand (\d+) is over:</b>")


async def test_the_group_sees_each_deal_code_then_its_secret_which_rebuilds_the_deal(
    harness: TelegramHarness, privacy: PrivacyGuard, texts: Texts
) -> None:
    """R2, R5.1, R8.3: the table's code, the announcement's secret, the same deal."""
    await open_lobby(harness, "/new draw 2")
    await seat_everyone(harness, BOB.id)
    record = await play_to_the_end(harness)
    assert isinstance(record.state, Finished)

    tables = [c.params["text"] for c in group_edits(harness)] + group_texts(harness)
    codes: dict[int, set[str]] = {}
    for text in tables:
        for code in CODE.findall(text):
            codes.setdefault(int(HAND.findall(text)[0]), set()).add(code)
    assert not any(SECRET.findall(text) for text in group_texts(harness))
    secrets: dict[int, list[str]] = {}
    key = texts.get("en", "btn-deal-secret")
    results = [
        m for (chat, _), m in harness.fake.messages.items() if chat == GROUP and OVER.search(m.text)
    ]
    for result in results:
        answer = await harness.press(ALICE, result, result.button(key).callback_data or "")
        assert answer.params.get("text") == texts.get("en", "deal-secret-sent")
        sent = harness.fake.last_in(ALICE.id).text
        secrets.setdefault(int(OVER.findall(result.text)[0]), []).extend(SECRET.findall(sent))
    played = played_hands(record.state.match)
    assert len(played) > 1
    assert sorted(codes) == sorted(secrets) == [hand.hand_no for hand in played]
    for hand in played:
        (text,) = secrets[hand.hand_no]  # one button per hand, under its own result
        (code,) = codes[hand.hand_no]
        secret = HandSecret.parse(text)
        assert secret.commitment == code
        assert secret.rebuild().deal == hand.deal
    assert privacy.checked > 20  # and no secret reached anyone before its hand was over
